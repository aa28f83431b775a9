import { connectionBudgetReport, connectionsInAll } from '../config/connection-budget.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { countBeatingInstances } from '../db/instance-heartbeats.ts'
import { sql } from '../lib/sql.ts'

/**
 * Says at start how many instances of this one's connection budget the PostgreSQL server holds,
 * and warns when the instances beating now (this one included) need more than max_connections.
 */
export async function reportConnectionBudget({ config, db, log }: BackendContext): Promise<void> {
  const target = config.database
  if (target.kind !== 'postgres' || target.graphqlConnections === undefined || target.serviceConnections === undefined) return
  const perInstance = connectionsInAll({ graphqlConnections: target.graphqlConnections, serviceConnections: target.serviceConnections })
  const { rows } = await db.query<{ max: number; reserved: number }>(sql`
SELECT current_setting('max_connections')::int AS max,
  current_setting('superuser_reserved_connections')::int + coalesce(current_setting('reserved_connections', true), '0')::int AS reserved`)
  const report = connectionBudgetReport(rows[0]!, perInstance, Math.max(1, await countBeatingInstances(db)))
  if (report.warn) log.warn(report.message)
  else log.info(report.message)
}
