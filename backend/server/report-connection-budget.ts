import { connectionBudgetReport, connectionsInAll } from '../config/connection-budget.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { sql } from '../lib/sql.ts'
import { HEARTBEAT_STALE_MS } from '../triggers/instance-heartbeat.ts'

/**
 * Says at start how many instances of this one's connection budget the PostgreSQL server holds,
 * and warns when the instances beating now (this one included) need more than max_connections.
 */
export async function reportConnectionBudget({ config, db, log }: BackendContext): Promise<void> {
  const target = config.database
  if (target.kind !== 'postgres' || target.graphqlConnections === undefined || target.serviceConnections === undefined) return
  const perInstance = connectionsInAll({ graphqlConnections: target.graphqlConnections, serviceConnections: target.serviceConnections })
  const { rows } = await db.query<{ max: number; reserved: number; instances: number }>(sql`
SELECT current_setting('max_connections')::int AS max,
  current_setting('superuser_reserved_connections')::int + coalesce(current_setting('reserved_connections', true), '0')::int AS reserved,
  (SELECT count(*) FROM hdb_catalog.pulseboard_instance_heartbeats
    WHERE beat_at > now() - make_interval(secs => ${HEARTBEAT_STALE_MS / 1000}))::int AS instances`)
  const server = rows[0]!
  const report = connectionBudgetReport(server, perInstance, Math.max(1, server.instances))
  if (report.warn) log.warn(report.message)
  else log.info(report.message)
}
