import { mkdirSync } from 'node:fs'
import { PGlite, type Results } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { ltree } from '@electric-sql/pglite/contrib/ltree'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'
import { compile, isSqlFragment, type SqlFragment } from '../lib/sql.ts'
import type { Database, LimitedDatabase, QueryLimits, QueryResult, Queryable, ScriptResult } from './database.ts'
import { limitDatabase } from './pglite-limits.ts'
import { PreparedStatements } from './prepared-statements.ts'
import { parseValue } from './type-parsers.ts'

type Parsers = Record<number, (text: string) => unknown>

/**
 * PGlite parses more types than node-postgres does (int8 as bigint, timestamps as Date, arrays).
 * Overriding the parser of every built-in type OID makes both adapters return the same values
 * (see database.ts); types created later have no PGlite parser and already stay text.
 */
async function parsersForAllTypes(pg: PGlite): Promise<{ uniform: Parsers; text: Parsers }> {
  const uniform: Parsers = {}
  const text: Parsers = {}
  const { rows } = await pg.query<{ oid: number }>('select oid::int4 as oid from pg_catalog.pg_type')
  for (const { oid } of rows) {
    uniform[oid] = (value) => parseValue(oid, value)
    text[oid] = (value) => value
  }
  return { uniform, text }
}

export async function openPGlite(options: { dataDir?: string }): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { citext, ltree, pgcrypto, uuid_ossp },
  })
  const parsers = await parsersForAllTypes(pg)
  return new PGliteDatabase(pg, parsers, options.dataDir ? `PGlite at ${options.dataDir}` : 'PGlite in memory')
}

type PGliteQueryable = Pick<PGlite, 'query' | 'exec'>

function toQueryResult<Row>(result: Results<Row>): QueryResult<Row> {
  return {
    rows: result.rows,
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    rowCount: rowCount(result),
  }
}

/** PGlite reports `affectedRows: 0` for a SELECT; node-postgres counts the rows returned. */
function rowCount(result: Results<unknown>): number {
  return result.fields.length > 0 ? result.rows.length : (result.affectedRows ?? 0)
}

function bind(query: SqlFragment | string, values: unknown[] | undefined): { text: string; values: unknown[] } {
  return isSqlFragment(query) ? compile(query) : { text: query, values: values ?? [] }
}

function scriptResults(results: Results[]): ScriptResult[] {
  return results.map((r) => ({
    command: r.fields.length > 0 ? 'SELECT' : 'COMMAND',
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    rows: r.rows as unknown as (string | null)[][],
    rowCount: rowCount(r),
  }))
}

class PGliteQueryableImpl implements Queryable {
  constructor(
    protected readonly pg: PGliteQueryable,
    protected readonly parsers: { uniform: Parsers; text: Parsers },
  ) {}

  async query<Row>(query: SqlFragment | string, values?: unknown[]): Promise<QueryResult<Row>> {
    const bound = bind(query, values)
    return toQueryResult(await this.pg.query<Row>(bound.text, bound.values, { parsers: this.parsers.uniform }))
  }

  async script(text: string): Promise<ScriptResult[]> {
    return scriptResults(await this.pg.exec(text, { rowMode: 'array', parsers: this.parsers.text }))
  }
}

class PGliteDatabase extends PGliteQueryableImpl implements Database {
  /** PGlite has one connection: one record of what it has prepared. */
  readonly #prepared = new PreparedStatements()

  constructor(
    private readonly db: PGlite,
    parsers: { uniform: Parsers; text: Parsers },
    readonly description: string,
  ) {
    super(db, parsers)
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PGliteQueryableImpl(tx, this.parsers)))
  }

  limited<T>(limits: QueryLimits, work: (db: LimitedDatabase) => Promise<T>): Promise<T> {
    return work(limitDatabase(this, limits, this.#prepared))
  }

  /** PGlite runs in this process: its one connection cannot be lost, so `onReconnect` never fires. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const unlisten = await this.db.listen(channel, onNotify)
    return () => unlisten()
  }

  close(): Promise<void> {
    return this.db.close()
  }
}
