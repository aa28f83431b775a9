import { useSubscription } from '@apollo/client/react'
import { Link } from 'react-router'
import { useMemo } from 'react'
import { WorkspaceMetricsDocument, WorkspaceSparklinesDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { useMinuteClock } from '../../../lib/time-range.ts'
import { formatTime, formatValue } from '../../../ui/format.ts'
import { Sparkline } from '../../../ui/sparkline.tsx'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'

/**
 * Every metric of the workspace with its last value and a sparkline of the last hour, live: one
 * subscription on metrics and one for all sparklines (workspace_sparklines), whatever the count.
 */
export function MetricsList() {
  const workspace = useWorkspaceRef()
  const { data, loading, error } = useSubscription(WorkspaceMetricsDocument, { variables: { workspaceId: workspace.id } })
  const minute = useMinuteClock()
  const since = new Date(minute - 3_600_000).toISOString()
  const { data: sparklines } = useSubscription(WorkspaceSparklinesDocument, {
    variables: { workspaceId: workspace.id, since, bucketSeconds: 60 },
  })
  const trends = useMemo(() => {
    const byMetric = new Map<string, number[]>()
    for (const b of sparklines?.workspace_sparklines ?? []) {
      if (b.value === null || b.value === undefined) continue
      byMetric.set(b.metric_id, [...(byMetric.get(b.metric_id) ?? []), b.value])
    }
    return byMetric
  }, [sparklines])
  if (error && !data) return <ErrorMessage error={toAppError(error)} />
  if (loading && !data) return <Loading label="Loading metrics…" />
  const metrics = data?.metrics ?? []
  if (metrics.length === 0) {
    return <EmptyState title="No metrics yet">Create one, then send it points from the app or any GraphQL client.</EmptyState>
  }
  return (
    <div className="table-wrap">
      <table aria-label="Metrics" data-testid="metrics-table" className="stack-table">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="number">
              Last value
            </th>
            <th scope="col">Last hour</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {metrics.map((metric) => (
            <tr key={metric.id} data-testid={`metric-row-${metric.key}`}>
              <td>
                <Link to={`/w/${workspace.slug}/metrics/${encodeURIComponent(metric.key)}`}>{metric.name}</Link>
                <div className="muted">{metric.key}</div>
              </td>
              <td className="number" data-label="Last value" data-testid="metric-last-value">
                {formatValue(metric.last_value, metric.unit)}
              </td>
              <td data-label="Last hour" data-testid="metric-sparkline">
                <Sparkline values={trends.get(metric.id) ?? []} label={metric.name} />
              </td>
              <td className="muted" data-label="Updated">
                {formatTime(metric.last_ts)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
