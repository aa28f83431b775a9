import type { AppError } from '../../../lib/error-catalogue.ts'
import { formatTime, formatValue } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { TimeSeriesChart, type SeriesPoint } from '../../../ui/time-series-chart.tsx'

export type PanelKind = 'line' | 'bar' | 'stat' | 'table'

export interface PanelViewProps {
  title: string
  kind: PanelKind
  unit: string
  points: readonly SeriesPoint[] | undefined
  from: number
  to: number
  loading?: boolean
  error?: AppError | null
}

/** What a panel shows for a series: the chart, the stat or the table; or its loading, error or empty state. */
export function PanelView({ title, kind, unit, points, from, to, loading, error }: PanelViewProps) {
  if (error && !points) return <ErrorMessage error={error} />
  if (loading && !points) return <Loading label={`Loading ${title}…`} />
  const visible = points ?? []
  if (visible.length === 0) return <EmptyState title="No data in this range" />
  if (kind === 'stat') {
    const last = [...visible].reverse().find((p) => p.value !== null)
    return (
      <div>
        <p className="stat-value" data-testid="panel-value" aria-label={`${title}: ${formatValue(last?.value, unit)}`}>
          {formatValue(last?.value, unit)}
        </p>
        <p className="muted">{last ? formatTime(new Date(last.t * 1000).toISOString()) : ''}</p>
      </div>
    )
  }
  if (kind === 'table') {
    return (
      <div className="table-wrap">
        <table aria-label={title}>
          <thead><tr><th scope="col">Time</th><th scope="col" className="number">Value</th></tr></thead>
          <tbody>
            {[...visible].reverse().slice(0, 20).map((p) => (
              <tr key={p.t}><td>{formatTime(new Date(p.t * 1000).toISOString())}</td><td className="number">{formatValue(p.value, unit)}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    )
  }
  const last = visible[visible.length - 1]
  return (
    <>
      <TimeSeriesChart points={visible} kind={kind} from={from} to={to} label={title} unit={unit} height={180} />
      <p className="muted" data-testid="panel-value">Latest: {formatValue(last?.value, unit)}</p>
    </>
  )
}
