import { useQuery } from '@apollo/client/react'
import { Link } from 'react-router'
import { MyWorkspacesDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'

export function WorkspaceList() {
  const { data, loading, error, refetch } = useQuery(MyWorkspacesDocument, { fetchPolicy: 'cache-and-network' })
  if (error && !data) {
    return (
      <ErrorMessage error={toAppError(error)}>
        <button type="button" onClick={() => void refetch()}>
          Retry
        </button>
      </ErrorMessage>
    )
  }
  if (loading && !data) return <Loading label="Loading workspaces…" />
  const workspaces = data?.workspaces ?? []
  if (workspaces.length === 0) {
    return <EmptyState title="No workspaces yet">Create one below, or ask a teammate to invite you.</EmptyState>
  }
  return (
    <ul className="link-list" aria-label="Your workspaces">
      {workspaces.map((workspace) => (
        <li key={workspace.id}>
          <Link to={`/w/${workspace.slug}`}>
            <span className="link-title">{workspace.name}</span>
            <span className="muted">/{workspace.slug}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
