import { useSubscription } from '@apollo/client/react'
import { useMemo } from 'react'
import { PanelAnnotationsDocument, PanelMetricLastDocument, type PanelFieldsFragment } from '../gql/graphql.ts'
import { toAppError } from '../lib/error-catalogue.ts'
import { effectiveBucket, seriesWindow, timeRange, useMinuteClock, useSecondClock, type TimeRangeId } from '../lib/time-range.ts'
import { useLiveSeries } from '../lib/use-live-series.ts'
import { PanelView, type PanelKind, type PanelViewProps } from './panel-view.tsx'

export interface PanelProps {
  panel: PanelFieldsFragment
  rangeId: TimeRangeId
  /** Members see the metric's annotations as markers on line panels; a share session reads none. */
  showAnnotations?: boolean
}

const KINDS: readonly PanelKind[] = ['line', 'bar', 'stat', 'table']

/**
 * One panel's series, live from metric_series (re-reading only its newest buckets). Its window
 * slides with the minute clock; only the chart inside follows the second clock.
 */
export function Panel({ panel, rangeId, showAnnotations = false }: PanelProps) {
  const minute = useMinuteClock()
  const window = useMemo(() => seriesWindow(rangeId, minute), [rangeId, minute])
  const { buckets, loading, error } = useLiveSeries({
    metricId: panel.metric.id,
    bucketSeconds: effectiveBucket(rangeId, panel.bucket_seconds),
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
    <MovingPanelView
      rangeSeconds={timeRange(rangeId).seconds}
      title={panel.title || panel.metric.name}
      kind={kind}
      unit={panel.metric.unit}
      points={points}
      bucketSeconds={effectiveBucket(rangeId, panel.bucket_seconds)}
      newest={newest}
      markers={markers}
      loading={loading}
      error={error ? toAppError(error) : null}
    />
  )
}

/** The panel's view over the last `rangeSeconds` up to now: the one part re-rendered every second. */
function MovingPanelView({ rangeSeconds, ...view }: Omit<PanelViewProps, 'from' | 'to'> & { rangeSeconds: number }) {
  const now = useSecondClock()
  return <PanelView {...view} from={now - rangeSeconds} to={now} />
}
