import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { Database } from '../db/database.ts'
import { HEARTBEAT_STALE_MS } from '../db/instance-heartbeats.ts'
import type { Logger } from '../lib/logger.ts'
import { sql } from '../lib/sql.ts'

/** How often an instance beats (HEARTBEAT_STALE_MS without a beat makes it stopped). */
export const HEARTBEAT_INTERVAL_MS = 5_000

export interface InstanceHeartbeat {
  /** This instance's id, written into `locked_by` of every job it takes. */
  readonly instanceId: string
  /** Stops beating, frees whatever this instance still holds and removes its row. */
  stop(): Promise<void>
}

const stale = sql`make_interval(secs => ${HEARTBEAT_STALE_MS / 1000})`

/**
 * Frees jobs whose holder has stopped beating (killed, frozen, its machine gone): an event is
 * unlocked, a cron or scheduled event is `scheduled` again. Then forgets the stopped instances.
 * One statement, run by every instance at each beat.
 */
export async function freeLocksOfStoppedInstances(db: Database): Promise<number> {
  const result = await db.query<{ freed: number }>(sql`
WITH live AS (
  SELECT instance_id FROM hdb_catalog.pulseboard_instance_heartbeats WHERE beat_at > now() - ${stale}
), events AS (
  UPDATE hdb_catalog.event_log SET locked = NULL, locked_by = NULL
  WHERE locked IS NOT NULL AND locked_by IS NOT NULL AND locked_by NOT IN (SELECT instance_id FROM live)
  RETURNING 1
), cron AS (
  UPDATE hdb_catalog.hdb_cron_events SET status = 'scheduled', locked_by = NULL
  WHERE status = 'locked' AND locked_by IS NOT NULL AND locked_by NOT IN (SELECT instance_id FROM live)
  RETURNING 1
), scheduled AS (
  UPDATE hdb_catalog.hdb_scheduled_events SET status = 'scheduled', locked_by = NULL
  WHERE status = 'locked' AND locked_by IS NOT NULL AND locked_by NOT IN (SELECT instance_id FROM live)
  RETURNING 1
), forgotten AS (
  DELETE FROM hdb_catalog.pulseboard_instance_heartbeats WHERE instance_id NOT IN (SELECT instance_id FROM live)
)
SELECT ((SELECT count(*) FROM events) + (SELECT count(*) FROM cron) + (SELECT count(*) FROM scheduled))::int AS freed`)
  return result.rows[0]?.freed ?? 0
}

/**
 * Registers this instance in `hdb_catalog.pulseboard_instance_heartbeats` and beats every
 * HEARTBEAT_INTERVAL_MS; each beat also frees the jobs of instances that stopped beating. An
 * instance found missing from the table (frozen long enough for another to free its jobs)
 * registers again: its jobs in flight may then go out twice, as Hasura's events may (at least once).
 */
export async function startInstanceHeartbeat(db: Database, log: Logger): Promise<InstanceHeartbeat> {
  const instanceId = randomUUID()
  const description = `${hostname()} pid ${process.pid}`
  const beat = async () => {
    await db.query(sql`
INSERT INTO hdb_catalog.pulseboard_instance_heartbeats (instance_id, description) VALUES (${instanceId}, ${description})
ON CONFLICT (instance_id) DO UPDATE SET beat_at = now()`)
    const freed = await freeLocksOfStoppedInstances(db)
    if (freed > 0) log.warn('triggers: freed the events of a stopped instance', { events: freed })
  }
  await beat()
  let beating: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    beating = beat().catch((error: unknown) => log.error('triggers: heartbeat failed', { error: String(error) }))
  }, HEARTBEAT_INTERVAL_MS)
  timer.unref()
  return {
    instanceId,
    async stop() {
      clearInterval(timer)
      await beating
      await db.query(sql`
WITH events AS (
  UPDATE hdb_catalog.event_log SET locked = NULL, locked_by = NULL WHERE locked IS NOT NULL AND locked_by = ${instanceId}
), cron AS (
  UPDATE hdb_catalog.hdb_cron_events SET status = 'scheduled', locked_by = NULL WHERE status = 'locked' AND locked_by = ${instanceId}
), scheduled AS (
  UPDATE hdb_catalog.hdb_scheduled_events SET status = 'scheduled', locked_by = NULL WHERE status = 'locked' AND locked_by = ${instanceId}
)
DELETE FROM hdb_catalog.pulseboard_instance_heartbeats WHERE instance_id = ${instanceId}`)
    },
  }
}
