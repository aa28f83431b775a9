import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession } from '../../../lib/session.tsx'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { validateCredentials, type CredentialErrors } from '../validate-credentials.ts'

export function SignUpForm() {
  const { nhost } = useSession()
  const navigate = useNavigate()
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
      const response = await nhost.auth.signUpEmailPassword({
        email: email.trim(),
        password,
        ...(name ? { options: { displayName: name } } : {}),
      })
      // Sign-up signs in at once unless the project requires a verified email (SPEC §4).
      if (response.body.session || nhost.getUserSession()) navigate('/workspaces', { replace: true })
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
          We sent a link to {email}. Follow it, then <Link to="/sign-in">sign in</Link>.
        </p>
      </div>
    )
  }

  return (
    <form className="card auth-form" onSubmit={submit} noValidate aria-labelledby="sign-up-title" data-testid="sign-up-form">
      <h1 id="sign-up-title">Create an account</h1>
      {error ? (
        <ErrorMessage error={error}>{error.code === 'auth/email-taken' ? <Link to="/sign-in">Sign in</Link> : null}</ErrorMessage>
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
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </form>
  )
}
