import { DashboardPage } from '../../features/dashboards/components/dashboard-page.tsx'

export default DashboardPage
