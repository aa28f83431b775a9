import { AlertDetail } from '../../features/alerts/components/alert-detail.tsx'

export default AlertDetail
