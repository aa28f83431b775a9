import { useSubscription } from '@apollo/client/react'
import { Link } from 'react-router'
import { AlertDeliveriesDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { formatTime } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'

/** What a delivery's status means to a reader. */
function describeStatus(delivery: { status: string; attempts: number; next_attempt_at: string }): string {
  if (delivery.status === 'delivered') return delivery.attempts > 1 ? `delivered after ${delivery.attempts} attempts` : 'delivered'
  if (delivery.status === 'failed') return `failed after ${delivery.attempts} attempts`
  if (delivery.attempts === 0) return 'queued'
  return `attempt ${delivery.attempts} failed; retry at ${formatTime(delivery.next_attempt_at)}`
}

/** The last notifications sent to the workspace's channels, live. */
export function DeliveryLog({ limit = 50 }: { limit?: number }) {
  const workspace = useWorkspaceRef()
  const { data, loading, error } = useSubscription(AlertDeliveriesDocument, { variables: { workspaceId: workspace.id, limit } })
  const deliveries = data?.alert_deliveries ?? []
  return (
    <section className="card" aria-labelledby="delivery-log-title">
      <h2 id="delivery-log-title">Delivery log</h2>
      {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
      {loading && !data ? <Loading label="Loading deliveries…" /> : null}
      {data && deliveries.length === 0 ? (
        <EmptyState title="Nothing sent yet">Notifications appear here when an alert fires or resolves.</EmptyState>
      ) : null}
      {deliveries.length > 0 ? (
        <div className="table-scroll">
          <table aria-label="Delivery log">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Alert</th>
                <th scope="col">Channel</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id} data-status={delivery.status}>
                  <td>{formatTime(delivery.created_at)}</td>
                  <td>
                    <Link to={`/w/${workspace.slug}/alerts/${delivery.alert.id}`}>{delivery.alert.rule.name}</Link> {delivery.event}
                  </td>
                  <td>{delivery.channel.name}</td>
                  <td>
                    {describeStatus(delivery)}
                    {delivery.response_code ? ` (HTTP ${delivery.response_code})` : null}
                    {delivery.last_error && delivery.status !== 'delivered' ? (
                      <div className="muted wrap-anywhere">{delivery.last_error}</div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
