import { useSubscription } from '@apollo/client/react'
import { useDeferredValue, useState } from 'react'
import { Link } from 'react-router'
import { WorkspaceDashboardsDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { formatTime } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { matchesSearch } from '../search-dashboards.ts'

export function DashboardList() {
  const workspace = useWorkspaceRef()
  const { data, loading, error } = useSubscription(WorkspaceDashboardsDocument, { variables: { workspaceId: workspace.id } })
  const [search, setSearch] = useState('')
  // Typing stays responsive over a long list: the filter follows a keystroke behind if need be.
  const deferredSearch = useDeferredValue(search)
  if (error && !data) return <ErrorMessage error={toAppError(error)} />
  if (loading && !data) return <Loading label="Loading dashboards…" />
  const dashboards = data?.dashboards ?? []
  if (dashboards.length === 0) return <EmptyState title="No dashboards yet">Create one to put metrics side by side.</EmptyState>
  const shown = dashboards.filter((dashboard) => matchesSearch(dashboard, deferredSearch))
  return (
    <>
      <input
        type="search"
        className="dashboard-search"
        aria-label="Search dashboards"
        placeholder="Search dashboards"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {shown.length === 0 ? <EmptyState title="No dashboard matches">Search looks in titles and descriptions.</EmptyState> : null}
      <ul className="link-list" aria-label="Dashboards">
        {shown.map((dashboard) => (
          <li key={dashboard.id}>
            <Link to={`/w/${workspace.slug}/dashboards/${dashboard.id}`}>
              <span className="link-title">{dashboard.title}</span>
              <span className="muted">updated {formatTime(dashboard.updated_at)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
