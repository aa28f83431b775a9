import type { CompiledSql } from '../../lib/sql.ts'

/**
 * What the engine hands the live-query machinery for one subscriber: the statement that answers
 * its subscription, compiled like any query with the subscriber's variables and session values
 * as parameters, and what that statement reads.
 */
export interface LiveQueryPlan {
  /** Subscribers are multiplexed only within one role (ARCHITECTURE.md, live queries). */
  role: string
  /**
   * One row of one column: the GraphQL response (`{"data":…}`) as JSON. Subscribers whose
   * statements have the same text are multiplexed; their values must be what node-postgres would
   * send (texts, numbers, booleans, null).
   */
  statement: CompiledSql
  /**
   * The tables the statement reads, as `tableKey`s: a change notification for one of them
   * refetches it. Null when the engine cannot tell (a function body, a view): polled instead.
   */
  tables: ReadonlySet<string> | null
}

/** A live query's subscriber: where its results go. */
export interface LiveQuerySink {
  /** A new result (JSON text), sent only when it differs from the last one sent. */
  next(response: string): void
}

/** Turns an error of the statement into the response Hasura sends for it (`{"errors":[…]}`). */
export type ErrorResponse = (error: unknown, isAdmin: boolean) => string

/** How a table is named in `LiveQueryPlan.tables` and in change notifications. */
export function tableKey(schema: string, name: string): string {
  return JSON.stringify([schema, name])
}
