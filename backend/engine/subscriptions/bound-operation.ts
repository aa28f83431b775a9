import type { GraphqlRequest } from '../execute/operation-preparer.ts'
import type { CompiledRootField } from '../sql/compile-operation.ts'
import type { CompiledSubscription } from '../sql/compile-subscription.ts'
import type { Session } from '../../session/session.ts'

/** A subscription bound for one subscriber: its multiplexed statement and the values of its slots. */
export interface BoundSubscription {
  operationType: 'subscription'
  subscription: Exclude<CompiledSubscription, { kind: 'refused' }>
  values: unknown[]
}

/**
 * An operation as the engine prepared it for one session, without running it. A subscription
 * comes with its multiplexed statement (compiled once with the plan) and this subscriber's
 * values for the statement's slots (variables and session values); a query with each root
 * field's statement and bound values (benchmarks compare them with the engine); mutations are
 * run through `execute`.
 */
export type BoundOperation =
  | { operationType: 'query'; rootFields: Exclude<CompiledRootField, { kind: 'mutation' }>[] }
  | { operationType: 'mutation' }
  | BoundSubscription

/**
 * An operation prepared once for the WebSocket: a subscription bound for live queries, or a
 * query or mutation ready to run once, whose `run` resolves with Hasura's response JSON text
 * (`{"data":…}`) and rejects with the engine's error.
 */
export type StartedOperation =
  BoundSubscription | { operationType: 'query' | 'mutation'; run(options: { requestId?: string }): Promise<string> }

/** What subscriptions need from the GraphQL engine. */
export interface SubscriptionEngine {
  /** Parses, validates and plans (from the caches when it can), once; throws the engine's error. */
  start(request: GraphqlRequest, session: Session): Promise<StartedOperation>
  /** The `errors` array JSON text Hasura sends in an `error` message for an error of `start` or `run`. */
  errors(error: unknown, isAdmin: boolean): string
  /** The response Hasura sends for an error of a live query's statement. */
  errorResponse(error: unknown, isAdmin: boolean): string
}
