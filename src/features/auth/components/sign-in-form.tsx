import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { invitationReturn, returnPath } from '../../../lib/return-path.ts'
import { useSession } from '../../../lib/session.tsx'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { validateCredentials, type CredentialErrors } from '../validate-credentials.ts'

export function SignInForm() {
  const { nhost, expired } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [fieldErrors, setFieldErrors] = useState<CredentialErrors>({})
  const [error, setError] = useState<AppError | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const errors = validateCredentials(email, password, { signUp: false })
    setFieldErrors(errors)
    setError(null)
    if (errors.email || errors.password) return
    setPending(true)
    try {
      await nhost.auth.signInEmailPassword({ email: email.trim(), password })
      navigate(returnPath(location.state, nhost.getUserSession()?.user?.id), { replace: true })
    } catch (caught) {
      setError(toAppError(caught))
      setPassword('')
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="card auth-form" onSubmit={submit} noValidate aria-labelledby="sign-in-title" data-testid="sign-in-form">
      <h1 id="sign-in-title">Sign in</h1>
      {expired && !error ? (
        <p className="notice" role="status">
          Your session has expired. Sign in again.
        </p>
      ) : null}
      {invitationReturn(location.state) ? (
        <p className="notice" role="status">
          Sign in, or create an account, with the address the invitation was sent to: you join the workspace right after.
        </p>
      ) : null}
      {error ? <ErrorMessage error={error} /> : null}
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
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
        required
      />
      <button type="submit" className="primary" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
      <p>
        New here?{' '}
        <Link to="/sign-up" state={location.state}>
          Create an account
        </Link>{' '}
        · <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </form>
  )
}
