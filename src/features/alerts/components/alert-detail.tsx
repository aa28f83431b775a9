import { useMutation, useSubscription } from '@apollo/client/react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { AlertByIdDocument, SetAlertStateDocument } from '../../../gql/graphql.ts'
import { catalogueError, toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { isUuid } from '../../../lib/is-uuid.ts'
import { canWrite, useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../../ui/error-boundary.tsx'
import { formatTime, formatValue } from '../../../ui/format.ts'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'
import { describeCondition } from '../alert-format.ts'
import { AlertThread } from './alert-thread.tsx'

/** `/w/:slug/alerts/:id`: the alert, live; any member acknowledges, editors and owners resolve. */
export function AlertDetail() {
  const workspace = useWorkspaceRef()
  const { id = '' } = useParams()
  const validId = isUuid(id)
  const { data, loading, error } = useSubscription(AlertByIdDocument, { variables: { id }, skip: !validId })
  const [setState, { loading: saving }] = useMutation(SetAlertStateDocument)
  const [actionError, setActionError] = useState<AppError | null>(null)
  const notFound = (
    <ErrorMessage error={catalogueError('not-found')}>
      <Link to={`/w/${workspace.slug}/alerts`}>All alerts</Link>
    </ErrorMessage>
  )
  if (!validId) return notFound
  if (error && !data) return <ErrorMessage error={toAppError(error)} />
  if (loading && !data) return <Loading label="Loading alert…" />
  const alert = data?.alerts_by_pk
  if (!alert) return notFound
  const metric = alert.rule.metric

  const move = async (state: 'acknowledged' | 'resolved') => {
    setActionError(null)
    try {
      await setState({ variables: { id: alert.id, state } })
    } catch (caught) {
      setActionError(toAppError(caught))
    }
  }

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{alert.rule.name}</h1>
          <p className="muted">
            <Link to={`/w/${workspace.slug}/metrics/${metric.key}`}>{metric.key}</Link> · {describeCondition(alert.rule, metric.unit)}
          </p>
        </div>
        <span className={`state-badge state-${alert.state}`} data-testid="alert-state">
          {alert.state}
        </span>
      </header>
      <section className="card" aria-label="Alert">
        <p>
          Value {formatValue(alert.value, metric.unit)} · opened {formatTime(alert.opened_at)}
        </p>
        {alert.acknowledged_at ? (
          <p>
            Acknowledged by {alert.acknowledger?.displayName ?? 'a former member'} at {formatTime(alert.acknowledged_at)}
          </p>
        ) : null}
        {alert.resolved_at ? (
          <p>
            Resolved {alert.resolver ? `by ${alert.resolver.displayName}` : 'when the condition stopped'} at {formatTime(alert.resolved_at)}
          </p>
        ) : null}
        {actionError ? <ErrorMessage error={actionError} /> : null}
        <div className="row-actions">
          {alert.state === 'firing' ? (
            <button type="button" disabled={saving} onClick={() => void move('acknowledged')}>
              Acknowledge
            </button>
          ) : null}
          {alert.state !== 'resolved' && canWrite(workspace) ? (
            <button type="button" disabled={saving} onClick={() => void move('resolved')}>
              Resolve
            </button>
          ) : null}
        </div>
      </section>
      <ErrorBoundary region="thread">
        <AlertThread alertId={alert.id} />
      </ErrorBoundary>
    </div>
  )
}
