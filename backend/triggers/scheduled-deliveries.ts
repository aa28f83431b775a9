import type { Database } from '../db/database.ts'
import { ident, sql } from '../lib/sql.ts'
import type { MetadataStore } from '../metadata/store/metadata-store.ts'
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
import { resolveHeaders, resolveWebhookUrl, type HeaderConf, type WebhookConf } from './resolve-webhook.ts'

/** Hasura's `STRetryConf` defaults (https://hasura.io/docs/2.0/api-reference/syntax-defs/#retryconfst). */
export interface ScheduledRetryConf {
  num_retries?: number
  retry_interval_seconds?: number
  timeout_seconds?: number
  tolerance_seconds?: number
}
const DEFAULTS = { num_retries: 0, retry_interval_seconds: 10, timeout_seconds: 60, tolerance_seconds: 21_600 }

interface ScheduledRow {
  id: string
  tries: number
  scheduled_time: string
  created_at: string
  /** Cron events: the trigger's name. One-off events: their own configuration. */
  trigger_name?: string
  webhook_conf?: unknown
  header_conf?: HeaderConf[] | null
  retry_conf?: ScheduledRetryConf | null
  payload?: unknown
  comment?: string | null
  too_late: boolean
}

interface Delivery {
  webhook: WebhookConf
  headers?: HeaderConf[]
  retry: Required<ScheduledRetryConf>
  body: unknown
}

type Kind = 'cron' | 'one-off'
const TABLES: Record<Kind, { events: string; logs: string }> = {
  cron: { events: 'hdb_cron_events', logs: 'hdb_cron_event_invocation_logs' },
  'one-off': { events: 'hdb_scheduled_events', logs: 'hdb_scheduled_event_invocation_logs' },
}

/** aeson's UTCTime text, which Hasura sends: no fraction when it is zero, trailing zeros trimmed. */
export function utcText(column: string) {
  return sql`to_char(${ident(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
}
export const trimUtc = (text: string) => text.replace(/\.?0+Z$/, 'Z')

/** Hasura's `getScheduledEvents`/`getCronEvents`: due events become `locked` by this instance, skipping rows another instance holds. */
function claim(db: Database, kind: Kind, limit: number, instanceId: string): Promise<ScheduledRow[]> {
  const table = ident('hdb_catalog', TABLES[kind].events)
  const extra = kind === 'cron' ? sql`trigger_name` : sql`webhook_conf, header_conf, retry_conf, payload, comment`
  const tolerance = kind === 'cron' ? sql`NULL::int` : sql`(retry_conf->>'tolerance_seconds')::int`
  return db
    .query<ScheduledRow>(
      sql`
UPDATE ${table} SET status = 'locked', locked_by = ${instanceId}
WHERE id IN (
  SELECT t.id FROM ${table} t
  WHERE t.status = 'scheduled' AND coalesce(t.next_retry_at, t.scheduled_time) <= now()
  ORDER BY coalesce(t.next_retry_at, t.scheduled_time)
  LIMIT ${limit}
  FOR UPDATE SKIP LOCKED)
RETURNING id, tries, ${utcText('scheduled_time')} AS scheduled_time, ${utcText('created_at')} AS created_at, ${extra},
  scheduled_time < now() - make_interval(secs => coalesce(${tolerance}, ${DEFAULTS.tolerance_seconds})) AS too_late`,
    )
    .then((r) => r.rows)
}

function cronDelivery(metadata: MetadataStore, row: ScheduledRow): Delivery | undefined {
  const trigger = metadata.current.cron_triggers?.find((t) => t.name === row.trigger_name)
  if (!trigger) return undefined
  const body: Record<string, unknown> = {
    scheduled_time: trimUtc(row.scheduled_time),
    payload: trigger.payload ?? null,
    name: trigger.name,
    id: row.id,
  }
  if (trigger.comment !== undefined) body.comment = trigger.comment
  return { webhook: { webhook: trigger.webhook }, headers: trigger.headers, retry: { ...DEFAULTS, ...trigger.retry_conf }, body }
}

/** `webhook_conf` is stored as Hasura stores it: a URL (template) or `{"from_env": NAME}`. */
function oneOffDelivery(row: ScheduledRow): Delivery {
  const conf = row.webhook_conf
  const webhook = typeof conf === 'string' ? { webhook: conf } : { webhook_from_env: String((conf as { from_env?: unknown }).from_env) }
  const body: Record<string, unknown> = { scheduled_time: trimUtc(row.scheduled_time), payload: row.payload ?? null, id: row.id }
  if (row.comment != null) body.comment = row.comment
  body.created_at = trimUtc(row.created_at)
  return { webhook, headers: row.header_conf ?? [], retry: { ...DEFAULTS, ...row.retry_conf }, body }
}

export function scheduledDeliveries(
  kind: Kind,
  db: Database,
  metadata: MetadataStore,
  env: () => Record<string, string | undefined>,
  instanceId: string,
): DeliverySource<ScheduledRow> {
  const events = ident('hdb_catalog', TABLES[kind].events)
  const setStatus = (id: string, status: string) => db.query(sql`UPDATE ${events} SET status = ${status} WHERE id = ${id}`)
  return {
    name: kind === 'cron' ? 'cron triggers' : 'scheduled events',
    claim: (limit) => claim(db, kind, limit, instanceId),
    async deliver(row, stop) {
      const delivery = kind === 'cron' ? cronDelivery(metadata, row) : oneOffDelivery(row)
      // A cron trigger deleted meanwhile: its pending events are deleted with it.
      if (!delivery) return void (await db.query(sql`DELETE FROM ${events} WHERE id = ${row.id}`))
      const tooLate = kind === 'cron' ? Date.parse(row.scheduled_time) < Date.now() - delivery.retry.tolerance_seconds * 1000 : row.too_late
      // Hasura marks an event `dead` when it is found later than `tolerance_seconds` after its time.
      if (tooLate && row.tries === 0) return void (await setStatus(row.id, 'dead'))
      let request: WebhookRequest
      let outcome: WebhookOutcome
      try {
        const environment = env()
        request = {
          url: resolveWebhookUrl(delivery.webhook, environment),
          headers: resolveHeaders(delivery.headers, environment),
          body: delivery.body,
          timeoutMs: delivery.retry.timeout_seconds * 1000,
          signal: stop.signal,
        }
        outcome = await postWebhook(request)
      } catch (error) {
        request = { url: '', headers: [], body: delivery.body, timeoutMs: 0 }
        outcome = { kind: 'error', message: (error as Error).message }
      }
      if (stop.signal.aborted || (stop.draining && wasRefused(outcome))) return void (await setStatus(row.id, 'scheduled'))
      const log = invocationLog(request, outcome)
      const retryAfter = retryAfterSeconds(outcome)
      const success = isSuccess(outcome)
      const giveUp = !success && row.tries >= delivery.retry.num_retries && retryAfter === undefined
      await db.transaction(async (tx) => {
        await tx.query(sql`INSERT INTO ${ident('hdb_catalog', TABLES[kind].logs)} (event_id, status, request, response)
VALUES (${row.id}, ${log.status}, ${JSON.stringify(log.request)}, ${JSON.stringify(log.response)})`)
        if (success || giveUp) {
          await tx.query(
            sql`UPDATE ${events} SET tries = tries + 1, status = ${success ? 'delivered' : 'error'}, next_retry_at = NULL WHERE id = ${row.id}`,
          )
        } else {
          await tx.query(sql`UPDATE ${events} SET tries = tries + 1, status = 'scheduled',
  next_retry_at = now() + make_interval(secs => ${retryAfter ?? delivery.retry.retry_interval_seconds}) WHERE id = ${row.id}`)
        }
      })
    },
  }
}
