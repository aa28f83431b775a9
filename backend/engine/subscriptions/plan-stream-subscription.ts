import type { CompiledSql } from '../../lib/sql.ts'
import type { Metadata } from '../../metadata/model/types.ts'
import type { BoundOperation } from './bound-operation.ts'
import { tablesReadBy } from './tables-read-by.ts'

/** One subscriber's streaming subscription, as the stream poller runs it. */
export interface StreamPlan {
  role: string
  /** One row: the batch as JSON text (`root`) and the cursor of its last row as text (`cursor`). */
  statement: CompiledSql
  /** The index in `statement.values` of the cursor, which each non-empty batch advances. */
  cursorParameter: number
  /** The response (`{"data":{…}}`) around one batch's JSON. */
  respond(batch: string): string
  /** As `LiveQueryPlan.tables`: what to refetch on, null when only polling can tell. */
  tables: ReadonlySet<string> | null
}

/**
 * The stream plan of a bound subscription, or null when its root field is not a stream (a live
 * query). Validation lets a subscription select one root field only, so a stream runs alone.
 */
export function planStreamSubscription(operation: BoundOperation, role: string, metadata: Metadata): StreamPlan | null {
  const [stream] = operation.rootFields
  if (stream?.kind !== 'stream') return null
  const key = JSON.stringify(stream.key)
  return {
    role,
    statement: { text: stream.text, values: stream.values },
    cursorParameter: stream.cursorParameter,
    respond: (batch) => `{"data":{${key}:${batch}}}`,
    tables: tablesReadBy(stream.text, metadata),
  }
}
