import type { BackendContext } from '../context/backend-context.ts'

/**
 * How many backend instances serve this database now. PGlite belongs to one process, so one.
 * On PostgreSQL every instance holds one connection that LISTENs for the others' metadata
 * changes (metadata-notifications.ts), and that connection's last statement is a LISTEN: the
 * database's own view of its sessions counts them. An instance whose listening connection is
 * reconnecting at that very moment is missed.
 */
export async function countServingInstances(context: Pick<BackendContext, 'config' | 'db'>): Promise<number> {
  if (context.config.database.kind !== 'postgres') return 1
  const { rows } = await context.db.query<{ listeners: number }>(
    `select count(*)::int as listeners from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and query ~* '^\\s*(un)?listen\\s'`,
  )
  return Math.max(1, rows[0]?.listeners ?? 1)
}
