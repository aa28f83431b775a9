import type { AppError } from '../lib/error-catalogue.ts'
import { formatTime, formatValue } from '../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../ui/states.tsx'
import { TimeSeriesChart, type SeriesPoint } from '../ui/time-series-chart.tsx'

export type PanelKind = 'line' | 'bar' | 'stat' | 'table'

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
}: PanelViewProps) {
  if (error && !points) return <ErrorMessage error={error} />
  if (loading && !points) return <Loading label={`Loading ${title}…`} />
  const visible = points ?? []
  if (visible.length === 0) return <EmptyState title="No data in this range" />
  if (kind === 'stat') {
    const bucket = [...visible].reverse().find((p) => p.value !== null)
    const shown = newest ?? (bucket ? { value: bucket.value, ts: new Date(bucket.t * 1000).toISOString() } : undefined)
    return (
      <div>
        <p className="stat-value" data-testid="panel-value" aria-label={`${title}: ${formatValue(shown?.value, unit)}`}>
          {formatValue(shown?.value, unit)}
        </p>
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
  const last = [...visible].reverse().find((p) => p.value !== null)
  return (
    <>
      <TimeSeriesChart
        points={visible}
        kind={kind}
        from={from}
        to={to}
        label={title}
        unit={unit}
        height={180}
        {...(bucketSeconds ? { bucketSeconds } : {})}
        {...(kind === 'line' && markers ? { markers } : {})}
        onSelectRange={onSelectRange}
      />
      <p className="muted" data-testid="panel-value">
        Latest: {formatValue(last?.value, unit)}
      </p>
    </>
  )
}
