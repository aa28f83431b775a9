import { sql } from '../lib/sql.ts'
import { AdminApiError } from './admin-api-error.ts'
import { assertTriggerEnvironment } from './check-trigger-environment.ts'
import type { JsonNode } from '../metadata/model/json-node.ts'
import type { MetadataCommand } from './metadata-commands.ts'
import { readCronTrigger, readHeaders, readScheduledRetryConf, readWebhook } from '../metadata/model/read-trigger-definitions.ts'

/**
 * Hasura's scheduled-trigger commands (https://hasura.io/docs/2.0/api-reference/metadata-api/scheduled-triggers/).
 * Cron triggers live in the metadata (backend/triggers schedules their events when it is saved);
 * one-off events are rows of `hdb_catalog.hdb_scheduled_events`.
 */
export function scheduledTriggerCommands(type: string, args: JsonNode): MetadataCommand | undefined {
  switch (type) {
    case 'create_cron_trigger':
      return createCronTrigger(args)
    case 'delete_cron_trigger':
      return deleteCronTrigger(args)
    case 'get_cron_triggers':
      // As Hasura answers it: every trigger, with its retry_conf completed by the defaults.
      return async ({ metadata }) => ({
        response: {
          cron_triggers: (metadata.cron_triggers ?? []).map((t) => ({ ...t, retry_conf: { ...CRON_RETRY_DEFAULTS, ...t.retry_conf } })),
        },
      })
    case 'create_scheduled_event':
      return createScheduledEvent(args)
    case 'delete_scheduled_event':
      return deleteScheduledEvent(args)
    case 'get_scheduled_events':
      return getScheduledEvents(args)
    default:
      return undefined
  }
}

const SUCCESS = { message: 'success' }

/** Hasura's `STRetryConf` defaults for cron triggers (https://hasura.io/docs/2.0/api-reference/syntax-defs/#retryconfst). */
const CRON_RETRY_DEFAULTS = { num_retries: 0, retry_interval_seconds: 10, timeout_seconds: 60, tolerance_seconds: 21_600 }

function createCronTrigger(args: JsonNode): MetadataCommand {
  const trigger = readCronTrigger(args)
  const replace = args.optional('replace', (n) => n.boolean()) ?? false
  delete (trigger as { replace?: unknown }).replace
  return async ({ metadata }, context) => {
    const existing = metadata.cron_triggers ?? []
    if (!replace && existing.some((t) => t.name === trigger.name)) {
      throw new AdminApiError(400, 'already-exists', `cron trigger with name: ${trigger.name} already exists`)
    }
    assertTriggerEnvironment(trigger, context.config)
    const cronTriggers = [...existing.filter((t) => t.name !== trigger.name), trigger]
    return { response: SUCCESS, next: { ...metadata, cron_triggers: cronTriggers } }
  }
}

function deleteCronTrigger(args: JsonNode): MetadataCommand {
  args.object()
  const name = args.required('name', (n) => n.nonEmptyString())
  return async ({ metadata }) => {
    const existing = metadata.cron_triggers ?? []
    if (!existing.some((t) => t.name === name)) throw new AdminApiError(400, 'not-exists', `cron trigger with name: ${name} does not exist`)
    const { cron_triggers: _dropped, ...rest } = metadata
    const kept = existing.filter((t) => t.name !== name)
    return { response: SUCCESS, next: kept.length > 0 ? { ...rest, cron_triggers: kept } : rest }
  }
}

function readScheduleAt(node: JsonNode): string {
  const text = node.nonEmptyString()
  if (Number.isNaN(Date.parse(text))) node.fail(`could not parse timestamp: ${text}`)
  return new Date(text).toISOString()
}

function createScheduledEvent(args: JsonNode): MetadataCommand {
  args.object()
  const conf: { webhook?: string; webhook_from_env?: string } = {}
  readWebhook(args, conf)
  const scheduleAt = args.required('schedule_at', readScheduleAt)
  const payload = args.optional('payload', (n) => n.value) ?? null
  const headers = args.optional('headers', readHeaders) ?? []
  const retry = args.optional('retry_conf', readScheduledRetryConf) ?? {}
  const comment = args.optional('comment', (n) => n.string()) ?? null
  // Stored as Hasura stores `webhook_conf`: the URL (template) itself, or `{"from_env": NAME}`.
  const webhookConf = conf.webhook !== undefined ? conf.webhook : { from_env: conf.webhook_from_env }
  return async (_state, context) => {
    assertTriggerEnvironment({ ...conf, headers }, context.config)
    const id = await context.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(sql`
INSERT INTO hdb_catalog.hdb_scheduled_events (webhook_conf, scheduled_time, payload, retry_conf, header_conf, comment)
VALUES (${JSON.stringify(webhookConf)}, ${scheduleAt}, ${JSON.stringify(payload)}, ${JSON.stringify(retry)}, ${JSON.stringify(headers)}, ${comment})
RETURNING id`)
      await tx.query(sql`SELECT pg_notify('pulseboard_scheduled_events', '')`)
      return rows[0]!.id
    })
    return { response: { message: 'success', event_id: id } }
  }
}

function readEventType(args: JsonNode): 'cron' | 'one_off' {
  const type = args.required('type', (n) => n.string())
  if (type !== 'cron' && type !== 'one_off') args.key('type').fail('expected "cron" or "one_off"')
  return type as 'cron' | 'one_off'
}

const tableOf = (type: 'cron' | 'one_off') => (type === 'cron' ? sql`hdb_catalog.hdb_cron_events` : sql`hdb_catalog.hdb_scheduled_events`)

function deleteScheduledEvent(args: JsonNode): MetadataCommand {
  args.object()
  const type = readEventType(args)
  const id = args.required('event_id', (n) => n.nonEmptyString())
  return async (_state, context) => {
    const { rowCount } = await context.db.query(sql`DELETE FROM ${tableOf(type)} WHERE id = ${id}`)
    if (rowCount === 0) throw new AdminApiError(400, 'not-exists', `scheduled event with id "${id}" does not exist`)
    return { response: SUCCESS }
  }
}

/** Hasura's `get_scheduled_events`: `{events, count?}`, newest scheduled first, optionally by status. */
function getScheduledEvents(args: JsonNode): MetadataCommand {
  args.object()
  const type = readEventType(args)
  const trigger = type === 'cron' ? args.required('trigger_name', (n) => n.nonEmptyString()) : undefined
  const limit = args.optional('limit', (n) => n.nonNegativeInteger()) ?? 100
  const offset = args.optional('offset', (n) => n.nonNegativeInteger()) ?? 0
  const statuses = args.optional('status', (n) => n.list((s) => s.string())) ?? []
  const withCount = args.optional('get_rows_count', (n) => n.boolean()) ?? false
  return async (_state, context) => {
    const where = sql`WHERE true ${trigger !== undefined ? sql`AND trigger_name = ${trigger}` : sql``} ${statuses.length > 0 ? sql`AND status = ANY(${statuses}::text[])` : sql``}`
    const columns =
      type === 'cron'
        ? sql`id, trigger_name, scheduled_time::text, status, tries, created_at::text, next_retry_at::text`
        : sql`id, webhook_conf, scheduled_time::text, retry_conf, payload, header_conf, status, tries, created_at::text, next_retry_at::text, comment`
    const { rows } = await context.db.query(
      sql`SELECT ${columns} FROM ${tableOf(type)} ${where} ORDER BY scheduled_time ASC LIMIT ${limit} OFFSET ${offset}`,
    )
    if (!withCount) return { response: { events: rows } }
    const count = await context.db.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM ${tableOf(type)} ${where}`)
    return { response: { events: rows, count: count.rows[0]!.count } }
  }
}
