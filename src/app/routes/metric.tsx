import { MetricDetail } from '../../features/metrics/components/metric-detail.tsx'

export default MetricDetail
