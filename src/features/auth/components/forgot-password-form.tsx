import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession } from '../../../lib/session.tsx'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

/** `/forgot-password`: Nhost Auth mails a reset link that comes back to /reset-password. */
export function ForgotPasswordForm() {
  const { nhost } = useSession()
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | undefined>()
  const [error, setError] = useState<AppError | null>(null)
  const [sent, setSent] = useState(false)
  const [sending, setSending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!EMAIL.test(email.trim())) return setEmailError('Enter a valid email address.')
    setEmailError(undefined)
    setError(null)
    setSending(true)
    try {
      await nhost.auth.sendPasswordResetEmail({ email: email.trim(), options: { redirectTo: `${window.location.origin}/reset-password` } })
      setSent(true)
    } catch (caught) {
      setError(toAppError(caught))
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="card auth-card" onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {error ? <ErrorMessage error={error} /> : null}
      {sent ? <p role="status">If an account uses {email.trim()}, a link to choose a new password is on its way.</p> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
      />
      <button type="submit" className="primary" disabled={sending}>
        Send the link
      </button>
      <p>
        <Link to="/sign-in">Back to sign-in</Link>
      </p>
    </form>
  )
}
