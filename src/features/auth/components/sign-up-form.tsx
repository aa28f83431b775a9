import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { invitationReturn, returnPath } from '../../../lib/return-path.ts'
import { useSession } from '../../../lib/session.tsx'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { validateCredentials, type CredentialErrors } from '../validate-credentials.ts'

export function SignUpForm() {
  const { nhost } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  // The page that sent here to sign in (an invitation's, say), followed after sign-up as after sign-in.
  const next = returnPath(location.state)
  const [displayName, setDisplayName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [fieldErrors, setFieldErrors] = useState<CredentialErrors>({})
  const [error, setError] = useState<AppError | null>(null)
  const [pending, setPending] = useState(false)
  const [verifyEmail, setVerifyEmail] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const errors = validateCredentials(email, password, { signUp: true })
    setFieldErrors(errors)
    setError(null)
    if (errors.email || errors.password) return
    setPending(true)
    try {
      const name = displayName.trim()
      // The verification mail's link brings the user back to that page, signed in.
      const options = {
        ...(name ? { displayName: name } : {}),
        ...(next === '/' ? {} : { redirectTo: `${window.location.origin}${next}` }),
      }
      const response = await nhost.auth.signUpEmailPassword({
        email: email.trim(),
        password,
        ...(Object.keys(options).length > 0 ? { options } : {}),
      })
      // Sign-up signs in at once unless the project requires a verified email (SPEC §4).
      if (response.body.session || nhost.getUserSession()) navigate(next === '/' ? '/workspaces' : next, { replace: true })
      else setVerifyEmail(true)
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.code === 'auth/weak-password') setFieldErrors({ password: appError.message })
      else if (appError.code === 'auth/invalid-email') setFieldErrors({ email: appError.message })
      else setError(appError)
    } finally {
      setPending(false)
    }
  }

  if (verifyEmail) {
    return (
      <div className="card auth-form" role="status">
        <h1>Check your email</h1>
        <p>
          We sent a link to {email}.{' '}
          {invitationReturn(location.state) ? (
            'Follow it to sign in and accept the invitation.'
          ) : (
            <>
              Follow it, then{' '}
              <Link to="/sign-in" state={location.state}>
                sign in
              </Link>
              .
            </>
          )}
        </p>
      </div>
    )
  }

  return (
    <form className="card auth-form" onSubmit={submit} noValidate aria-labelledby="sign-up-title" data-testid="sign-up-form">
      <h1 id="sign-up-title">Create an account</h1>
      {error ? (
        <ErrorMessage error={error}>
          {error.code === 'auth/email-taken' ? (
            <Link to="/sign-in" state={location.state}>
              Sign in
            </Link>
          ) : null}
        </ErrorMessage>
      ) : null}
      <TextField
        label="Name (optional)"
        name="displayName"
        autoComplete="name"
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        maxLength={80}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email}
        required
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
        hint="At least 9 characters."
        required
      />
      <button type="submit" className="primary" disabled={pending}>
        {pending ? 'Creating…' : 'Create account'}
      </button>
      <p>
        Already have an account?{' '}
        <Link to="/sign-in" state={location.state}>
          Sign in
        </Link>
      </p>
    </form>
  )
}
