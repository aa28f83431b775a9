import { useSubscription } from '@apollo/client/react'
import { Link } from 'react-router'
import { WorkspaceDashboardsDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { formatTime } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'

export function DashboardList() {
  const workspace = useWorkspaceRef()
  const { data, loading, error } = useSubscription(WorkspaceDashboardsDocument, { variables: { workspaceId: workspace.id } })
  if (error && !data) return <ErrorMessage error={toAppError(error)} />
  if (loading && !data) return <Loading label="Loading dashboards…" />
  const dashboards = data?.dashboards ?? []
  if (dashboards.length === 0) return <EmptyState title="No dashboards yet">Create one to put metrics side by side.</EmptyState>
  return (
    <ul className="link-list" aria-label="Dashboards">
      {dashboards.map((dashboard) => (
        <li key={dashboard.id}>
          <Link to={`/w/${workspace.slug}/dashboards/${dashboard.id}`}>
            <span className="link-title">{dashboard.title}</span>
            <span className="muted">updated {formatTime(dashboard.updated_at)}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
