import { DashboardPage } from '../../features/dashboards/components/dashboard-page.tsx'
import { ShareDialog } from '../../features/sharing/components/share-dialog.tsx'

/** A dashboard, with the sharing feature's dialog for its owner. */
export default function DashboardRoute() {
  return <DashboardPage shareControl={(dashboardId) => <ShareDialog dashboardId={dashboardId} />} />
}
