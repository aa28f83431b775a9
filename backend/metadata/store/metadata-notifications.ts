import type { Queryable } from '../../db/database.ts'
import { sql } from '../../lib/sql.ts'
import type { StoreContext } from './store-context.ts'
import { readStoredMetadata } from './metadata-storage.ts'

/**
 * Several backends may share one Postgres (ARCHITECTURE.md, "Going past one machine"). What one of
 * them changes reaches the others through NOTIFY on this channel, as Hasura instances keep their
 * schema caches in sync through the metadata database: new metadata (the others reload it from
 * `hdb_catalog.hdb_metadata`), or DDL that changed the catalog (the others rebuild their schema).
 */
const CHANNEL = 'pulseboard_metadata'

type Change = { kind: 'metadata'; resourceVersion: number } | { kind: 'catalog' }

type Context = Pick<StoreContext, 'db' | 'log' | 'metadata'>

/** Sent inside the transaction that made the change, so that it is delivered only if that commits. */
export async function notifyMetadataChange(q: Queryable, context: Pick<StoreContext, 'metadata'>, change: Change): Promise<void> {
  const payload = JSON.stringify({ ...change, instance: context.metadata.instanceId })
  await q.query(sql`select pg_notify(${CHANNEL}, ${payload})`)
}

/** Follows the other instances' changes until the returned function is called. */
export function followOtherInstances(context: Context): Promise<() => Promise<void>> {
  let reloading = Promise.resolve()
  return context.db.listen(CHANNEL, (payload) => {
    let change: Change & { instance?: string }
    try {
      change = JSON.parse(payload) as Change & { instance?: string }
    } catch {
      context.log.warn('ignored a malformed metadata notification', { payload })
      return
    }
    if (change.instance === context.metadata.instanceId) return
    if (change.kind === 'catalog') context.metadata.catalogChanged()
    else if (change.resourceVersion > context.metadata.resourceVersion) {
      // One reload at a time, each reading the latest row: notifications may arrive in bursts.
      reloading = reloading
        .then(async () => {
          const stored = await readStoredMetadata(context.db)
          if (stored && stored.resourceVersion > context.metadata.resourceVersion)
            context.metadata.replace(stored.metadata, stored.resourceVersion)
        })
        .catch((error: unknown) => context.log.error('could not reload metadata changed by another instance', { error: String(error) }))
    }
  })
}
