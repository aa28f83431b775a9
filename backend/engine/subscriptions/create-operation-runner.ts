import type { Logger } from '../../lib/logger.ts'
import type { TableName } from '../plan/tables-read.ts'
import { hasuraErrors, type OperationRunner } from './operation-runner.ts'
import type { StartedOperation, SubscriptionEngine } from './bound-operation.ts'
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
      let started: StartedOperation
      try {
        started = await engine.start(request, session)
      } catch (error) {
        sink.error(engine.errors(error, session.isAdmin))
        return () => {}
      }
      if (started.operationType !== 'subscription') {
        let response: string
        try {
          response = await started.run({ requestId })
        } catch (error) {
          // A failed run answers no `data`: Hasura sends its errors as an `error` message.
          sink.error(engine.errors(error, session.isAdmin))
          return () => {}
        }
        sink.next(response)
        sink.complete()
        return () => {}
      }
      const { subscription, values } = started
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
