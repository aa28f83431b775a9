import { Cron } from 'croner'
import type { Queryable } from '../db/database.ts'
import { sql } from '../lib/sql.ts'
import type { CronTrigger } from '../metadata/model/types.ts'

/** Hasura keeps the next 100 events of every cron trigger in hdb_cron_events (`populateInitialCronTriggerEvents`). */
export const CRON_EVENTS_AHEAD = 100

/** The next `count` times of a five-field UTC cron expression, after `after`. */
export function nextCronTimes(schedule: string, after: Date, count: number): Date[] {
  return new Cron(schedule, { timezone: 'UTC', paused: true }).nextRuns(count, after)
}

/**
 * Tops up the scheduled events of each trigger to CRON_EVENTS_AHEAD, continuing after the latest
 * one already stored; the unique index on (trigger_name, scheduled_time) makes instances that
 * do this at the same time agree.
 */
export async function topUpCronEvents(q: Queryable, triggers: readonly CronTrigger[], now = new Date()): Promise<void> {
  for (const trigger of triggers) {
    const { rows } = await q.query<{ pending: number; latest: string | null }>(sql`
SELECT count(*) FILTER (WHERE status = 'scheduled' AND scheduled_time > now())::int AS pending, max(scheduled_time)::text AS latest
FROM hdb_catalog.hdb_cron_events WHERE trigger_name = ${trigger.name}`)
    const { pending, latest } = rows[0]!
    if (pending >= CRON_EVENTS_AHEAD) continue
    const from = latest && Date.parse(latest) > now.getTime() ? new Date(latest) : now
    const times = nextCronTimes(trigger.schedule, from, CRON_EVENTS_AHEAD - pending)
    if (times.length === 0) continue
    await q.query(sql`
INSERT INTO hdb_catalog.hdb_cron_events (trigger_name, scheduled_time)
SELECT ${trigger.name}, t FROM unnest(${times.map((t) => t.toISOString())}::timestamptz[]) AS t
ON CONFLICT DO NOTHING`)
  }
}

/** Pending events of cron triggers that were deleted or changed are dropped, as Hasura does on `delete_cron_trigger`. */
export async function dropPendingCronEvents(q: Queryable, names: readonly string[]): Promise<void> {
  if (names.length === 0) return
  await q.query(sql`DELETE FROM hdb_catalog.hdb_cron_events WHERE trigger_name = ANY(${names}::text[]) AND status = 'scheduled'`)
}
