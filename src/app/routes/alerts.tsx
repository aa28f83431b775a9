import { AlertsPage } from '../../features/alerts/components/alerts-page.tsx'

export default AlertsPage
