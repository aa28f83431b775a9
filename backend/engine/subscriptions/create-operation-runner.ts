import type { Logger } from '../../lib/logger.ts'
import type { TableName } from '../plan/tables-read.ts'
import { hasuraErrors, type OperationRunner, type OperationSink } from './operation-runner.ts'
import type { BoundOperation, SubscriptionEngine } from './bound-operation.ts'
import { TooManySubscriptionsError, type LiveQueryManager } from './live-query-manager.ts'
import { tableKey } from './live-query-plan.ts'

export interface RunnerDependencies {
  engine: SubscriptionEngine
  liveQueries: LiveQueryManager
  log: Logger
}

/**
 * Operations over the WebSocket: queries and mutations run once through the engine, as over
 * HTTP; subscriptions become live queries, or streams for `T_stream` fields. As Hasura does, an
 * error that keeps the operation from starting is an `error` message, an error while running is
 * a result with `errors`.
 */
export function createOperationRunner({ engine, liveQueries, log }: RunnerDependencies): OperationRunner {
  return {
    async start(request, session, sink, requestId) {
      let bound: BoundOperation
      try {
        bound = await engine.bind(request, session)
      } catch (error) {
        sink.error(errorsOf(engine.errorResponse(error, session.isAdmin)))
        return () => {}
      }
      if (bound.operationType !== 'subscription') {
        answerOnce(await engine.execute(request, session, { requestId }), sink)
        return () => {}
      }
      const { subscription, values } = bound
      const role = session.role
      const tables = tableKeys(subscription.tables)
      try {
        if (subscription.kind === 'live') return liveQueries.subscribe({ role, statement: subscription.statement, values, tables }, sink)
        const key = JSON.stringify(subscription.key)
        return liveQueries.subscribeStream(
          {
            role,
            statement: subscription.statement,
            cursorSlot: subscription.cursorSlot,
            bound: subscription.bound,
            values,
            respond: (batch) => `{"data":{${key}:${batch}}}`,
            tables,
          },
          sink,
        )
      } catch (error) {
        if (!(error instanceof TooManySubscriptionsError)) throw error
        log.warn('live query refused', { requestId, reason: error.message })
        sink.error(hasuraErrors('unexpected', error.message))
        return () => {}
      }
    },
  }
}

/** Every subscriber of a plan shares its compiled table list: one set of keys per list. */
const keysByTables = new WeakMap<readonly TableName[], ReadonlySet<string>>()

function tableKeys(tables: readonly TableName[] | null): ReadonlySet<string> | null {
  if (tables === null) return null
  let keys = keysByTables.get(tables)
  if (!keys) {
    keys = new Set(tables.map((table) => tableKey(table.schema, table.name)))
    keysByTables.set(tables, keys)
  }
  return keys
}

/** A response without `data` is a request error: Hasura sends it as an `error` message. */
function answerOnce(response: string, sink: OperationSink): void {
  const parsed = JSON.parse(response) as { data?: unknown; errors?: unknown[] }
  if (parsed.data === undefined && Array.isArray(parsed.errors)) return sink.error(JSON.stringify(parsed.errors))
  sink.next(response)
  sink.complete()
}

function errorsOf(response: string): string {
  return JSON.stringify((JSON.parse(response) as { errors: unknown[] }).errors)
}
