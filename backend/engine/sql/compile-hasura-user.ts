import { compile, sql } from '../../lib/sql.ts'
import type { BoundStatement } from '../../db/database.ts'
import type { TraceContext } from '../../lib/trace-context.ts'

const SET_TRANSACTION_SETTINGS = compile(
  sql`SELECT set_config('hasura.user', ${''}, true), set_config('hasura.tracecontext', ${''}, true)`,
).text

/**
 * What Hasura sets in every mutation's transaction for triggers to read: `hasura.user`, the
 * session variables as JSON (`current_setting('hasura.user')`), and `hasura.tracecontext`, the
 * request's trace (event payloads carry it as `event.trace_context`). One statement, so that a
 * one-statement mutation stays one round trip.
 */
export function hasuraUserStatement(variables: Record<string, string>, trace: TraceContext): BoundStatement {
  return { text: SET_TRANSACTION_SETTINGS, values: [JSON.stringify(variables), JSON.stringify(trace)] }
}
