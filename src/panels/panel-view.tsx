import type { AppError } from '../lib/error-catalogue.ts'
import { formatTime, formatValue } from '../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../ui/states.tsx'
import { seriesColour } from '../ui/series-palette.ts'
import { TimeSeriesChart, type ChartSeries, type SeriesPoint } from '../ui/time-series-chart.tsx'
import { reachedStep, type ThresholdStep } from './thresholds.ts'

export type PanelKind = 'line' | 'bar' | 'stat' | 'table'

/** A series a line or bar panel draws after its first, with the metric's name and unit. */
export interface MoreSeries {
  name: string
  unit: string
  points: readonly SeriesPoint[] | undefined
}

export interface PanelViewProps {
  title: string
  kind: PanelKind
  unit: string
  points: readonly SeriesPoint[] | undefined
  from: number
  to: number
  /** The width of a bucket, seconds: the chart breaks its line where buckets are missing. */
  bucketSeconds?: number
  /** The metric's newest point, which a stat panel shows (with its own time). */
  newest?: { value: number | null; ts: string } | undefined
  /** Annotations shown on a line chart, Unix seconds. */
  markers?: readonly { t: number; label: string }[]
  loading?: boolean
  error?: AppError | null
  /** A drag across a line or bar chart selects this span, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
  /** The chart's height, px: taller panels draw taller charts. */
  chartHeight?: number
  /** The first series' name in the legend (its metric's name); the title otherwise. */
  name?: string
  /** The other series of a line or bar panel: drawn in their own colours, with a legend. */
  moreSeries?: readonly MoreSeries[]
  /** A stat panel's thresholds: the value shows in the colour of the highest step it reaches. */
  thresholds?: readonly ThresholdStep[]
}

/** What a panel shows for a series: the chart, the stat or the table; or its loading, error or empty state. */
export function PanelView({
  title,
  kind,
  unit,
  points,
  from,
  to,
  bucketSeconds,
  newest,
  markers,
  loading,
  error,
  onSelectRange,
  chartHeight = 180,
  name = title,
  moreSeries = [],
  thresholds = [],
}: PanelViewProps) {
  if (error && !points) return <ErrorMessage error={error} />
  if (loading && !points) return <Loading label={`Loading ${title}…`} />
  const visible = points ?? []
  const charted = kind === 'line' || kind === 'bar' ? moreSeries : []
  if (visible.length === 0 && charted.every((s) => !s.points?.length)) return <EmptyState title="No data in this range" />
  if (kind === 'stat') {
    const bucket = latest(visible)
    const shown = newest ?? (bucket ? { value: bucket.value, ts: new Date(bucket.t * 1000).toISOString() } : undefined)
    const step = reachedStep(shown?.value, thresholds)
    // The step is said in words too, not by colour alone.
    const reached = step ? `at or above ${formatValue(step.value, unit)} (${step.colour})` : ''
    return (
      <div>
        <p
          className="stat-value"
          data-testid="panel-value"
          data-threshold={step?.colour}
          aria-label={`${title}: ${formatValue(shown?.value, unit)}${reached ? `, ${reached}` : ''}`}
        >
          {formatValue(shown?.value, unit)}
        </p>
        {reached ? (
          <p className="muted" data-testid="panel-threshold">
            {reached[0]!.toUpperCase() + reached.slice(1)}
          </p>
        ) : null}
        <p className="muted" data-testid="panel-time">
          {shown ? formatTime(shown.ts) : ''}
        </p>
      </div>
    )
  }
  if (kind === 'table') {
    return (
      <div className="table-wrap">
        <table aria-label={title}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col" className="number">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {[...visible]
              .reverse()
              .slice(0, 20)
              .map((p) => (
                <tr key={p.t}>
                  <td>{formatTime(new Date(p.t * 1000).toISOString())}</td>
                  <td className="number">{formatValue(p.value, unit)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    )
  }
  // The newest bar or point drawn, even while its bucket is still filling: "Latest" reads off the chart.
  const series: (ChartSeries & { unit: string })[] = [
    { label: name, points: visible, colour: seriesColour(0), unit },
    ...charted.map((s, i) => ({ label: s.name, points: s.points ?? [], colour: seriesColour(i + 1), unit: s.unit })),
  ]
  return (
    <>
      <TimeSeriesChart
        series={series}
        kind={kind}
        from={from}
        to={to}
        label={title}
        unit={unit}
        height={chartHeight}
        {...(bucketSeconds ? { bucketSeconds } : {})}
        {...(kind === 'line' && markers ? { markers } : {})}
        onSelectRange={onSelectRange}
      />
      {series.length === 1 ? (
        <p className="muted" data-testid="panel-value">
          Latest: {formatValue(latest(visible)?.value, unit)}
        </p>
      ) : (
        <Legend series={series} />
      )}
    </>
  )
}

/** The newest point with a value. */
function latest(points: readonly SeriesPoint[]): SeriesPoint | undefined {
  return points.findLast((p) => p.value !== null)
}

/** Each series' colour, name and latest value, in the chart's order. */
function Legend({ series }: { series: readonly (ChartSeries & { unit: string })[] }) {
  return (
    <ul className="legend" aria-label="Legend">
      {series.map((s, index) => (
        <li key={index} data-testid="legend-item">
          <span className="legend-swatch" style={{ background: s.colour }} aria-hidden="true" />
          <span className="legend-name">{s.label}</span>
          <span className="legend-value">{formatValue(latest(s.points)?.value, s.unit)}</span>
        </li>
      ))}
    </ul>
  )
}
