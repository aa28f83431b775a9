import { useSubscription } from '@apollo/client/react'
import { useMemo, useState } from 'react'
import { MetricAnnotationsDocument, MetricSeriesDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useKeptValue } from '../../../lib/use-kept-value.ts'
import { effectiveBucket, seriesWindow, timeRange, useMinuteClock, useSecondClock, type TimeRangeId } from '../../../lib/time-range.ts'
import { RangePicker } from '../../../ui/range-picker.tsx'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { TimeSeriesChart } from '../../../ui/time-series-chart.tsx'

interface MetricChartProps {
  metricId: string
  name: string
  unit: string
}

/** The metric's series over the chosen range, live from a metric_series subscription. */
export function MetricChart({ metricId, name, unit }: MetricChartProps) {
  const [rangeId, setRangeId] = useState<TimeRangeId>('1h')
  const minute = useMinuteClock()
  const second = useSecondClock()
  const window = seriesWindow(rangeId, minute)
  const bucketSeconds = effectiveBucket(rangeId)
  const {
    data: live,
    loading,
    error,
  } = useSubscription(MetricSeriesDocument, {
    variables: { metricId, bucketSeconds, since: window.since, until: window.until, aggregation: 'avg' },
  })
  const { data: annotations } = useSubscription(MetricAnnotationsDocument, { variables: { metricId } })
  const markers = useMemo(() => (annotations?.annotations ?? []).map((a) => ({ t: Date.parse(a.ts) / 1000, label: a.text })), [annotations])
  const data = useKeptValue(live)
  const points = (data?.metric_series ?? []).map((b) => ({ t: Date.parse(b.bucket) / 1000, value: b.value }))
  const seconds = timeRange(rangeId).seconds

  return (
    <section className="card" aria-labelledby="metric-chart-title">
      <div className="page-header">
        <h2 id="metric-chart-title">Last {timeRange(rangeId).label}</h2>
        <RangePicker value={rangeId} onChange={setRangeId} />
      </div>
      {error && !data ? (
        <ErrorMessage error={toAppError(error)} />
      ) : loading && !data ? (
        <Loading label="Loading series…" />
      ) : points.length === 0 ? (
        <EmptyState title="No points in this range">Add one below or send some from a script.</EmptyState>
      ) : (
        <TimeSeriesChart
          points={points}
          kind="line"
          from={second - seconds}
          to={second}
          label={name}
          unit={unit}
          height={260}
          markers={markers}
        />
      )}
      <p className="muted">Average per {bucketSeconds >= 60 ? `${bucketSeconds / 60} min` : `${bucketSeconds} s`}; updates live.</p>
    </section>
  )
}
