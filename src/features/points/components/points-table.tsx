import { useApolloClient, useSubscription } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { MetricPointsPageDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { formatTime, formatValue } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { exportPointsCsv } from '../export-points-csv.ts'

const PAGE_SIZE = 25

/** The first cursor: after any point the database accepts (at most 1 day ahead). */
const newestCursor = () => new Date(Date.now() + 2 * 86_400_000).toISOString()

/** The cursor that shows a day's points first: the start of the next day, in the viewer's zone. */
function endOfDayCursor(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date + 1).toISOString()
}

/**
 * A metric's points, newest first, page by page (keyset on ts: cursors, not offsets). The page is
 * subscribed: points added from this page, by scripts or by imports show as they are stored.
 */
export function PointsTable({ metricId, unit }: { metricId: string; unit: string }) {
  // cursors[i] is the exclusive upper ts of page i; going back pops one.
  const [cursors, setCursors] = useState<string[]>(() => [newestCursor()])
  const before = cursors[cursors.length - 1]!
  const { data, loading, error } = useSubscription(MetricPointsPageDocument, {
    variables: { metricId, before, limit: PAGE_SIZE + 1 },
  })
  const rows = data?.points.slice(0, PAGE_SIZE) ?? []
  const hasOlder = (data?.points.length ?? 0) > PAGE_SIZE
  const page = cursors.length

  // A jump keeps the newest page first in the trail, so that Newer leads back to it.
  const jumpTo = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const day = new FormData(event.currentTarget).get('day')
    if (typeof day === 'string' && day !== '') setCursors([newestCursor(), endOfDayCursor(day)])
  }

  return (
    <section className="card" aria-labelledby="points-title" data-testid="points-table">
      <div className="page-header">
        <h2 id="points-title">Points</h2>
        <div className="toolbar">
          <button type="button" onClick={() => setCursors([newestCursor()])}>
            Newest
          </button>
          <ExportCsvButton metricId={metricId} />
        </div>
      </div>
      <form className="toolbar" onSubmit={jumpTo} aria-label="Go to a date">
        <label>
          Up to the end of <input type="date" name="day" required />
        </label>
        <button type="submit">Go</button>
      </form>
      {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
      {loading && !data ? <Loading label="Loading points…" /> : null}
      {data && rows.length === 0 ? <EmptyState title="No points yet" /> : null}
      {rows.length > 0 ? (
        <div className="table-scroll">
          <table aria-label={`Points, page ${page}`}>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col" className="number">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td>{formatTime(p.ts)}</td>
                  <td className="number">{formatValue(p.value, unit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav aria-label="Points pages" className="toolbar">
        <button type="button" disabled={page === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer
        </button>
        <span className="muted">Page {page}</span>
        <button type="button" disabled={!hasOlder} onClick={() => setCursors([...cursors, rows[rows.length - 1]!.ts])}>
          Older
        </button>
      </nav>
    </section>
  )
}

/** Downloads every point of the metric as the CSV the import reads back. */
function ExportCsvButton({ metricId }: { metricId: string }) {
  const client = useApolloClient()
  const [state, setState] = useState<{ rows: number } | { failed: true } | null>(null)
  const exporting = state !== null && 'rows' in state

  const download = async () => {
    setState({ rows: 0 })
    try {
      const { fileName, parts } = await exportPointsCsv(client, metricId, (rows) => setState({ rows }))
      const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }))
      const link = document.createElement('a')
      link.href = url
      link.download = fileName
      link.click()
      // Revoked once the click's navigation has taken the URL: revoking at once can cancel it.
      setTimeout(() => URL.revokeObjectURL(url), 1000)
      setState(null)
    } catch {
      setState({ failed: true })
    }
  }

  return (
    <>
      <button type="button" onClick={() => void download()} disabled={exporting}>
        {exporting ? `Exporting… ${state.rows.toLocaleString()} points` : 'Export CSV'}
      </button>
      {state && 'failed' in state ? (
        <span role="alert" className="field-error">
          The export failed. Check the connection and try again.
        </span>
      ) : null}
    </>
  )
}
