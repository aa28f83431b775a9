import type { MultiplexedStatement } from '../sql/compile-live-query.ts'

/**
 * One subscriber as the live-query machinery sees it: the multiplexed statement of its
 * subscription (compiled once with the plan, shared by every subscriber of that plan), its own
 * values for the statement's slots, and what the statement reads.
 */
export interface LiveQueryPlan {
  /** Subscribers are multiplexed only within one role (ARCHITECTURE.md, live queries). */
  role: string
  /** Returns `cohort` and one `response` column: the GraphQL response (`{"data":…}`) as text. */
  statement: MultiplexedStatement
  /** This subscriber's slot values (texts or null): subscribers with equal values form a cohort. */
  values: readonly unknown[]
  /**
   * The tables the statement reads, as `tableKey`s: a change notification for one of them
   * refetches it. Null when the engine cannot tell (a function body): polled instead.
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

/** The key of a statement's subscribers: one poller per role, statement and plan constants. */
export function pollerKey(role: string, statement: MultiplexedStatement): string {
  return `${role}\u0000${statement.text}\u0000${JSON.stringify(statement.constants)}`
}
