import { mkdirSync } from 'node:fs'
import type { PGlite, Results, Transaction as PGliteTransaction } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { ltree } from '@electric-sql/pglite/contrib/ltree'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'
import { compile, isSqlFragment, type SqlFragment } from '../lib/sql.ts'
import type { Database, LimitedDatabase, QueryLimits, QueryResult, Queryable, ScriptResult } from './database.ts'
import { CrashGuardedPGlite } from './pglite-crash-guard.ts'
import { parameterText } from './parameter-text.ts'
import { limitDatabase } from './pglite-limits.ts'
import { PreparedStatements } from './prepared-statements.ts'
import { PARSED_TYPES, parseValue } from './type-parsers.ts'

type Parsers = Record<number, (text: string) => unknown>
type Serializers = Record<number, (value: unknown) => string>

export interface PGliteOptions {
  dataDir?: string
  /**
   * Leave `json`/`jsonb` values as their text, for a caller that parses them itself: the worker
   * thread, whose answers structured cloning would otherwise have to copy however deep they nest.
   */
  jsonAsText?: boolean
  /** Called once a crashed instance has been replaced (pglite-crash-guard.ts). */
  onRestart?: () => void
}

/**
 * PGlite parses more types than node-postgres does (int8 as bigint, timestamps as Date, arrays).
 * Overriding the parser of every built-in type OID makes both adapters return the same values
 * (see database.ts); types created later have no PGlite parser and already stay text. Values go
 * the other way as text already (`parameterText`), which PGlite's serializers must pass as it is.
 */
async function codecsForAllTypes(pg: PGlite, jsonAsText: boolean): Promise<Codecs> {
  const uniform: Parsers = {}
  const text: Parsers = {}
  const serializers: Serializers = {}
  const { rows } = await pg.query<{ oid: number }>('select oid::int4 as oid from pg_catalog.pg_type')
  for (const { oid } of rows) {
    const keepText = jsonAsText && (oid === PARSED_TYPES.json || oid === PARSED_TYPES.jsonb)
    uniform[oid] = keepText ? (value) => value : (value) => parseValue(oid, value)
    text[oid] = (value) => value
    serializers[oid] = (value) => value as string
  }
  return { uniform, text, serializers }
}

interface Codecs {
  uniform: Parsers
  text: Parsers
  serializers: Serializers
}

interface Instance {
  pg: CrashGuardedPGlite
  codecs: Codecs
  /** Set once a replacement is under way; nothing keeps a crashed instance (its memory) alive. */
  replaced?: boolean
}

async function openInstance(options: PGliteOptions, loadDataDir?: Blob): Promise<Instance> {
  const pg = await CrashGuardedPGlite.open({
    dataDir: options.dataDir,
    loadDataDir,
    extensions: { citext, ltree, pgcrypto, uuid_ossp },
  })
  return { pg, codecs: await codecsForAllTypes(pg, options.jsonAsText ?? false) }
}

export async function openPGlite(options: PGliteOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  return new PGliteDatabase(await openInstance(options), options)
}

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

/** Runs `work` on an instance; if it crashed the instance, a replacement starts before the error goes on. */
type Guard = <T>(instance: Instance, work: () => Promise<T>) => Promise<T>

class PGliteQueryableImpl implements Queryable {
  constructor(
    private readonly target: () => Promise<{ instance: Instance; on: Pick<PGlite, 'query' | 'exec'> | PGliteTransaction }>,
    private readonly guard: Guard,
  ) {}

  async query<Row>(query: SqlFragment | string, values?: unknown[]): Promise<QueryResult<Row>> {
    const bound = bind(query, values)
    const { instance, on } = await this.target()
    return this.guard(instance, async () =>
      toQueryResult(
        await on.query<Row>(bound.text, bound.values.map(parameterText), {
          parsers: instance.codecs.uniform,
          serializers: instance.codecs.serializers,
        }),
      ),
    )
  }

  async script(text: string): Promise<ScriptResult[]> {
    const { instance, on } = await this.target()
    return this.guard(instance, async () => scriptResults(await on.exec(text, { rowMode: 'array', parsers: instance.codecs.text })))
  }
}

interface Listener {
  channel: string
  onNotify: (payload: string) => void
  unlisten?: () => Promise<void>
}

/**
 * PGlite behind the `Database` interface. When a statement crashes the WebAssembly Postgres
 * (pglite-crash-guard.ts), that statement and those queued behind it fail, and the instance is
 * replaced by a new one over the same data: the data folder again, or, in memory, a copy of the
 * crashed instance's files, which hold every committed transaction (the write-ahead log is
 * written at commit). Postgres replays it as after a power cut; open transactions are lost.
 * Listeners are restored, prepared statements forgotten.
 */
class PGliteDatabase extends PGliteQueryableImpl implements Database {
  /** PGlite has one connection: one record of what it has prepared. */
  readonly #prepared = new PreparedStatements()
  #instance: Promise<Instance>
  readonly #listeners = new Set<Listener>()
  readonly description: string

  constructor(
    first: Instance,
    private readonly options: PGliteOptions,
  ) {
    const guard: Guard = async (instance, work) => {
      try {
        return await work()
      } catch (error) {
        if (instance.pg.crash) this.#replace(instance)
        throw error
      }
    }
    super(async () => {
      const instance = await this.#instance
      return { instance, on: instance.pg }
    }, guard)
    this.#guard = guard
    this.#instance = Promise.resolve(first)
    this.description = options.dataDir ? `PGlite at ${options.dataDir}` : 'PGlite in memory'
  }

  readonly #guard: Guard

  /** Once per crashed instance: statements that follow wait for its replacement. */
  #replace(crashed: Instance): void {
    if (crashed.replaced) return
    crashed.replaced = true
    this.#instance = (async () => {
      const copy = this.options.dataDir ? undefined : await crashed.pg.dumpDataDir('none')
      const next = await openInstance(this.options, copy)
      this.#prepared.forget()
      for (const listener of this.#listeners) listener.unlisten = await next.pg.listen(listener.channel, listener.onNotify)
      console.error(`${this.description}: ${crashed.pg.crash?.message}`)
      this.options.onRestart?.()
      return next
    })()
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const instance = await this.#instance
    return this.#guard(instance, () =>
      instance.pg.transaction((tx) => work(new PGliteQueryableImpl(async () => ({ instance, on: tx }), this.#guard))),
    )
  }

  limited<T>(limits: QueryLimits, work: (db: LimitedDatabase) => Promise<T>): Promise<T> {
    return work(limitDatabase(this, limits, this.#prepared))
  }

  /** PGlite runs in this process: its one connection cannot be lost, so `onReconnect` never fires. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const instance = await this.#instance
    const listener: Listener = { channel, onNotify }
    listener.unlisten = await this.#guard(instance, () => instance.pg.listen(channel, onNotify))
    this.#listeners.add(listener)
    return async () => {
      this.#listeners.delete(listener)
      await listener.unlisten?.()
    }
  }

  async close(): Promise<void> {
    const instance = await this.#instance
    if (!instance.pg.crash) await instance.pg.close()
  }
}
