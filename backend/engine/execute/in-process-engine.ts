import type { GraphQLSchema } from 'graphql'
import type { Session } from '../../session/session.ts'
import type { EngineOperation } from './engine-operation.ts'
import type { ExecuteOptions } from './run-prepared.ts'

/** One operation of `runTogether`, with its variables and the session it runs as. */
export interface EngineStep<TData = unknown> {
  operation: EngineOperation<TData, unknown>
  variables: Record<string, unknown>
  session: Session
}

/**
 * The engine as the services in the same process use it (storage): operations defined once
 * (`engineOperation`), run with variables and a session, answering their typed `data` or
 * throwing the engine's `EngineError` (a database error classified as Hasura does). Permissions,
 * limits and caches are those of a request over HTTP; no response JSON is written or read.
 */
export interface InProcessEngine {
  run<TData, TVariables extends Record<string, unknown>>(
    operation: EngineOperation<TData, TVariables>,
    variables: TVariables,
    session: Session,
    options?: ExecuteOptions,
  ): Promise<TData>
  /**
   * Mutations, each as its own session, in one transaction, and in one round trip when each is a
   * single statement: storage inserts a file's row as the caller and completes it as admin so.
   * Answers the last one's data; when any fails, none is applied and its error is thrown.
   */
  runTogether<TData>(steps: readonly [...EngineStep[], EngineStep<TData>], options?: ExecuteOptions): Promise<TData>
  /** The role's GraphQL schema, to ask what the role may do without running anything. */
  schemaFor(role: string): Promise<GraphQLSchema>
}
