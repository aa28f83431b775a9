import { Navigate, Outlet, useLocation } from 'react-router'
import { returnPath } from '../lib/return-path.ts'
import { useSession } from '../lib/session.tsx'
import { SessionFromMailLink } from './session-from-mail-link.tsx'

/** Routes below need a signed-in user; others go to sign-in and come back afterwards. */
export function RequireSession() {
  const { session, lastUserId } = useSession()
  const location = useLocation()
  const mailLinkToken = new URLSearchParams(location.search).get('refreshToken')
  if (!session && mailLinkToken) return <SessionFromMailLink refreshToken={mailLinkToken} />
  if (!session) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search, userId: lastUserId }} />
  return <Outlet />
}

/**
 * Sign-in and sign-up are for signed-out users. Once signed in, go where the protected route
 * asked to return to: this guard renders before the form's own navigation does.
 */
export function RequireNoSession() {
  const { session } = useSession()
  const location = useLocation()
  if (session) return <Navigate to={returnPath(location.state, session.user?.id)} replace />
  return <Outlet />
}
