import { Navigate, Outlet, useLocation } from 'react-router'
import { useSession } from '../lib/session.tsx'

/** Routes below need a signed-in user; others go to sign-in and come back afterwards. */
export function RequireSession() {
  const { session } = useSession()
  const location = useLocation()
  if (!session) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />
  return <Outlet />
}

/** Sign-in and sign-up are for signed-out users. */
export function RequireNoSession() {
  const { session } = useSession()
  if (session) return <Navigate to="/" replace />
  return <Outlet />
}
