import type { GraphqlRequest } from '../execute/graphql-engine.ts'
import type { Session } from '../../session/session.ts'

/**
 * An operation as the engine compiles it for one session, without running it: per root field
 * either one SQL statement with its values bound (variables and session values), fixed JSON, or
 * introspection. Live queries multiplex these statements instead of executing them one by one.
 */
export type BoundRootField =
  | { key: string; kind: 'sql'; text: string; values: unknown[] }
  | { key: string; kind: 'json'; json: string }
  | { key: string; kind: 'introspection' }
  /** A streaming subscription: `values[cursorParameter]` is the cursor (text) each poll replaces. */
  | { key: string; kind: 'stream'; text: string; values: unknown[]; cursorParameter: number }

export interface BoundOperation {
  operationType: 'query' | 'mutation' | 'subscription'
  rootFields: BoundRootField[]
}

/** What subscriptions need from the GraphQL engine. */
export interface SubscriptionEngine {
  /** Runs a query or mutation: Hasura's response JSON text. */
  execute(request: GraphqlRequest, session: Session): Promise<string>
  /** Compiles and binds an operation; throws the engine's error when it cannot be run. */
  bind(request: GraphqlRequest, session: Session): Promise<BoundOperation>
  /** The response Hasura sends for an error of `bind` or of a live query's statement. */
  errorResponse(error: unknown, isAdmin: boolean): string
}
