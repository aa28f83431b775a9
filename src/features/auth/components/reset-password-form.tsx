import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { catalogueError, toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession } from '../../../lib/session.tsx'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'

/**
 * `/reset-password`: the reset mail's link went through Nhost Auth's /verify, which signed the
 * user in and sent them here with `refreshToken`; trade it for a session, then set the password.
 */
export function ResetPasswordForm() {
  const { nhost } = useSession()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const refreshToken = params.get('refreshToken')
  const [ready, setReady] = useState(false)
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | undefined>()
  const [error, setError] = useState<AppError | null>(
    params.get('error')
      ? catalogueError('session/expired', { message: 'This reset link is invalid or has expired. Ask for a new one.' })
      : null,
  )

  useEffect(() => {
    if (!refreshToken) {
      setReady(Boolean(nhost.getUserSession()))
      return
    }
    nhost.auth
      .refreshToken({ refreshToken })
      .then(({ body }) => {
        nhost.sessionStorage.set(body)
        setReady(true)
      })
      .catch(() =>
        setError(catalogueError('session/expired', { message: 'This reset link is invalid or has expired. Ask for a new one.' })),
      )
  }, [nhost, refreshToken])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (password.length < 9) return setPasswordError('The password needs at least 9 characters.')
    setPasswordError(undefined)
    try {
      await nhost.auth.changeUserPassword({ newPassword: password })
      navigate('/', { replace: true })
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  if (error)
    return (
      <div className="page">
        <ErrorMessage error={error}>
          <Link to="/forgot-password">Ask for a new link</Link>
        </ErrorMessage>
      </div>
    )
  if (!ready)
    return refreshToken ? (
      <Loading label="Checking the link…" />
    ) : (
      <div className="page">
        <ErrorMessage error={catalogueError('session/expired', { message: 'Open this page from the link in the reset mail.' })}>
          <Link to="/forgot-password">Ask for a link</Link>
        </ErrorMessage>
      </div>
    )
  return (
    <form className="card auth-card" onSubmit={submit} noValidate aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
        hint="At least 9 characters."
      />
      <button type="submit" className="primary">
        Set password
      </button>
    </form>
  )
}
