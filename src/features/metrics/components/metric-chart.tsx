import { useSubscription } from '@apollo/client/react'
import { useMemo } from 'react'
import { MetricAnnotationsDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useViewRange } from '../../../lib/custom-range.ts'
import { effectiveBucket, rangeSeconds, timeRange, useMinuteClock, useSecondClock, viewWindow } from '../../../lib/time-range.ts'
import { RangePicker } from '../../../ui/range-picker.tsx'
import { seriesColour } from '../../../ui/series-palette.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { TimeSeriesChart } from '../../../ui/time-series-chart.tsx'
import { useLiveSeries } from '../../../lib/use-live-series.ts'

interface MetricChartProps {
  metricId: string
  name: string
  unit: string
}

/**
 * The metric's series over the chosen range (kept in the URL; a drag across the chart zooms to
 * it), live from metric_series (re-reading only its newest buckets).
 */
export function MetricChart({ metricId, name, unit }: MetricChartProps) {
  const { range, setRange, selectRange } = useViewRange()
  const minute = useMinuteClock()
  const second = useSecondClock()
  const window = useMemo(() => viewWindow(range, minute), [range, minute])
  const bucketSeconds = effectiveBucket(range)
  const { buckets, loading, error } = useLiveSeries({ metricId, bucketSeconds, aggregation: 'avg', window })
  const { data: annotations } = useSubscription(MetricAnnotationsDocument, { variables: { metricId } })
  const markers = useMemo(() => (annotations?.annotations ?? []).map((a) => ({ t: Date.parse(a.ts) / 1000, label: a.text })), [annotations])
  const points = (buckets ?? []).map((b) => ({ t: Date.parse(b.bucket) / 1000, value: b.value }))
  // A live range's right edge moves with the wall clock; an absolute range stays put.
  const shown = range.kind === 'live' ? { from: second - rangeSeconds(range), to: second } : range

  return (
    <section className="card" aria-labelledby="metric-chart-title">
      <div className="page-header">
        <h2 id="metric-chart-title">{range.kind === 'live' ? `Last ${timeRange(range.id).label}` : 'Custom range'}</h2>
        <RangePicker value={range} onChange={setRange} />
      </div>
      {error && !buckets ? (
        <ErrorMessage error={toAppError(error)} />
      ) : loading && !buckets ? (
        <Loading label="Loading series…" />
      ) : points.length === 0 ? (
        <EmptyState title="No points in this range">Add one below or send some from a script.</EmptyState>
      ) : (
        <TimeSeriesChart
          series={[{ label: name, points, colour: seriesColour(0) }]}
          kind="line"
          from={shown.from}
          to={shown.to}
          label={name}
          unit={unit}
          height={260}
          bucketSeconds={bucketSeconds}
          markers={markers}
          onSelectRange={selectRange}
        />
      )}
      <p className="muted">Average per {bucketSeconds >= 60 ? `${bucketSeconds / 60} min` : `${bucketSeconds} s`}; updates live.</p>
    </section>
  )
}
