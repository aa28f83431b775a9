import { SignInForm } from '../../features/auth/components/sign-in-form.tsx'

export default function SignInRoute() {
  return (
    <div className="center-page">
      <SignInForm />
    </div>
  )
}
