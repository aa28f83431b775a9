import { useSubscription } from '@apollo/client/react'
import { Suspense, useEffect } from 'react'
import { Link, NavLink, Outlet, useParams } from 'react-router'
import { WorkspaceBySlugDocument } from '../../../gql/graphql.ts'
import { catalogueError, toAppError } from '../../../lib/error-catalogue.ts'
import { useKioskSeconds } from '../../../lib/kiosk.ts'
import { useUserId } from '../../../lib/session.tsx'
import { forgetWorkspace, rememberWorkspace, type WorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../../ui/error-boundary.tsx'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'

/**
 * Resolves `/w/:slug` to the workspace and the user's role in it, for every page below. Live: an
 * owner changing the user's role changes what the open pages offer, without a reload.
 */
export function WorkspaceLayout() {
  const { slug = '' } = useParams()
  const userId = useUserId()
  const { data, loading, error, restart } = useSubscription(WorkspaceBySlugDocument, { variables: { slug, userId } })
  const found = data?.workspaces[0]
  const role = found?.members[0]?.role
  const kiosk = useKioskSeconds() !== null

  useEffect(() => {
    if (found) rememberWorkspace(found.slug, userId)
    else if (data) forgetWorkspace()
  }, [found, data, userId])

  if (error && !data) {
    return (
      <ErrorMessage error={toAppError(error)}>
        <button type="button" onClick={restart}>
          Retry
        </button>
      </ErrorMessage>
    )
  }
  if (loading && !data) return <Loading label="Loading workspace…" />
  if (!found || !role) {
    return (
      <ErrorMessage error={catalogueError('not-found')}>
        <Link to="/workspaces">Your workspaces</Link>
      </ErrorMessage>
    )
  }
  const workspace: WorkspaceRef = { id: found.id, slug: found.slug, name: found.name, role }
  return (
    <div className="workspace">
      <nav className="workspace-nav" aria-label="Workspace" hidden={kiosk}>
        <span className="workspace-name">{workspace.name}</span>
        <NavLink to={`/w/${workspace.slug}`} end>
          Home
        </NavLink>
        <NavLink to={`/w/${workspace.slug}/metrics`}>Metrics</NavLink>
        <NavLink to={`/w/${workspace.slug}/alerts`}>Alerts</NavLink>
        <NavLink to={`/w/${workspace.slug}/settings`}>Settings</NavLink>
        <span className="role-badge" title="Your role in this workspace">
          {workspace.role}
        </span>
      </nav>
      <ErrorBoundary region={`workspace ${workspace.slug}`}>
        <Suspense fallback={<Loading />}>
          <Outlet context={workspace} />
        </Suspense>
      </ErrorBoundary>
    </div>
  )
}
