import { sqlLiterals, type SqlFragment } from '../lib/sql.ts'
import {
  QueryCanceledError,
  type LimitedDatabase,
  type QueryLimits,
  type Queryable,
  type ScriptResult,
  type TransactionalQueryable,
} from './database.ts'
import type { PreparedStatements } from './prepared-statements.ts'

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
    if (limits.clientGone?.gone) throw new QueryCanceledError('client')
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

/**
 * `Database.limited`'s view of a PGlite database (one connection, so one `prepared` record):
 * every statement within the limits. A prepared run with `setup` (a mutation's) goes inside a
 * transaction, so that one found afterwards to have run too long is rolled back, as PostgreSQL's
 * timeout would cancel its implicit transaction.
 */
export function limitDatabase(db: TransactionalQueryable, limits: QueryLimits, prepared: PreparedStatements): LimitedDatabase {
  const runPrepared = async (queryable: Queryable, text: string, literals: readonly string[], setup: string) => {
    const run = prepared.run(text, literals, setup)
    if (run.prepare) {
      await queryable.script(run.prepare.text)
      run.prepare.onPrepared()
    }
    const results = await limitQueryable(queryable, limits).script(run.script)
    return results[results.length - 1] as ScriptResult
  }
  return {
    ...limitQueryable(db, limits),
    transaction: (work) => db.transaction((tx) => work(limitQueryable(tx, limits))),
    runPrepared: (text, literals, setup) =>
      setup ? db.transaction((tx) => runPrepared(tx, text, literals, setup)) : runPrepared(db, text, literals, setup),
    // PGlite has one connection and takes scripts without a round trip: PREPARE and EXECUTE it.
    runStatement: async (text, values) => {
      const literals = sqlLiterals(values)
      if (literals) return (await runPrepared(db, text, literals, '')).rows
      const { rows, fields } = await limitQueryable(db, limits).query<Record<string, unknown>>(text, [...values])
      return rows.map((row) => fields.map((f) => (row[f.name] === null ? null : String(row[f.name]))))
    },
  }
}
