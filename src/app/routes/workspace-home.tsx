import { RecentMetrics } from '../../features/metrics/components/recent-metrics.tsx'
import { WorkspaceHeader } from '../../features/workspaces/components/workspace-header.tsx'
import { ErrorBoundary } from '../../ui/error-boundary.tsx'

export default function WorkspaceHomeRoute() {
  return (
    <div className="page">
      <WorkspaceHeader />
      <ErrorBoundary region="recent metrics"><RecentMetrics /></ErrorBoundary>
    </div>
  )
}
