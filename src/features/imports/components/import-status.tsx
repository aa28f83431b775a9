import type { MetricImportsSubscription } from '../../../gql/graphql.ts'
import { formatTime } from '../../../ui/format.ts'

type ImportRow = MetricImportsSubscription['imports'][number]

const STATUS_LABEL: Record<string, string> = { queued: 'Queued', processing: 'Importing', succeeded: 'Imported', failed: 'Failed' }

/** One import: its state, a progress bar while it runs, its counts and first rejected lines. */
export function ImportStatus({ row, onRetry }: { row: ImportRow; onRetry: (() => void) | undefined }) {
  const errors = (Array.isArray(row.errors) ? row.errors : []) as { line: number; reason: string }[]
  return (
    <article className="import-status" data-testid="import-status" data-status={row.status} aria-live="polite">
      <p>
        <strong>{STATUS_LABEL[row.status] ?? row.status}</strong> {row.file?.name ?? 'file'} · {formatTime(row.created_at)}
      </p>
      {row.status === 'processing' || row.status === 'queued' ? (
        <progress
          className="import-progress"
          aria-label="Import progress"
          data-testid="import-progress"
          {...(row.status === 'processing' && row.file?.size ? { value: Number(row.bytes_read), max: Number(row.file.size) } : {})}
        />
      ) : null}
      <p className="muted" data-testid="import-counts">
        {row.rows_imported.toLocaleString()} rows imported, {row.rows_rejected.toLocaleString()} rejected
      </p>
      {errors.length > 0 ? (
        <>
          <p>
            {row.status === 'failed'
              ? 'The import failed. See the rejected lines.'
              : `First rejected lines (of ${row.rows_rejected.toLocaleString()}):`}
          </p>
          <ul className="rejected-lines" data-testid="rejected-lines">
            {errors.map((e, i) => (
              <li key={i}>
                {e.line > 0 ? `Line ${e.line}: ` : ''}
                {e.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {row.status === 'failed' && onRetry ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </article>
  )
}
