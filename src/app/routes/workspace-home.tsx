import { AlertFeed } from '../../features/alerts/components/alert-feed.tsx'
import { CreateDashboardForm } from '../../features/dashboards/components/create-dashboard-form.tsx'
import { DashboardList } from '../../features/dashboards/components/dashboard-list.tsx'
import { ImportDashboardForm } from '../../features/dashboards/components/import-dashboard-form.tsx'
import { RecentMetrics } from '../../features/metrics/components/recent-metrics.tsx'
import { WorkspaceHeader } from '../../features/workspaces/components/workspace-header.tsx'
import { canWrite, useWorkspaceRef } from '../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../ui/error-boundary.tsx'

/** `/w/:slug`: the workspace's dashboards, live alert feed and recently updated metrics (features composed here). */
export default function WorkspaceHomeRoute() {
  const workspace = useWorkspaceRef()
  return (
    <div className="page">
      <WorkspaceHeader />
      <section className="card" aria-labelledby="dashboards-title">
        <h2 id="dashboards-title">Dashboards</h2>
        <ErrorBoundary region="dashboards">
          <DashboardList />
        </ErrorBoundary>
      </section>
      {canWrite(workspace) ? (
        <ErrorBoundary region="create dashboard">
          <CreateDashboardForm />
        </ErrorBoundary>
      ) : null}
      {canWrite(workspace) ? (
        <ErrorBoundary region="import dashboard">
          <ImportDashboardForm />
        </ErrorBoundary>
      ) : null}
      <ErrorBoundary region="alert feed">
        <AlertFeed />
      </ErrorBoundary>
      <ErrorBoundary region="recent metrics">
        <RecentMetrics />
      </ErrorBoundary>
    </div>
  )
}
