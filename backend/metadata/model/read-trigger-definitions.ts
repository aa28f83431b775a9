import { Cron } from 'croner'
import type { JsonNode } from './json-node.ts'
import type { ColumnList, CronTrigger, EventTrigger } from './types.ts'

/**
 * Event and cron trigger definitions, checked as Hasura checks them (`TriggerName`,
 * `EventTriggerConf`, `CronTriggerMetadata` in hasura/graphql-engine): errors name the key.
 */

/** Hasura: names become part of Postgres function names (`notify_hasura_<name>_INSERT`), hence the limit. */
export function readTriggerName(node: JsonNode): string {
  const name = node.nonEmptyString()
  if (!/^[A-Za-z0-9_-]+$/.test(name)) node.fail('only alphanumeric and underscore and hyphens allowed for name')
  if (name.length > 42) node.fail('event trigger name can be at most 42 characters')
  return name
}

function readColumnList(node: JsonNode): ColumnList {
  if (node.value === '*') return '*'
  return node.list((c) => c.nonEmptyString(), 'expected "*" or a list of column names')
}

function readOpSpec(node: JsonNode): { columns: ColumnList; payload?: ColumnList } {
  node.object()
  const spec: { columns: ColumnList; payload?: ColumnList } = { columns: node.required('columns', readColumnList) }
  const payload = node.optional('payload', readColumnList)
  if (payload !== undefined) spec.payload = payload
  return spec
}

export function readHeaders(node: JsonNode): { name: string; value?: string; value_from_env?: string }[] {
  return node.list((h) => {
    h.object()
    const name = h.required('name', (n) => n.nonEmptyString())
    const value = h.optional('value', (n) => n.string())
    const fromEnv = h.optional('value_from_env', (n) => n.nonEmptyString())
    if ((value === undefined) === (fromEnv === undefined)) h.fail('expected exactly one of "value" and "value_from_env"')
    return value !== undefined ? { name, value } : { name, value_from_env: fromEnv! }
  })
}

/** An event trigger as metadata holds it (`definition`, `retry_conf`, …): checked, and kept as given for export. */
export function readEventTrigger(node: JsonNode): EventTrigger {
  const given = node.object()
  node.required('name', readTriggerName)
  const def = node.required('definition', (n) => n)
  readDefinition(def, def)
  node.required('retry_conf', readRetryConf)
  readWebhook(node, {})
  node.optional('headers', readHeaders)
  return given as unknown as EventTrigger
}

/** Hasura's `RetryConf`: `num_retries` and `interval_sec` (defaults 0 and 10), `timeout_sec` (60). */
export function readRetryConf(node: JsonNode): EventTrigger['retry_conf'] {
  node.object()
  return {
    num_retries: node.optional('num_retries', (n) => n.nonNegativeInteger()) ?? 0,
    interval_sec: node.optional('interval_sec', (n) => n.nonNegativeInteger()) ?? 10,
    timeout_sec: node.optional('timeout_sec', (n) => n.nonNegativeInteger()) ?? 60,
  }
}

export function readWebhook(node: JsonNode, target: { webhook?: string; webhook_from_env?: string }): void {
  const webhook = node.optional('webhook', (n) => n.nonEmptyString())
  const fromEnv = node.optional('webhook_from_env', (n) => n.nonEmptyString())
  if (webhook !== undefined && fromEnv !== undefined) node.fail('only one of webhook or webhook_from_env should be given')
  if (webhook === undefined && fromEnv === undefined) node.fail('must provide webhook or webhook_from_env')
  if (webhook !== undefined) target.webhook = webhook
  else target.webhook_from_env = fromEnv
}

/** The operation specs; `specs` holds insert/update/delete and `manual` holds enable_manual (the API's flat form has both in one object). */
export function readDefinition(specs: JsonNode, manual: JsonNode): EventTrigger['definition'] {
  specs.object()
  const definition: EventTrigger['definition'] = { enable_manual: manual.optional('enable_manual', (n) => n.boolean()) ?? false }
  for (const op of ['insert', 'update', 'delete'] as const) {
    const spec = specs.optional(op, readOpSpec)
    if (spec !== undefined) definition[op] = spec
  }
  if (!definition.insert && !definition.update && !definition.delete && !definition.enable_manual) {
    specs.fail('at least one among the insert/update/delete/manual specs must be provided')
  }
  return definition
}

/** Hasura's cron expressions have five fields, in UTC. */
export function readCronSchedule(node: JsonNode): string {
  const schedule = node.nonEmptyString().trim()
  if (schedule.split(/\s+/).length !== 5)
    node.fail(`invalid cron expression "${schedule}": expected five fields (minute hour day-of-month month day-of-week)`)
  try {
    new Cron(schedule, { paused: true, timezone: 'UTC' })
  } catch (error) {
    node.fail(`invalid cron expression "${schedule}": ${(error as Error).message.replace(/^CronPattern: /, '')}`)
  }
  return schedule
}

export function readScheduledRetryConf(node: JsonNode): NonNullable<CronTrigger['retry_conf']> {
  node.object()
  const conf: NonNullable<CronTrigger['retry_conf']> = {}
  for (const key of ['num_retries', 'retry_interval_seconds', 'timeout_seconds', 'tolerance_seconds'] as const) {
    const value = node.optional(key, (n) => n.nonNegativeInteger())
    if (value !== undefined) conf[key] = value
  }
  return conf
}

export function readCronTrigger(node: JsonNode): CronTrigger {
  const given = node.object()
  const trigger = { ...given } as CronTrigger
  trigger.name = node.required('name', readTriggerName)
  trigger.webhook = node.required('webhook', (n) => n.nonEmptyString())
  trigger.schedule = node.required('schedule', readCronSchedule)
  trigger.include_in_metadata = node.required('include_in_metadata', (n) => n.boolean())
  const retry = node.optional('retry_conf', readScheduledRetryConf)
  if (retry !== undefined) trigger.retry_conf = retry
  const headers = node.optional('headers', readHeaders)
  if (headers !== undefined) trigger.headers = headers
  const comment = node.optional('comment', (n) => n.string())
  if (comment !== undefined) trigger.comment = comment
  return trigger
}
