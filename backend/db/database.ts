import type { ClientGone } from '../lib/client-gone.ts'
import type { SqlFragment } from '../lib/sql.ts'

/**
 * The database as the rest of the backend sees it. Two implementations (PGlite in-process and
 * node-postgres against DATABASE_URL) behave alike, including how values come back:
 * `bool`, `int2`, `int4`, `oid`, `float4`, `float8` as JS numbers and booleans, `json`/`jsonb`
 * parsed, and every other type (int8, numeric, timestamps, arrays, bytea, …) as Postgres' text.
 */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[]
  fields: { name: string; dataTypeID: number }[]
  /** Rows affected by INSERT/UPDATE/DELETE, or rows returned by SELECT. */
  rowCount: number
}

/** One statement's result from `script`: column names and every value as text. */
export interface ScriptResult {
  command: string
  fields: { name: string; dataTypeID: number }[]
  rows: (string | null)[][]
  rowCount: number
}

export interface Queryable {
  /** One statement; `values` bind `$1…$n` (a compiled `sql` fragment brings its own). */
  query<Row = Record<string, unknown>>(query: SqlFragment | string, values?: unknown[]): Promise<QueryResult<Row>>
  /**
   * Runs a script of any number of statements (DO blocks, `$$` bodies) with the simple query
   * protocol, as psql would, and returns each statement's result with values as text.
   */
  script(text: string): Promise<ScriptResult[]>
}

export type Transaction = Queryable

/** Bounds on the statements of one request that the client chose (`Database.limited`). */
export interface QueryLimits {
  /** Longest a statement may run, in ms: Postgres' `statement_timeout`. */
  timeoutMs: number
  /** The request's client: once it has gone, the statement running is cancelled and no other starts. */
  clientGone?: ClientGone
}

export interface TransactionalQueryable extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>
}

/** A statement with its values, as `compile` gives it. */
export interface BoundStatement {
  text: string
  values: readonly unknown[]
}

/** The database as `Database.limited` lends it to the engine's requests. */
export interface LimitedDatabase extends TransactionalQueryable {
  /**
   * Statements requests run again and again (the engine's), in order, in one transaction, whole
   * or not at all, in one round trip where the database is a server: a query's root field alone,
   * or a mutation's statement after the `set_config` its triggers read. Each is prepared on its
   * connection from its second use on (named-statements.ts, prepared-statements.ts). Returns the
   * last statement's rows, every value as Postgres' text (`json` included).
   */
  runStatements(statements: readonly BoundStatement[]): Promise<(string | null)[][]>
}

export interface Database extends TransactionalQueryable {
  /**
   * Runs `work` under `limits`, for requests whose cost the client chooses (GraphQL): a
   * statement past `timeoutMs`, or whose client went away, fails with `QueryCanceledError`'s
   * SQLSTATE 57014. On PostgreSQL this work gets connections of its own, so that it cannot take
   * every connection from sign-in and the other services.
   */
  limited<T>(limits: QueryLimits, work: (db: LimitedDatabase) => Promise<T>): Promise<T>
  /**
   * LISTEN on a channel; the returned function stops listening. `onReconnect` is called when the
   * listening connection was lost and is back: notifications sent meanwhile may have been missed.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>
  close(): Promise<void>
  /** For logs: which database this is, without credentials. */
  readonly description: string
}

/** A Postgres error as both drivers report it, with the fields Hasura's error mapping needs. */
export interface PostgresErrorFields {
  code?: string
  message: string
  detail?: string
  hint?: string
  constraint?: string
  table?: string
  column?: string
  schema?: string
}

export function isPostgresError(error: unknown): error is Error & PostgresErrorFields {
  const code: unknown = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

/**
 * SQLSTATE 57014 (`query_canceled`), raised by the adapters where Postgres itself would not: a
 * statement whose client has already gone is not started, and PGlite cannot interrupt one.
 */
export class QueryCanceledError extends Error {
  readonly code = '57014'

  constructor(reason: 'timeout' | 'client') {
    super(reason === 'timeout' ? 'canceling statement due to statement timeout' : 'canceling statement due to user request')
    this.name = 'QueryCanceledError'
  }
}
