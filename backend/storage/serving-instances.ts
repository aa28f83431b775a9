import type { BackendContext } from '../context/backend-context.ts'
import { countBeatingInstances } from '../db/instance-heartbeats.ts'

/**
 * How many backend instances serve this database now. PGlite belongs to one process, so one; on
 * PostgreSQL, the instances beating in the heartbeat table (this one included).
 */
export async function countServingInstances(context: Pick<BackendContext, 'config' | 'db'>): Promise<number> {
  if (context.config.database.kind !== 'postgres') return 1
  return Math.max(1, await countBeatingInstances(context.db))
}
