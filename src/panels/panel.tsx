import { useSubscription } from '@apollo/client/react'
import { useCallback, useMemo, useState } from 'react'
import { PanelAnnotationsDocument, PanelMetricLastDocument, type PanelFieldsFragment } from '../gql/graphql.ts'
import { toAppError } from '../lib/error-catalogue.ts'
import { effectiveBucket, rangeSeconds, useMinuteClock, useSecondClock, viewWindow, type ViewRange } from '../lib/time-range.ts'
import { useLiveSeries, type LiveSeries } from '../lib/use-live-series.ts'
import { LiveSeriesFeed } from './live-series-feed.tsx'
import { chartHeightPx } from './panel-layout.ts'
import { PanelView, type MoreSeries, type PanelKind, type PanelViewProps } from './panel-view.tsx'
import { readThresholds } from './thresholds.ts'

export interface PanelProps {
  panel: PanelFieldsFragment
  range: ViewRange
  /** A drag across the chart selects this span, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
  /** Members see the metric's annotations as markers on line panels; a share session reads none. */
  showAnnotations?: boolean
}

const KINDS: readonly PanelKind[] = ['line', 'bar', 'stat', 'table']

const toPoints = (buckets: LiveSeries['buckets']) => buckets?.map((b) => ({ t: Date.parse(b.bucket) / 1000, value: b.value }))

/**
 * One panel's series, live from metric_series (re-reading only its newest buckets). A live
 * range's window slides with the minute clock, and only the chart inside follows the second
 * clock; an absolute range's stays put. A line or bar panel reads its other metrics' series the
 * same way, each through its own feed.
 */
export function Panel({ panel, range, onSelectRange, showAnnotations = false }: PanelProps) {
  const minute = useMinuteClock()
  const window = useMemo(() => viewWindow(range, minute), [range, minute])
  const bucketSeconds = effectiveBucket(range, panel.bucket_seconds)
  const seriesOptions = { bucketSeconds, aggregation: panel.aggregation, window }
  const { buckets, loading, error } = useLiveSeries({ metricId: panel.metric.id, ...seriesOptions })
  const kind = KINDS.includes(panel.kind as PanelKind) ? (panel.kind as PanelKind) : 'line'
  const others = kind === 'line' || kind === 'bar' ? panel.series.map((s) => s.metric) : []
  const [fed, setFed] = useState<Readonly<Record<string, LiveSeries['buckets']>>>({})
  const feed = useCallback(
    (metricId: string, series: LiveSeries) =>
      setFed((known) => (known[metricId] === series.buckets ? known : { ...known, [metricId]: series.buckets })),
    [],
  )
  const moreSeries = useMemo<MoreSeries[]>(
    () => others.map((m) => ({ name: m.name, unit: m.unit, points: toPoints(fed[m.id]) })),
    // The metrics are new objects on each read of the dashboard; their ids, names and units say all of them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fed, others.map((m) => `${m.id} ${m.name} ${m.unit}`).join('\n')],
  )
  const thresholds = useMemo(() => readThresholds(panel.thresholds), [panel.thresholds])
  const { data: last } = useSubscription(PanelMetricLastDocument, { variables: { metricId: panel.metric.id }, skip: kind !== 'stat' })
  const { data: annotations } = useSubscription(PanelAnnotationsDocument, {
    variables: { metricId: panel.metric.id, since: window.since },
    skip: !showAnnotations || kind !== 'line',
  })
  const markers = useMemo(() => (annotations?.annotations ?? []).map((a) => ({ t: Date.parse(a.ts) / 1000, label: a.text })), [annotations])
  // Converted once per new series, not on every tick of the chart's second clock.
  const points = useMemo(() => toPoints(buckets), [buckets])
  const newest = last?.metrics_by_pk?.last_ts ? { value: last.metrics_by_pk.last_value ?? null, ts: last.metrics_by_pk.last_ts } : undefined
  return (
    <>
      {others.map((m) => (
        <LiveSeriesFeed key={m.id} metricId={m.id} {...seriesOptions} onChange={feed} />
      ))}
      <RangePanelView
        range={range}
        title={panel.title || panel.metric.name}
        name={panel.metric.name}
        kind={kind}
        unit={panel.metric.unit}
        points={points}
        moreSeries={moreSeries}
        thresholds={thresholds}
        bucketSeconds={bucketSeconds}
        newest={newest}
        markers={markers}
        loading={loading}
        error={error ? toAppError(error) : null}
        onSelectRange={onSelectRange}
        chartHeight={chartHeightPx(panel.height)}
      />
    </>
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
