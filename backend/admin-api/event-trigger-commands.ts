import { sql } from '../lib/sql.ts'
import { traceContextFor } from '../lib/trace-context.ts'
import { AdminApiError } from './admin-api-error.ts'
import { assertTriggerEnvironment } from './check-trigger-environment.ts'
import { DEFAULT_SOURCE, displayName } from '../metadata/store/find-inconsistencies.ts'
import type { JsonNode } from '../metadata/model/json-node.ts'
import type { MetadataCommand } from './metadata-commands.ts'
import { readQualifiedName } from '../metadata/model/parse-metadata.ts'
import { readDefinition, readHeaders, readRetryConf, readTriggerName, readWebhook } from '../metadata/model/read-trigger-definitions.ts'
import type { ColumnList, EventTrigger, Metadata, TableMetadata } from '../metadata/model/types.ts'

/**
 * Hasura's event-trigger commands (https://hasura.io/docs/2.0/api-reference/metadata-api/event-triggers/).
 * Creating or deleting one changes the metadata; backend/triggers creates the Postgres triggers in
 * the transaction that saves it. The others read or write `hdb_catalog.event_log` directly.
 */
export function eventTriggerCommands(type: string, args: JsonNode): MetadataCommand | undefined {
  switch (type.replace(/^pg_/, '')) {
    case 'create_event_trigger':
      return createEventTrigger(args)
    case 'delete_event_trigger':
      return deleteEventTrigger(args)
    case 'invoke_event_trigger':
      return invokeEventTrigger(args)
    case 'redeliver_event':
      return redeliverEvent(args)
    case 'get_event_logs':
      return getEventLogs(args)
    case 'get_event_invocation_logs':
      return getInvocationLogs(args)
    case 'get_event_by_id':
      return getEventById(args)
    default:
      return undefined
  }
}

const SUCCESS = { message: 'success' }

function sourceOf(args: JsonNode): string {
  return args.optional('source', (n) => n.nonEmptyString()) ?? DEFAULT_SOURCE
}

function findTrigger(metadata: Metadata, source: string, name: string): { table: TableMetadata; trigger: EventTrigger } {
  for (const table of metadata.sources.find((s) => s.name === source)?.tables ?? []) {
    const trigger = table.event_triggers?.find((t) => t.name === name)
    if (trigger) return { table, trigger }
  }
  throw new AdminApiError(400, 'not-exists', `event trigger "${name}" does not exist`)
}

function withTriggers(metadata: Metadata, source: string, change: (table: TableMetadata) => TableMetadata): Metadata {
  return { ...metadata, sources: metadata.sources.map((s) => (s.name === source ? { ...s, tables: s.tables.map(change) } : s)) }
}

function createEventTrigger(args: JsonNode): MetadataCommand {
  args.object()
  const source = sourceOf(args)
  const table = args.required('table', readQualifiedName)
  const replace = args.optional('replace', (n) => n.boolean()) ?? false
  const trigger = { name: args.required('name', readTriggerName) } as EventTrigger
  trigger.definition = readDefinition(args, args)
  trigger.retry_conf = args.optional('retry_conf', readRetryConf) ?? { num_retries: 0, interval_sec: 10, timeout_sec: 60 }
  readWebhook(args, trigger)
  const headers = args.optional('headers', readHeaders)
  if (headers !== undefined) trigger.headers = headers
  for (const key of ['request_transform', 'response_transform', 'cleanup_config'] as const) {
    const value = args.optional(key, (n) => n.anyObject())
    if (value !== undefined) trigger[key] = value
  }
  return async ({ metadata }, context) => {
    const src = metadata.sources.find((s) => s.name === source)
    if (!src) throw new AdminApiError(400, 'not-exists', `source with name "${source}" does not exist`)
    const entry = src.tables.find((t) => t.table.schema === table.schema && t.table.name === table.name)
    if (!entry) throw new AdminApiError(400, 'not-exists', `table "${displayName(table)}" does not exist`)
    const existing = src.tables.find((t) => t.event_triggers?.some((e) => e.name === trigger.name))
    if (existing && !replace) throw new AdminApiError(400, 'already-exists', `Event trigger with name "${trigger.name}" already exists`)
    if (existing && replace && existing !== entry)
      throw new AdminApiError(400, 'already-exists', `Event trigger with name "${trigger.name}" exists on another table`)
    assertTriggerEnvironment(trigger, context.config)
    const { rows } = await context.db.query<{ name: string }>(sql`
SELECT a.attname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ${table.schema} AND c.relname = ${table.name} AND a.attnum > 0 AND NOT a.attisdropped`)
    const columns = new Set(rows.map((r) => r.name))
    const named = (list: ColumnList | undefined) => (list === undefined || list === '*' ? [] : list)
    for (const op of ['insert', 'update', 'delete'] as const) {
      const spec = trigger.definition[op]
      for (const column of [...named(spec?.columns), ...named((spec as { payload?: ColumnList } | undefined)?.payload)]) {
        if (!columns.has(column))
          throw new AdminApiError(400, 'not-exists', `column "${column}" does not exist in table "${displayName(table)}"`, `$.${op}`)
      }
    }
    const next = withTriggers(metadata, source, (t) => {
      const others = (t.event_triggers ?? []).filter((e) => e.name !== trigger.name)
      const list = t === entry ? [...others, trigger] : others
      const { event_triggers: _dropped, ...rest } = t
      return list.length > 0 ? { ...rest, event_triggers: list } : rest
    })
    return { response: SUCCESS, next }
  }
}

function deleteEventTrigger(args: JsonNode): MetadataCommand {
  args.object()
  const source = sourceOf(args)
  const name = args.required('name', (n) => n.nonEmptyString())
  return async ({ metadata }) => {
    findTrigger(metadata, source, name)
    const next = withTriggers(metadata, source, (t) => {
      if (!t.event_triggers?.some((e) => e.name === name)) return t
      const { event_triggers: list, ...rest } = t
      const kept = list.filter((e) => e.name !== name)
      return kept.length > 0 ? { ...rest, event_triggers: kept } : rest
    })
    return { response: SUCCESS, next }
  }
}

/** Hasura's `invoke_event_trigger`: an event with op MANUAL and the payload as `data.new`, for triggers with `enable_manual`. */
function invokeEventTrigger(args: JsonNode): MetadataCommand {
  args.object()
  const source = sourceOf(args)
  const name = args.required('name', (n) => n.nonEmptyString())
  const payload = args.required('payload', (n) => n.value)
  return async ({ metadata }, context) => {
    const { table, trigger } = findTrigger(metadata, source, name)
    if (!trigger.definition.enable_manual) throw new AdminApiError(400, 'not-supported', 'manual mode is not enabled for event trigger')
    const event = {
      op: 'MANUAL',
      data: { old: null, new: payload },
      session_variables: { 'x-hasura-role': 'admin' },
      trace_context: traceContextFor(null),
    }
    const { rows } = await context.db.transaction(async (tx) => {
      const inserted = await tx.query<{ id: string }>(sql`
INSERT INTO hdb_catalog.event_log (schema_name, table_name, trigger_name, payload)
VALUES (${table.table.schema}, ${table.table.name}, ${name}, ${JSON.stringify(event)}) RETURNING id`)
      await tx.query(sql`SELECT pg_notify('pulseboard_events', '')`)
      return inserted
    })
    return { response: { event_id: rows[0]!.id } }
  }
}

/** Hasura's `redeliver_event`: the event is delivered again from scratch (tries 0). */
function redeliverEvent(args: JsonNode): MetadataCommand {
  args.object()
  const id = args.required('event_id', (n) => n.nonEmptyString())
  return async (_state, context) => {
    const done = await context.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ locked: string | null }>(
        sql`SELECT locked::text FROM hdb_catalog.event_log WHERE id = ${id} FOR UPDATE`,
      )
      if (rows.length === 0) throw new AdminApiError(400, 'not-exists', 'event not found')
      if (rows[0]!.locked !== null) throw new AdminApiError(400, 'event-already-locked', 'event is already being processed')
      await tx.query(
        sql`UPDATE hdb_catalog.event_log SET delivered = false, error = false, tries = 0, next_retry_at = NULL, archived = false WHERE id = ${id}`,
      )
      await tx.query(sql`SELECT pg_notify('pulseboard_events', '')`)
      return SUCCESS
    })
    return { response: done }
  }
}

const EVENT_COLUMNS = sql`id, schema_name, table_name, trigger_name, payload, delivered, error, tries, created_at::text, locked::text, next_retry_at::text, archived`
const INVOCATION_COLUMNS = sql`id, trigger_name, event_id, status, request, response, created_at::text`

function paging(args: JsonNode): { limit: number; offset: number } {
  return {
    limit: args.optional('limit', (n) => n.nonNegativeInteger()) ?? 100,
    offset: args.optional('offset', (n) => n.nonNegativeInteger()) ?? 0,
  }
}

/** `status`: `pending` (not yet delivered nor failed), `processed` (delivered or failed) or `all`, as in Hasura. */
function getEventLogs(args: JsonNode): MetadataCommand {
  args.object()
  const source = sourceOf(args)
  const name = args.required('name', (n) => n.nonEmptyString())
  const status = args.optional('status', (n) => n.string()) ?? 'all'
  if (!['pending', 'processed', 'all'].includes(status)) args.key('status').fail('expected one of "pending", "processed", "all"')
  const { limit, offset } = paging(args)
  return async ({ metadata }, context) => {
    findTrigger(metadata, source, name)
    const filter =
      status === 'pending' ? sql`AND NOT delivered AND NOT error` : status === 'processed' ? sql`AND (delivered OR error)` : sql``
    const { rows } = await context.db.query(sql`SELECT ${EVENT_COLUMNS} FROM hdb_catalog.event_log
WHERE trigger_name = ${name} AND NOT archived ${filter} ORDER BY created_at DESC LIMIT ${limit} OFFSET ${offset}`)
    return { response: rows }
  }
}

function getInvocationLogs(args: JsonNode): MetadataCommand {
  args.object()
  const source = sourceOf(args)
  const name = args.required('name', (n) => n.nonEmptyString())
  const { limit, offset } = paging(args)
  return async ({ metadata }, context) => {
    findTrigger(metadata, source, name)
    const { rows } = await context.db.query(sql`SELECT ${INVOCATION_COLUMNS} FROM hdb_catalog.event_invocation_logs
WHERE trigger_name = ${name} ORDER BY created_at DESC LIMIT ${limit} OFFSET ${offset}`)
    return { response: rows }
  }
}

function getEventById(args: JsonNode): MetadataCommand {
  args.object()
  const id = args.required('event_id', (n) => n.nonEmptyString())
  const limit = args.optional('invocation_log_limit', (n) => n.nonNegativeInteger()) ?? 100
  const offset = args.optional('invocation_log_offset', (n) => n.nonNegativeInteger()) ?? 0
  return async (_state, context) => {
    const { rows } = await context.db.query(sql`SELECT ${EVENT_COLUMNS} FROM hdb_catalog.event_log WHERE id = ${id}`)
    if (rows.length === 0) throw new AdminApiError(400, 'not-exists', `event with id "${id}" not found`)
    const invocations = await context.db.query(sql`SELECT ${INVOCATION_COLUMNS} FROM hdb_catalog.event_invocation_logs
WHERE event_id = ${id} ORDER BY created_at DESC LIMIT ${limit} OFFSET ${offset}`)
    return { response: { event: rows[0], invocations: invocations.rows } }
  }
}
