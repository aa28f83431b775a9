import type { Database } from '../db/database.ts'
import type { Logger } from '../lib/logger.ts'
import { sql } from '../lib/sql.ts'
import { childTraceparent } from '../lib/trace-context.ts'
import type { MetadataStore } from '../metadata/store/metadata-store.ts'
import type { EventTrigger, QualifiedTable } from '../metadata/model/types.ts'
import type { DeliverySource } from './delivery-loop.ts'
import {
  invocationLog,
  isSuccess,
  postWebhook,
  retryAfterSeconds,
  wasRefused,
  type WebhookOutcome,
  type WebhookRequest,
} from './post-webhook.ts'
import { resolveHeaders, resolveWebhookUrl } from './resolve-webhook.ts'

export interface EventRow {
  id: string
  schema_name: string
  table_name: string
  trigger_name: string
  payload: unknown
  tries: number
  created_at: string
}

/** Hasura's defaults for `retry_conf` (https://hasura.io/docs/2.0/api-reference/syntax-defs/#retryconf). */
const DEFAULT_INTERVAL_SEC = 10
const DEFAULT_TIMEOUT_SEC = 60

/**
 * Hasura's fetch query (`fetchEvents` in hasura/graphql-engine), recording the instance that takes
 * each event: once that instance stops beating, another frees its lock (instance-heartbeat.ts).
 * Hasura's rule stays for locks without a holder: older than 30 minutes, the event is taken again.
 */
function claimEvents(db: Database, limit: number, instanceId: string): Promise<EventRow[]> {
  return db
    .query<EventRow>(
      sql`
UPDATE hdb_catalog.event_log SET locked = now(), locked_by = ${instanceId}
WHERE id IN (
  SELECT l.id FROM hdb_catalog.event_log l
  WHERE NOT l.delivered AND NOT l.error AND NOT l.archived
    AND (l.locked IS NULL OR l.locked < now() - interval '30 minutes')
    AND (l.next_retry_at IS NULL OR l.next_retry_at <= now())
  ORDER BY l.created_at
  LIMIT ${limit}
  FOR UPDATE SKIP LOCKED)
RETURNING id, schema_name, table_name, trigger_name, payload, tries,
  to_char(created_at::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at`,
    )
    .then((r) => r.rows)
}

function findTrigger(store: MetadataStore, table: QualifiedTable, name: string): EventTrigger | undefined {
  for (const source of store.current.sources) {
    for (const t of source.tables) {
      if (t.table.schema !== table.schema || t.table.name !== table.name) continue
      const trigger = t.event_triggers?.find((e) => e.name === name)
      if (trigger) return trigger
    }
  }
  return undefined
}

/** The body Hasura POSTs for an event (https://hasura.io/docs/2.0/event-triggers/payload/). */
export function eventBody(event: EventRow, maxRetries: number): unknown {
  return {
    id: event.id,
    created_at: event.created_at,
    trigger: { name: event.trigger_name },
    table: { schema: event.schema_name, name: event.table_name },
    event: event.payload,
    delivery_info: { max_retries: maxRetries, current_retry: event.tries },
  }
}

export function eventDeliveries(
  db: Database,
  metadata: MetadataStore,
  env: () => Record<string, string | undefined>,
  instanceId: string,
  log: Logger,
): DeliverySource<EventRow> {
  return {
    name: 'event triggers',
    claim: (limit) => claimEvents(db, limit, instanceId),
    async deliver(event, stop) {
      const table = { schema: event.schema_name, name: event.table_name }
      const trigger = findTrigger(metadata, table, event.trigger_name)
      if (!trigger) {
        // Another instance created the trigger and this one has not reloaded the metadata yet.
        await db.query(
          sql`UPDATE hdb_catalog.event_log SET locked = NULL, next_retry_at = now() + interval '1 second' WHERE id = ${event.id}`,
        )
        return
      }
      const retry = trigger.retry_conf ?? { num_retries: 0, interval_sec: DEFAULT_INTERVAL_SEC }
      const numRetries = retry.num_retries ?? 0
      const body = eventBody(event, numRetries)
      let request: WebhookRequest
      let outcome: WebhookOutcome
      try {
        const environment = env()
        request = {
          url: resolveWebhookUrl(trigger, environment),
          headers: [...traceHeaders(event), ...resolveHeaders(trigger.headers, environment)],
          body,
          timeoutMs: (retry.timeout_sec ?? DEFAULT_TIMEOUT_SEC) * 1000,
          signal: stop.signal,
        }
        outcome = await postWebhook(request)
      } catch (error) {
        request = { url: '', headers: [], body, timeoutMs: 0 }
        outcome = { kind: 'error', message: (error as Error).message }
      }
      if (stop.signal.aborted || (stop.draining && wasRefused(outcome))) {
        await db.query(sql`UPDATE hdb_catalog.event_log SET locked = NULL WHERE id = ${event.id}`)
        return
      }
      await recordAttempt(db, event, request, outcome, numRetries, retry.interval_sec ?? DEFAULT_INTERVAL_SEC)
      log.info('event delivery', {
        event_id: event.id,
        trigger: event.trigger_name,
        try: event.tries + 1,
        status: outcome.kind === 'response' ? outcome.status : outcome.message,
        trace_id: traceOf(event)?.trace_id ?? null,
      })
    },
  }
}

function traceOf(event: EventRow): { trace_id?: unknown } | null {
  const trace = (event.payload as { trace_context?: unknown } | null)?.trace_context
  return typeof trace === 'object' ? (trace as { trace_id?: unknown } | null) : null
}

/**
 * The webhook call continues the trace of the request that wrote the event (W3C `traceparent`),
 * so that a tracing backend shows both as one trace. A trigger's own headers come after and win.
 */
function traceHeaders(event: EventRow): { name: string; value: string }[] {
  const traceparent = childTraceparent(traceOf(event))
  return traceparent ? [{ name: 'traceparent', value: traceparent }] : []
}

/**
 * Hasura's `processSuccess`/`processError`: an attempt is logged and counted; a failure is retried
 * after `interval_sec`, or after the webhook's `Retry-After`, which Hasura honours even when the
 * retries are used up (`retryOrSetError`); otherwise the event is marked as an error.
 */
async function recordAttempt(
  db: Database,
  event: EventRow,
  request: WebhookRequest,
  outcome: WebhookOutcome,
  numRetries: number,
  intervalSec: number,
): Promise<void> {
  const log = invocationLog(request, outcome)
  const retryAfter = retryAfterSeconds(outcome)
  const success = isSuccess(outcome)
  const giveUp = !success && event.tries >= numRetries && retryAfter === undefined
  await db.transaction(async (tx) => {
    await tx.query(sql`INSERT INTO hdb_catalog.event_invocation_logs (event_id, trigger_name, status, request, response)
VALUES (${event.id}, ${event.trigger_name}, ${log.status}, ${JSON.stringify(log.request)}, ${JSON.stringify(log.response)})`)
    if (success) {
      await tx.query(
        sql`UPDATE hdb_catalog.event_log SET tries = tries + 1, delivered = true, next_retry_at = NULL, locked = NULL WHERE id = ${event.id}`,
      )
    } else if (giveUp) {
      await tx.query(
        sql`UPDATE hdb_catalog.event_log SET tries = tries + 1, error = true, next_retry_at = NULL, locked = NULL WHERE id = ${event.id}`,
      )
    } else {
      const delay = retryAfter ?? intervalSec
      await tx.query(sql`UPDATE hdb_catalog.event_log SET tries = tries + 1, locked = NULL,
  next_retry_at = (now() + make_interval(secs => ${delay}))::timestamp WHERE id = ${event.id}`)
    }
  })
}
