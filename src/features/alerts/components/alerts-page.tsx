import { useSubscription } from '@apollo/client/react'
import { Link } from 'react-router'
import { WorkspaceAlertRulesDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { canWrite, useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../../ui/error-boundary.tsx'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { describeCondition, ruleStateLabel } from '../alert-format.ts'
import { AlertFeed } from './alert-feed.tsx'
import { DeliveryLog } from './delivery-log.tsx'
import { NotificationChannelsSection } from './notification-channels-section.tsx'
import { SilenceControl } from './silence-control.tsx'

/** `/w/:slug/alerts`: every rule with its live state and silence, the alert history, the notification channels and their delivery log. */
export function AlertsPage() {
  const workspace = useWorkspaceRef()
  const writable = canWrite(workspace)
  const { data, loading, error } = useSubscription(WorkspaceAlertRulesDocument, { variables: { workspaceId: workspace.id } })
  const rules = data?.alert_rules ?? []
  return (
    <div className="page">
      <header className="page-header">
        <h1>Alerts</h1>
        <p className="muted">Rules are checked every 10 seconds.</p>
      </header>
      <section className="card" aria-labelledby="rules-title">
        <h2 id="rules-title">Rules</h2>
        {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
        {loading && !data ? <Loading label="Loading rules…" /> : null}
        {data && rules.length === 0 ? <EmptyState title="No alert rules yet">Add rules on a metric's page.</EmptyState> : null}
        {rules.length > 0 ? (
          <ul className="rule-list" aria-label="Rules">
            {rules.map((rule) => (
              <li key={rule.id} className="rule-row">
                <span className={`state-badge state-${rule.enabled ? rule.state : 'disabled'}`}>{ruleStateLabel(rule)}</span>
                <span>
                  <strong>{rule.name}</strong> <Link to={`/w/${workspace.slug}/metrics/${rule.metric.key}`}>{rule.metric.key}</Link>{' '}
                  <span className="muted">{describeCondition(rule, rule.metric.unit)}</span>
                </span>
                <SilenceControl rule={rule} canEdit={writable} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <ErrorBoundary region="alert history">
        <AlertFeed limit={100} title="History" />
      </ErrorBoundary>
      {/* Channels hold secrets (webhook URLs) and addresses: editors and owners only, as the permissions say. */}
      {writable ? (
        <>
          <ErrorBoundary region="notification channels">
            <NotificationChannelsSection />
          </ErrorBoundary>
          <ErrorBoundary region="delivery log">
            <DeliveryLog />
          </ErrorBoundary>
        </>
      ) : null}
    </div>
  )
}
