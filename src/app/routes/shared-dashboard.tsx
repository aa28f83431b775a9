import { SharedDashboardPage } from '../../features/sharing/components/shared-dashboard-page.tsx'

export default SharedDashboardPage
