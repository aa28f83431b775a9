import type { Logger } from '../../lib/logger.ts'
import type { Metadata } from '../../metadata/model/types.ts'
import { hasuraErrors, type OperationRunner, type OperationSink } from './operation-runner.ts'
import type { SubscriptionEngine } from './bound-operation.ts'
import { TooManySubscriptionsError, type LiveQueryManager } from './live-query-manager.ts'
import { operationTypeOf } from './operation-type.ts'
import { planLiveQuery } from './plan-live-query.ts'
import { planStreamSubscription } from './plan-stream-subscription.ts'

export interface RunnerDependencies {
  engine: SubscriptionEngine
  liveQueries: LiveQueryManager
  metadata: () => Metadata
  log: Logger
}

/**
 * Operations over the WebSocket: queries and mutations run once through the engine, as over
 * HTTP; subscriptions become live queries, or streams for `T_stream` fields. As Hasura does, an
 * error that keeps the operation from starting is an `error` message, an error while running is
 * a result with `errors`.
 */
export function createOperationRunner({ engine, liveQueries, metadata, log }: RunnerDependencies): OperationRunner {
  return {
    async start(request, session, sink) {
      if (operationTypeOf(request) !== 'subscription') {
        answerOnce(await engine.execute(request, session), sink)
        return () => {}
      }
      let subscribe: () => () => void
      try {
        const bound = await engine.bind(request, session)
        const stream = planStreamSubscription(bound, session.role, metadata())
        if (stream) subscribe = () => liveQueries.subscribeStream(stream, sink)
        else {
          const plan = planLiveQuery(bound, session.role, metadata())
          subscribe = () => liveQueries.subscribe(plan, sink)
        }
      } catch (error) {
        sink.error(errorsOf(engine.errorResponse(error, session.isAdmin)))
        return () => {}
      }
      try {
        return subscribe()
      } catch (error) {
        if (!(error instanceof TooManySubscriptionsError)) throw error
        log.warn('live query refused', { reason: error.message })
        sink.error(hasuraErrors('unexpected', error.message))
        return () => {}
      }
    },
  }
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
