import pg from 'pg'
import type { ClientGone } from '../lib/client-gone.ts'
import { compile, ident, isSqlFragment, sql, type SqlFragment } from '../lib/sql.ts'
import {
  QueryCanceledError,
  type BoundStatement,
  type Database,
  type LimitedDatabase,
  type QueryLimits,
  type QueryResult,
  type Queryable,
  type ScriptResult,
} from './database.ts'
import { ClientPool } from './client-pool.ts'
import { NamedStatements } from './named-statements.ts'
import { StatementPipeline } from './statement-pipeline.ts'
import { parseValue } from './type-parsers.ts'

const uniformTypes = { getTypeParser: (oid: number) => (text: string) => parseValue(oid, text) }
const textTypes = { getTypeParser: () => (text: string) => text }

type Runner = Pick<pg.PoolClient, 'query'>

function bind(query: SqlFragment | string, values: unknown[] | undefined): { text: string; values: unknown[] } {
  return isSqlFragment(query) ? compile(query) : { text: query, values: values ?? [] }
}

class PostgresQueryable implements Queryable {
  constructor(private readonly runner: Runner) {}

  async query<Row>(query: SqlFragment | string, values?: unknown[]): Promise<QueryResult<Row>> {
    const bound = bind(query, values)
    const result = await this.runner.query({ text: bound.text, values: bound.values, types: uniformTypes })
    return {
      rows: result.rows as Row[],
      fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      rowCount: result.rowCount ?? result.rows.length,
    }
  }

  async script(text: string): Promise<ScriptResult[]> {
    // Without values node-postgres uses the simple protocol, which allows several statements.
    const raw = (await this.runner.query({ text, rowMode: 'array', types: textTypes })) as pg.QueryArrayResult | pg.QueryArrayResult[]
    const results = Array.isArray(raw) ? raw : [raw]
    return results.map((r) => ({
      command: r.command,
      fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      rows: r.rows as (string | null)[][],
      rowCount: r.rowCount ?? r.rows.length,
    }))
  }
}

/**
 * `serviceConnections` serve every service but GraphQL, the LISTEN connection included. `limited`
 * work (GraphQL requests) has a pool of its own, `graphqlConnections` (Hasura's
 * HASURA_GRAPHQL_PG_CONNECTIONS, 50 by default as there): ten slow GraphQL requests once took all
 * ten connections of one shared pool and sign-in waited 40 s. The two together are all the
 * connections this instance opens (config/connection-budget.ts).
 */
const DEFAULT_SERVICE_CONNECTIONS = 10
const DEFAULT_GRAPHQL_CONNECTIONS = 50

export async function openPostgres(
  url: string,
  {
    graphqlConnections = DEFAULT_GRAPHQL_CONNECTIONS,
    serviceConnections = DEFAULT_SERVICE_CONNECTIONS,
    preparedStatements = true,
  }: { graphqlConnections?: number; serviceConnections?: number; preparedStatements?: boolean } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: serviceConnections })
  // Idle clients can fail when the server restarts; the pool replaces them on next use.
  pool.on('error', (error) => console.error('postgres pool error:', error.message))
  const probe = await pool.connect()
  probe.release()
  const limitedPool = new ClientPool<LimitedConnection>({ connectionString: url }, graphqlConnections, () => ({
    named: new NamedStatements(preparedStatements),
  }))
  return new PostgresDatabase(pool, limitedPool, describe(url))
}

/** What a GraphQL connection keeps: its `statement_timeout`, set only when it changes, and what it has prepared. */
interface LimitedConnection {
  timeoutMs?: number
  named: NamedStatements
}

async function inTransaction<T>(client: pg.ClientBase, tx: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> {
  await client.query('BEGIN')
  try {
    const result = await work(tx)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

/** One client of the limited pool: no statement starts once the request's client has gone. */
class LimitedPostgres extends PostgresQueryable implements LimitedDatabase {
  constructor(
    private readonly client: pg.ClientBase,
    private readonly clientGone: ClientGone | undefined,
    private readonly named: NamedStatements,
  ) {
    super(client)
  }

  async runStatements(statements: readonly BoundStatement[]): Promise<(string | null)[][]> {
    if (this.clientGone?.gone) throw new QueryCanceledError('client')
    const plans = statements.map((statement) => this.named.plan(statement.text))
    const pipeline = new StatementPipeline(statements, plans, this.named.takeEvicted())
    this.client.query(pipeline as unknown as pg.Submittable)
    const rows = await pipeline.done
    this.named.confirm(statements, plans)
    return rows
  }

  override query<Row>(query: SqlFragment | string, values?: unknown[]): Promise<QueryResult<Row>> {
    if (this.clientGone?.gone) return Promise.reject(new QueryCanceledError('client'))
    return super.query<Row>(query, values)
  }

  override script(text: string): Promise<ScriptResult[]> {
    if (this.clientGone?.gone) return Promise.reject(new QueryCanceledError('client'))
    return super.script(text)
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return inTransaction(this.client, this, work)
  }
}

function describe(url: string): string {
  try {
    const u = new URL(url)
    return `PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}`
  } catch {
    return 'PostgreSQL'
  }
}

interface Listener {
  onNotify: (payload: string) => void
  onReconnect?: () => void
}

const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000, 10_000]

class PostgresDatabase extends PostgresQueryable implements Database {
  /** LISTEN needs one connection of its own that stays open (ARCHITECTURE.md). */
  private listener: Promise<pg.PoolClient> | undefined
  private readonly handlers = new Map<string, Set<Listener>>()
  private closed = false

  constructor(
    private readonly pool: pg.Pool,
    private readonly limitedPool: ClientPool<LimitedConnection>,
    readonly description: string,
  ) {
    super(pool)
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect()
    try {
      return await inTransaction(client, new PostgresQueryable(client), work)
    } finally {
      client.release()
    }
  }

  /**
   * A client that goes away cancels its statement with `pg_cancel_backend` (sent over the other
   * pool, which has connections to spare); the connection goes back to the pool only after the
   * cancel has been delivered, so that it cannot hit the next request's statement. A backend
   * reading its next command ignores a cancel.
   */
  async limited<T>(limits: QueryLimits, work: (db: LimitedDatabase) => Promise<T>): Promise<T> {
    const pooled = await this.limitedPool.acquire()
    const { client, state } = pooled
    let cancelled: Promise<void> | undefined
    let stopListening: (() => void) | undefined
    let failure: unknown
    try {
      if (limits.clientGone?.gone) throw new QueryCanceledError('client')
      if (state.timeoutMs !== limits.timeoutMs) {
        state.timeoutMs = undefined
        await client.query(compile(sql`SELECT set_config('statement_timeout', ${String(limits.timeoutMs)}, false)`))
        state.timeoutMs = limits.timeoutMs
      }
      stopListening = limits.clientGone?.onGone(() => (cancelled = this.cancelStatement(client)))
      return await work(new LimitedPostgres(client, limits.clientGone, state.named))
    } catch (error) {
      failure = error
      throw error
    } finally {
      stopListening?.()
      if (cancelled) await cancelled
      this.limitedPool.release(pooled, failure)
    }
  }

  private cancelStatement(client: pg.Client): Promise<void> {
    const pid = (client as unknown as { processID: number }).processID
    return this.pool.query('SELECT pg_cancel_backend($1)', [pid]).then(
      () => undefined,
      (error: Error) => console.error('postgres: cancelling a statement failed:', error.message),
    )
  }

  private listenerClient(): Promise<pg.PoolClient> {
    if (!this.listener) {
      const connecting = this.connectListener()
      this.listener = connecting
      connecting.catch(() => {
        if (this.listener === connecting) this.listener = undefined
      })
    }
    return this.listener
  }

  private async connectListener(): Promise<pg.PoolClient> {
    const client = await this.pool.connect()
    client.on('notification', (message) => {
      for (const listener of this.handlers.get(message.channel) ?? []) listener.onNotify(message.payload ?? '')
    })
    // A server restart, an idle timeout or pg_terminate_backend ends the connection and its
    // LISTENs (and an unhandled 'error' event would end the process): connect again.
    let lost = false
    const onLost = (error?: Error) => {
      if (lost || this.closed) return
      lost = true
      this.listener = undefined
      client.release(error ?? true)
      if (!this.closed) void this.reconnect()
    }
    client.on('error', onLost)
    client.on('end', () => onLost())
    for (const channel of this.handlers.keys()) await client.query(compile(sql`LISTEN ${ident(channel)}`).text)
    return client
  }

  /** Listens again on every channel, then tells listeners that notifications may have been missed. */
  private async reconnect(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]))
      if (this.closed) return
      try {
        await this.listenerClient()
      } catch (error) {
        console.error('postgres: LISTEN connection lost, retrying:', (error as Error).message)
        continue
      }
      for (const listeners of this.handlers.values()) for (const listener of listeners) listener.onReconnect?.()
      return
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
    const client = await this.listenerClient()
    let set = this.handlers.get(channel)
    if (!set) {
      set = new Set()
      this.handlers.set(channel, set)
      await client.query(compile(sql`LISTEN ${ident(channel)}`).text)
    }
    const listener: Listener = { onNotify, onReconnect }
    set.add(listener)
    return async () => {
      set.delete(listener)
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel)
        const current = await this.listener?.catch(() => undefined)
        await current?.query(compile(sql`UNLISTEN ${ident(channel)}`).text)
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true
    const client = await this.listener?.catch(() => undefined)
    this.listener = undefined
    client?.release()
    await Promise.all([this.pool.end(), this.limitedPool.close()])
  }
}
