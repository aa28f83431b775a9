import type { Database, Queryable } from '../db/database.ts'
import { sql } from '../lib/sql.ts'
import type { CronTrigger, Metadata } from '../metadata/model/types.ts'
import { dropPendingCronEvents, topUpCronEvents } from './cron-schedule.ts'
import {
  installEventTrigger,
  installedEventTriggers,
  removeEventTrigger,
  type EventPayloadOptions,
  type TableTrigger,
} from './event-trigger-sql.ts'

/** Instances that change triggers at once (two starting together) take turns: concurrent CREATE OR REPLACE of one function fails. */
const TRIGGER_DDL_LOCK = 7_341_902_011

export function eventTriggersOf(metadata: Metadata): Map<string, TableTrigger> {
  const triggers = new Map<string, TableTrigger>()
  for (const source of metadata.sources) {
    for (const table of source.tables)
      for (const trigger of table.event_triggers ?? []) triggers.set(trigger.name, { table: table.table, trigger })
  }
  return triggers
}

const eventShape = ({ table, trigger }: TableTrigger) => JSON.stringify([table, trigger.definition])
const cronShape = (t: CronTrigger) => JSON.stringify([t.schedule])

/**
 * Runs in the transaction that saves a metadata change (MetadataStore.onPersist), so that the
 * Postgres triggers and the cron schedule commit or roll back with it: only the event triggers
 * whose table or definition changed are re-created (each takes a lock on its table).
 */
export async function applyTriggerChanges(
  q: Queryable,
  previous: Metadata,
  next: Metadata,
  options: EventPayloadOptions = {},
): Promise<void> {
  const before = eventTriggersOf(previous)
  const after = eventTriggersOf(next)
  const removed = [...before.keys()].filter((name) => !after.has(name))
  const changed = [...after.values()].filter(
    (t) => before.get(t.trigger.name) === undefined || eventShape(before.get(t.trigger.name)!) !== eventShape(t),
  )
  const cronBefore = new Map((previous.cron_triggers ?? []).map((t) => [t.name, t]))
  const cronAfter = next.cron_triggers ?? []
  const cronNames = new Set(cronAfter.map((t) => t.name))
  const cronChanged = cronAfter.filter((t) => !cronBefore.has(t.name) || cronShape(cronBefore.get(t.name)!) !== cronShape(t))
  const cronGone = [...cronBefore.keys()].filter((name) => !cronNames.has(name))
  if (removed.length + changed.length + cronChanged.length + cronGone.length === 0) return
  await q.query(sql`SELECT pg_advisory_xact_lock(${TRIGGER_DDL_LOCK}::bigint)`)
  for (const name of removed) await removeEventTrigger(q, name)
  for (const trigger of changed) await installEventTrigger(q, trigger, options)
  await dropPendingCronEvents(q, [...cronGone, ...cronChanged.filter((t) => cronBefore.has(t.name)).map((t) => t.name)])
  await topUpCronEvents(q, cronChanged)
}

/**
 * At start: the database's triggers are made to match the metadata (it may have been applied from
 * `nhost/metadata`, or changed by an older release), and the cron schedule is topped up.
 */
export async function reconcileTriggers(db: Database, metadata: Metadata, options: EventPayloadOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(${TRIGGER_DDL_LOCK}::bigint)`)
    const wanted = eventTriggersOf(metadata)
    for (const name of await installedEventTriggers(tx)) if (!wanted.has(name)) await removeEventTrigger(tx, name)
    for (const trigger of wanted.values()) await installEventTrigger(tx, trigger, options)
    const cron = metadata.cron_triggers ?? []
    const { rows } = await tx.query<{ name: string }>(
      sql`SELECT DISTINCT trigger_name AS name FROM hdb_catalog.hdb_cron_events WHERE status = 'scheduled'`,
    )
    await dropPendingCronEvents(
      tx,
      rows.map((r) => r.name).filter((name) => !cron.some((t) => t.name === name)),
    )
    await topUpCronEvents(tx, cron)
  })
}
