import { useSubscription } from '@apollo/client/react'
import { Link } from 'react-router'
import { WorkspaceAlertsDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { formatTime, formatValue } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'

/** The workspace's latest alerts, live: the home page's feed and the alerts page's history. */
export function AlertFeed({ limit = 10, title = 'Live alerts' }: { limit?: number; title?: string }) {
  const workspace = useWorkspaceRef()
  const { data, loading, error } = useSubscription(WorkspaceAlertsDocument, { variables: { workspaceId: workspace.id, limit } })
  const alerts = data?.alerts ?? []
  return (
    <section className="card" aria-labelledby="alert-feed-title" data-testid="alert-feed">
      <h2 id="alert-feed-title">{title}</h2>
      {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
      {loading && !data ? <Loading label="Loading alerts…" /> : null}
      {data && alerts.length === 0 ? <EmptyState title="No alerts">Alerts open here the moment a rule fires.</EmptyState> : null}
      {alerts.length > 0 ? (
        <ul className="link-list" aria-label="Alerts" aria-live="polite">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <Link to={`/w/${workspace.slug}/alerts/${alert.id}`}>
                <span className={`state-badge state-${alert.state}`}>{alert.state}</span>
                <span className="link-title">{alert.rule.name}</span>
                <span className="muted">
                  {alert.rule.metric.key} = {formatValue(alert.value, alert.rule.metric.unit)} · opened {formatTime(alert.opened_at)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
