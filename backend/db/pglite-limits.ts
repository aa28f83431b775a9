import { inlineLiterals, sqlLiterals, type SqlFragment } from '../lib/sql.ts'
import {
  QueryCanceledError,
  type BoundStatement,
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
 * every statement within the limits. Statements run as one script, all but the last inlined
 * and the last prepared (`PREPARE` once, then `EXECUTE`): PGlite takes a script without a
 * round trip. Several go inside a transaction, so that one found afterwards to have run too long
 * is rolled back, as PostgreSQL's timeout would cancel its implicit transaction.
 */
export function limitDatabase(db: TransactionalQueryable, limits: QueryLimits, prepared: PreparedStatements): LimitedDatabase {
  const run = async (queryable: Queryable, statements: readonly BoundStatement[]) => {
    let setup = ''
    let last: { text: string; literals: string[] } | undefined
    for (const statement of statements) {
      const literals = sqlLiterals(statement.values)
      // Only values no literal can carry (a NUL character, which Postgres refuses anyway) stop here.
      if (!literals) return runEach(limitQueryable(queryable, limits), statements)
      if (last) setup += `${inlineLiterals(last.text, last.literals)};\n`
      last = { text: statement.text, literals }
    }
    if (!last) return []
    const script = prepared.run(last.text, last.literals, setup)
    if (script.prepare) {
      await queryable.script(script.prepare.text)
      script.prepare.onPrepared()
    }
    const results = await limitQueryable(queryable, limits).script(script.script)
    return (results[results.length - 1] as ScriptResult).rows
  }
  return {
    ...limitQueryable(db, limits),
    transaction: (work) => db.transaction((tx) => work(limitQueryable(tx, limits))),
    runStatements: (statements) => (statements.length > 1 ? db.transaction((tx) => run(tx, statements)) : run(db, statements)),
  }
}

/** The statements one by one with `query`; the last one's rows as text. */
async function runEach(queryable: Queryable, statements: readonly BoundStatement[]): Promise<(string | null)[][]> {
  let rows: (string | null)[][] = []
  for (const { text, values } of statements) {
    const result = await queryable.query<Record<string, unknown>>(text, [...values])
    rows = result.rows.map((row) => result.fields.map((f) => asText(row[f.name])))
  }
  return rows
}

/** A value `query` parsed (json, numbers, booleans) as the text Postgres would have sent. */
function asText(value: unknown): string | null {
  if (value === null) return null
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
