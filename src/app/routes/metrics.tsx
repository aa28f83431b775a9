import { CreateMetricForm } from '../../features/metrics/components/create-metric-form.tsx'
import { MetricsList } from '../../features/metrics/components/metrics-list.tsx'
import { canWrite, useWorkspaceRef } from '../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../ui/error-boundary.tsx'

export default function MetricsRoute() {
  const workspace = useWorkspaceRef()
  return (
    <div className="page">
      <header className="page-header">
        <h1>Metrics</h1>
      </header>
      <ErrorBoundary region="metrics list">
        <MetricsList />
      </ErrorBoundary>
      {canWrite(workspace) ? (
        <ErrorBoundary region="create metric">
          <CreateMetricForm />
        </ErrorBoundary>
      ) : null}
    </div>
  )
}
