import { Suspense } from 'react'
import { Link, Outlet, useNavigate } from 'react-router'
import { useKioskSeconds } from '../lib/kiosk.ts'
import { useSession } from '../lib/session.tsx'
import { Avatar } from '../ui/avatar.tsx'
import { ErrorBoundary } from '../ui/error-boundary.tsx'
import { Loading } from '../ui/states.tsx'
import { OfflineBanner } from './offline-banner.tsx'

export function AppShell() {
  const { session, signOut } = useSession()
  const navigate = useNavigate()
  // A wall screen shows the page alone (kiosk mode, `?kiosk`).
  const kiosk = useKioskSeconds() !== null
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header" hidden={kiosk}>
        <Link to="/" className="brand">
          Pulseboard
        </Link>
        {session ? (
          <nav aria-label="Account" className="app-header-nav">
            <Link to="/workspaces">Workspaces</Link>
            <Link to="/developers">API</Link>
            <Link to="/account" className="user-email">
              <Avatar url={session.user?.avatarUrl} name={session.user?.displayName || session.user?.email || '?'} />
              <span>{session.user?.displayName || session.user?.email}</span>
            </Link>
            <button type="button" onClick={() => void signOut().then(() => navigate('/sign-in'))}>
              Sign out
            </button>
          </nav>
        ) : null}
      </header>
      <OfflineBanner />
      <main id="main" tabIndex={-1} className={kiosk ? 'kiosk' : undefined}>
        <ErrorBoundary region="page">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </>
  )
}
