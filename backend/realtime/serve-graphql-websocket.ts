import type { Server } from 'node:http'
import { createOperationRunner } from '../engine/subscriptions/create-operation-runner.ts'
import { engineErrorFromDatabase } from '../engine/execute/database-error.ts'
import { errorResponse, errorsJson } from '../engine/execute/error-response.ts'
import type { GraphqlEngine } from '../engine/execute/graphql-engine.ts'
import type { SubscriptionEngine } from '../engine/subscriptions/bound-operation.ts'
import { LiveQueryManager } from '../engine/subscriptions/live-query-manager.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { resolveSession } from '../session/resolve-session.ts'
import { attachGraphqlWebSocket } from './attach-graphql-websocket.ts'

const TRIGGER_RETRY_MS = 2_000
/** Hasura's close reason when its metadata changes (`mkCloseWebsocketsOnMetadataChangeAction`). */
const METADATA_CHANGED = 'Server state changed, restarting the server'

export interface GraphqlWebSocketService {
  close(): Promise<void>
}

/**
 * GraphQL over WebSocket on the backend's port: the transport, the live queries behind it, and
 * the change triggers of the tracked tables, refreshed whenever the metadata or the catalog
 * changes (a re-created table has lost its trigger).
 */
export async function serveGraphqlWebSocket(
  server: Server,
  context: BackendContext,
  graphqlEngine: GraphqlEngine,
): Promise<GraphqlWebSocketService> {
  const engine: SubscriptionEngine = {
    start: (request, session) => graphqlEngine.start(request, session),
    errors: (error, isAdmin) => errorsJson(engineErrorFromDatabase(error), isAdmin),
    errorResponse: (error, isAdmin) => errorResponse(engineErrorFromDatabase(error), isAdmin),
  }
  const liveQueries = new LiveQueryManager({
    db: context.db,
    log: context.log,
    refetchIntervalMs: context.config.liveQueriesRefetchIntervalMs,
    batchSize: context.config.liveQueriesBatchSize,
    timeLimitMs: (role) => graphqlEngine.limits(role).timeLimitMs,
    errorResponse: (error, isAdmin) => engine.errorResponse(error, isAdmin),
  })
  let refreshing = Promise.resolve()
  let retry: NodeJS.Timeout | undefined
  let closed = false
  const refreshTriggers = (): Promise<void> => {
    clearTimeout(retry)
    const tables = () => context.metadata.current.sources.flatMap((source) => source.tables.map((t) => t.table))
    // Usually a table locked by DDL in flight (run_sql): try again once it is likely done.
    const retryLater = () => {
      if (!closed) retry = setTimeout(() => void refreshTriggers(), TRIGGER_RETRY_MS).unref()
    }
    refreshing = refreshing
      .then(() => liveQueries.trackTables(tables()))
      .then(
        (complete) => {
          if (!complete) retryLater()
        },
        (error: unknown) => {
          context.log.warn('could not install change triggers; live queries are polled until they are', { error: String(error) })
          retryLater()
        },
      )
    return refreshing
  }
  await refreshTriggers()
  await liveQueries.start()

  const transport = attachGraphqlWebSocket(server, {
    runner: createOperationRunner({ engine, liveQueries, log: context.log }),
    resolveSession: (headers) => resolveSession(headers, context.config),
    log: context.log,
    keepAliveMs: context.config.websocketKeepAliveMs,
    initTimeoutMs: context.config.websocketInitTimeoutMs,
    maxOperations: context.config.websocketMaxOperations,
    admitOperation: (session, clientAddress) =>
      graphqlEngine
        .rateLimit(session, clientAddress, 1)
        ?.then((limited) => limited && { code: limited.error.code, message: limited.error.message }) ?? null,
  })
  const unsubscribe = context.metadata.subscribe((change) => {
    void refreshTriggers()
    // Open operations were validated and planned under the old metadata: a revoked permission
    // must stop their rows. The schema cache has already been invalidated (it subscribed first).
    if (change === 'metadata') transport.restartConnections(METADATA_CHANGED)
  })
  return {
    async close() {
      closed = true
      clearTimeout(retry)
      unsubscribe()
      await transport.close()
      await liveQueries.close()
      await refreshing
    },
  }
}
