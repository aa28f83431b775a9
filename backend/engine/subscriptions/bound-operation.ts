import type { GraphqlRequest } from '../execute/graphql-engine.ts'
import type { CompiledRootField } from '../sql/compile-operation.ts'
import type { CompiledSubscription } from '../sql/compile-subscription.ts'
import type { Session } from '../../session/session.ts'

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
  | { operationType: 'subscription'; subscription: Exclude<CompiledSubscription, { kind: 'refused' }>; values: unknown[] }

/** What subscriptions need from the GraphQL engine. */
export interface SubscriptionEngine {
  /** Runs a query or mutation: Hasura's response JSON text. */
  execute(request: GraphqlRequest, session: Session, options?: { requestId?: string }): Promise<string>
  /** Parses, validates and plans (from the caches when it can); throws the engine's error. */
  bind(request: GraphqlRequest, session: Session): Promise<BoundOperation>
  /** The response Hasura sends for an error of `bind` or of a live query's statement. */
  errorResponse(error: unknown, isAdmin: boolean): string
}
