import type { Queryable } from './database.ts'

/** How long without a beat makes an instance stopped: its locks are freed and it no longer counts. */
export const HEARTBEAT_STALE_MS = 20_000

/**
 * The backend instances serving this database now: those that have beaten in
 * `hdb_catalog.pulseboard_instance_heartbeats` (backend/triggers/instance-heartbeat.ts) within
 * HEARTBEAT_STALE_MS. An instance that stopped cleanly has removed its row already.
 */
export async function countBeatingInstances(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ instances: number }>(
    `SELECT count(*)::int AS instances FROM hdb_catalog.pulseboard_instance_heartbeats
      WHERE beat_at > now() - make_interval(secs => $1)`,
    [HEARTBEAT_STALE_MS / 1000],
  )
  return rows[0]?.instances ?? 0
}
