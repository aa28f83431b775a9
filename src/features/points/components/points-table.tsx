import { useSubscription } from '@apollo/client/react'
import { useState } from 'react'
import { MetricPointsPageDocument } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { formatTime, formatValue } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'

const PAGE_SIZE = 25

/** The first cursor: after any point the database accepts (at most 1 day ahead). */
const newestCursor = () => new Date(Date.now() + 2 * 86_400_000).toISOString()

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

  return (
    <section className="card" aria-labelledby="points-title" data-testid="points-table">
      <div className="page-header">
        <h2 id="points-title">Points</h2>
        <button type="button" onClick={() => setCursors([newestCursor()])}>
          Newest
        </button>
      </div>
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
