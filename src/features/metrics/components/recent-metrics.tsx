import { useSubscription } from '@apollo/client/react'
import { Link } from 'react-router'
import { RecentMetricsDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { formatTime, formatValue } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'

/** Workspace home: the metrics that received points most recently, live. */
export function RecentMetrics() {
  const workspace = useWorkspaceRef()
  const { data, loading, error } = useSubscription(RecentMetricsDocument, { variables: { workspaceId: workspace.id, limit: 8 } })
  return (
    <section className="card" aria-labelledby="recent-metrics-title">
      <h2 id="recent-metrics-title">Recently updated metrics</h2>
      {error && !data ? (
        <ErrorMessage error={toAppError(error)} />
      ) : loading && !data ? (
        <Loading label="Loading metrics…" />
      ) : (data?.metrics.length ?? 0) === 0 ? (
        <EmptyState title="No points yet">
          <Link to={`/w/${workspace.slug}/metrics`}>Go to metrics</Link>
        </EmptyState>
      ) : (
        <ul className="link-list">
          {data!.metrics.map((metric) => (
            <li key={metric.id}>
              <Link to={`/w/${workspace.slug}/metrics/${encodeURIComponent(metric.key)}`}>
                <span className="link-title">{metric.name}</span>
                <span>{formatValue(metric.last_value, metric.unit)}</span>
                <span className="muted">{formatTime(metric.last_ts)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
