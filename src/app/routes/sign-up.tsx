import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx'

export default function SignUpRoute() {
  return (
    <div className="center-page">
      <SignUpForm />
    </div>
  )
}
