import { useSubscription } from '@apollo/client/react'
import { MetricLastDocument } from '../../../gql/graphql.ts'
import { formatTime, formatValue } from '../../../ui/format.ts'

/** The metric's newest value and time, live (the page's query alone would keep its first answer). */
export function MetricLastValue({
  metricId,
  unit,
  initial,
}: {
  metricId: string
  unit: string
  initial: { last_value?: number | null; last_ts?: string | null }
}) {
  const { data } = useSubscription(MetricLastDocument, { variables: { metricId } })
  const last = data?.metrics_by_pk ?? initial
  return (
    <p className="muted" data-testid="metric-last">
      Last: {formatValue(last.last_value, unit)} at {formatTime(last.last_ts)}
    </p>
  )
}
