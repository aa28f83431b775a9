import { useSubscription } from '@apollo/client/react'
import { useMemo } from 'react'
import { PanelAnnotationsDocument, PanelMetricLastDocument, type PanelFieldsFragment } from '../gql/graphql.ts'
import { toAppError } from '../lib/error-catalogue.ts'
import { effectiveBucket, rangeSeconds, useMinuteClock, useSecondClock, viewWindow, type ViewRange } from '../lib/time-range.ts'
import { useLiveSeries } from '../lib/use-live-series.ts'
import { PanelView, type PanelKind, type PanelViewProps } from './panel-view.tsx'

export interface PanelProps {
  panel: PanelFieldsFragment
  range: ViewRange
  /** A drag across the chart selects this span, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
  /** Members see the metric's annotations as markers on line panels; a share session reads none. */
  showAnnotations?: boolean
}

const KINDS: readonly PanelKind[] = ['line', 'bar', 'stat', 'table']

/**
 * One panel's series, live from metric_series (re-reading only its newest buckets). A live
 * range's window slides with the minute clock, and only the chart inside follows the second
 * clock; an absolute range's stays put.
 */
export function Panel({ panel, range, onSelectRange, showAnnotations = false }: PanelProps) {
  const minute = useMinuteClock()
  const window = useMemo(() => viewWindow(range, minute), [range, minute])
  const bucketSeconds = effectiveBucket(range, panel.bucket_seconds)
  const { buckets, loading, error } = useLiveSeries({
    metricId: panel.metric.id,
    bucketSeconds,
    aggregation: panel.aggregation,
    window,
  })
  const kind = KINDS.includes(panel.kind as PanelKind) ? (panel.kind as PanelKind) : 'line'
  const { data: last } = useSubscription(PanelMetricLastDocument, { variables: { metricId: panel.metric.id }, skip: kind !== 'stat' })
  const { data: annotations } = useSubscription(PanelAnnotationsDocument, {
    variables: { metricId: panel.metric.id, since: window.since },
    skip: !showAnnotations || kind !== 'line',
  })
  const markers = useMemo(() => (annotations?.annotations ?? []).map((a) => ({ t: Date.parse(a.ts) / 1000, label: a.text })), [annotations])
  // Converted once per new series, not on every tick of the chart's second clock.
  const points = useMemo(() => buckets?.map((b) => ({ t: Date.parse(b.bucket) / 1000, value: b.value })), [buckets])
  const newest = last?.metrics_by_pk?.last_ts ? { value: last.metrics_by_pk.last_value ?? null, ts: last.metrics_by_pk.last_ts } : undefined
  return (
    <RangePanelView
      range={range}
      title={panel.title || panel.metric.name}
      kind={kind}
      unit={panel.metric.unit}
      points={points}
      bucketSeconds={bucketSeconds}
      newest={newest}
      markers={markers}
      loading={loading}
      error={error ? toAppError(error) : null}
      onSelectRange={onSelectRange}
    />
  )
}

type RangeViewProps = Omit<PanelViewProps, 'from' | 'to'>

/** The panel's view over its range: fixed for an absolute range, moving with the wall clock for a live one. */
function RangePanelView({ range, ...view }: RangeViewProps & { range: ViewRange }) {
  return range.kind === 'live' ? (
    <MovingPanelView rangeSeconds={rangeSeconds(range)} {...view} />
  ) : (
    <PanelView {...view} from={range.from} to={range.to} />
  )
}

/** The panel's view over the last `rangeSeconds` up to now: the one part re-rendered every second. */
function MovingPanelView({ rangeSeconds, ...view }: RangeViewProps & { rangeSeconds: number }) {
  const now = useSecondClock()
  return <PanelView {...view} from={now - rangeSeconds} to={now} />
}
