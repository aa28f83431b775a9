import type { SqlFragment } from '../lib/sql.ts'
import { QueryCanceledError, type QueryLimits, type Queryable } from './database.ts'

/**
 * PGlite ignores `statement_timeout`: its one backend runs on one thread (a worker thread unless
 * `PULSEBOARD_PGLITE_THREAD=main`) with no timer to interrupt it (measured: after `SET statement_timeout = 300`, `pg_sleep(2)` returned after
 * 2002 ms and a 30-million-row count after 14.6 s, as without it). So a statement whose client
 * has gone is not started, and one that took longer than the limit, waiting for the connection
 * included, fails afterwards as PostgreSQL's would: what times out there times out in
 * development too, and a mutation's transaction is rolled back.
 */
export function limitQueryable(queryable: Queryable, limits: QueryLimits): Queryable {
  const within = async <T>(run: () => Promise<T>): Promise<T> => {
    if (limits.signal?.aborted) throw new QueryCanceledError('client')
    const started = performance.now()
    const result = await run()
    if (performance.now() - started > limits.timeoutMs) throw new QueryCanceledError('timeout')
    return result
  }
  return {
    query<Row>(query: SqlFragment | string, values?: unknown[]) {
      return within(() => queryable.query<Row>(query, values))
    },
    script: (text) => within(() => queryable.script(text)),
  }
}
