import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession } from '../../../lib/session.tsx'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'

interface Accepted {
  workspace: { slug: string; name: string }
  role: string
}

/** `/invite/:token`: accepts once through the invitations/accept function, then opens the workspace. */
export function AcceptInvitation() {
  const { token = '' } = useParams()
  const { nhost, signOut } = useSession()
  const navigate = useNavigate()
  const [error, setError] = useState<AppError | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    nhost.functions
      .post<Accepted>('/invitations/accept', { token })
      .then(({ body }) => navigate(`/w/${body.workspace.slug}`, { replace: true }))
      .catch((caught: unknown) => setError(toAppError(caught)))
  }, [nhost, token, navigate])

  if (!error) return <Loading label="Accepting the invitation…" />
  return (
    <div className="page">
      <ErrorMessage error={error}>
        {error.code === 'invitation/wrong-account' ? (
          <button type="button" onClick={() => void signOut().then(() => navigate('/sign-in', { state: { from: `/invite/${token}` } }))}>
            Sign in with another account
          </button>
        ) : (
          <Link to="/workspaces">Your workspaces</Link>
        )}
      </ErrorMessage>
    </div>
  )
}
