import { useNavigate } from 'react-router'
import { useSession } from '../../../lib/session.tsx'
import { ErrorBoundary } from '../../../ui/error-boundary.tsx'
import { AccessTokens } from './access-tokens.tsx'
import { ProfileForm } from './profile-form.tsx'

/** `/account`: display name and avatar, personal access tokens, sign out. */
export function AccountPage() {
  const { signOut } = useSession()
  const navigate = useNavigate()
  return (
    <div className="page">
      <header className="page-header">
        <h1>Account</h1>
      </header>
      <ErrorBoundary region="profile">
        <ProfileForm />
      </ErrorBoundary>
      <ErrorBoundary region="access tokens">
        <AccessTokens />
      </ErrorBoundary>
      <section className="card" aria-label="Sign out">
        <button type="button" onClick={() => void signOut().then(() => navigate('/sign-in'))}>
          Sign out
        </button>
      </section>
    </div>
  )
}
