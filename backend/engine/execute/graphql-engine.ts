import type { GraphQLSchema } from 'graphql'
import type { BackendContext } from '../../context/backend-context.ts'
import type { Session } from '../../session/session.ts'
import { EngineError } from '../engine-error.ts'
import type { BoundOperation, StartedOperation } from '../subscriptions/bound-operation.ts'
import { bindPrepared, bindSubscription } from './bind-prepared.ts'
import { engineErrorFromDatabase } from './database-error.ts'
import { engineFailure, errorResponse } from './error-response.ts'
import { explainPrepared } from './explain-prepared.ts'
import type { EngineOperation } from './engine-operation.ts'
import type { EngineStep, InProcessEngine } from './in-process-engine.ts'
import { OperationPreparer, type GraphqlRequest, type PreparedRequest } from './operation-preparer.ts'
import type { RequestLimits } from './request-limits.ts'
import { RoleLimits } from './role-limits.ts'
import { RoleRateLimiter } from './role-rate-limiter.ts'
import { runPrepared, runPreparedTogether, type ExecuteOptions } from './run-prepared.ts'

export type { GraphqlRequest } from './operation-preparer.ts'
export type { ExecuteOptions } from './run-prepared.ts'
export { errorResponse } from './error-response.ts'

/**
 * The engine as the transports use it (HTTP, WebSocket) and, through `InProcessEngine`, the
 * services in the same process. Composes one module per job: preparing (operation-preparer.ts,
 * which owns the caches), running (run-prepared.ts), binding (bind-prepared.ts), explaining
 * (explain-prepared.ts), limits (role-limits.ts) and the rate limit (role-rate-limiter.ts).
 */
export interface GraphqlEngine extends InProcessEngine {
  /** Answers one request with Hasura's response JSON text, errors included. */
  execute(request: GraphqlRequest, session: Session, options?: ExecuteOptions): Promise<string>
  /** Hasura's `/v1/graphql/explain`: each root field's SQL and Postgres' plan for it. */
  explain(request: GraphqlRequest, session: Session): Promise<string>
  /** The operation prepared and bound for this session without running it (throws the engine's error). */
  bind(request: GraphqlRequest, session: Session): Promise<BoundOperation>
  /**
   * The operation prepared once for the WebSocket (throws the engine's error): a subscription
   * bound for live queries, else a run answering its response.
   */
  start(request: GraphqlRequest, session: Session): Promise<StartedOperation>
  /**
   * Hasura's `rate_limit` API limit, one count for every transport and every instance (in the
   * database): null when the session's role has no such limit; else counts `operations` for this
   * session and client address and resolves with the error and seconds to wait when they would
   * pass the limit, else null.
   */
  rateLimit(session: Session, clientAddress: string, operations: number): Promise<RateLimited | null> | null
  /** The limits a request of `role` is held to (request-limits.ts), kept until the metadata changes. */
  limits(role: string): RequestLimits
}

export interface RateLimited {
  error: EngineError
  retryAfterSeconds: number
}

export function createGraphqlEngine(context: BackendContext): GraphqlEngine {
  const limits = new RoleLimits(context.config.graphql, context.metadata)
  const preparer = new OperationPreparer(context, limits)
  const rateLimiter = new RoleRateLimiter(context.db)
  const running = { db: context.db, limits }

  /** `data` JSON text as Hasura's response. */
  const response = (data: string): string => `{"data":${data}}`

  return {
    async execute(request, session, options = {}) {
      try {
        const found = preparer.prepare(request, session)
        return response(await runPrepared(running, found instanceof Promise ? await found : found, options))
      } catch (error) {
        return errorResponse(engineFailure(context.log, error, options.requestId), session.isAdmin)
      }
    },
    async run<TData, TVariables extends Record<string, unknown>>(
      operation: EngineOperation<TData, TVariables>,
      variables: TVariables,
      session: Session,
      options: ExecuteOptions = {},
    ): Promise<TData> {
      try {
        const prepared = await preparer.prepareOperation(operation, variables, session)
        return JSON.parse(await runPrepared(running, prepared, options)) as TData
      } catch (error) {
        throw engineFailure(context.log, error, options.requestId)
      }
    },
    async runTogether<TData>(steps: readonly [...EngineStep[], EngineStep<TData>], options: ExecuteOptions = {}): Promise<TData> {
      try {
        const prepared: PreparedRequest[] = []
        // All prepared before the first runs: a refusal of any costs no statement.
        for (const { operation, variables, session } of steps) prepared.push(await preparer.prepareOperation(operation, variables, session))
        return JSON.parse(await runPreparedTogether(running, prepared, options)) as TData
      } catch (error) {
        throw engineFailure(context.log, error, options.requestId)
      }
    },
    async bind(request, session) {
      return bindPrepared(await preparer.prepare(request, session))
    },
    async start(request, session) {
      const prepared = await preparer.prepare(request, session)
      const { operationType, subscription } = prepared.compiled
      if (subscription) return bindSubscription(prepared, subscription)
      return {
        operationType: operationType === 'mutation' ? 'mutation' : 'query',
        async run(options) {
          try {
            return response(await runPrepared(running, prepared, options))
          } catch (error) {
            throw engineFailure(context.log, error, options.requestId)
          }
        },
      }
    },
    async explain(request, session) {
      try {
        return await explainPrepared(context.db, await preparer.prepare(request, session))
      } catch (error) {
        return errorResponse(engineErrorFromDatabase(error), true)
      }
    },
    schemaFor(role: string): Promise<GraphQLSchema> {
      return preparer.schemaFor(role)
    },
    limits: (role) => limits.of(role),
    rateLimit(session, clientAddress, count) {
      const { rate } = limits.of(session.role)
      if (!rate) return null
      return rateLimiter.allow(session, rate, clientAddress, count).then((allowed) =>
        allowed
          ? null
          : {
              error: new EngineError('rate-limit-exceeded', `too many requests: the limit is ${rate.max_reqs_per_min} per minute`),
              retryAfterSeconds: rateLimiter.retryAfterSeconds(),
            },
      )
    },
  }
}
