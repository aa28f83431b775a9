import type { Queryable } from '../../db/database.ts'
import { sql } from '../../lib/sql.ts'
import type { StoreContext } from './store-context.ts'
import { readStoredMetadata, readStoredResourceVersion } from './metadata-storage.ts'

/**
 * Several backends may share one Postgres (ARCHITECTURE.md, "Going past one machine"). What one of
 * them changes reaches the others through NOTIFY on this channel, as Hasura instances keep their
 * schema caches in sync through the metadata database: new metadata (the others reload it from
 * `hdb_catalog.hdb_metadata`), or DDL that changed the catalog (the others rebuild their schema).
 */
const CHANNEL = 'pulseboard_metadata'

/**
 * How often the stored resource version is compared with the one served, in case a notification
 * was lost (Hasura polls its metadata the same way, `HASURA_GRAPHQL_SCHEMA_SYNC_POLL_INTERVAL`,
 * 1 s by default).
 */
export const METADATA_POLL_INTERVAL_MS = 1_000

type Change = { kind: 'metadata'; resourceVersion: number } | { kind: 'catalog' }

type Context = Pick<StoreContext, 'db' | 'log' | 'metadata'>

/** Sent inside the transaction that made the change, so that it is delivered only if that commits. */
export async function notifyMetadataChange(q: Queryable, context: Pick<StoreContext, 'metadata'>, change: Change): Promise<void> {
  const payload = JSON.stringify({ ...change, instance: context.metadata.instanceId })
  await q.query(sql`select pg_notify(${CHANNEL}, ${payload})`)
}

/**
 * Follows the other instances' changes until the returned function is called: their
 * notifications, and, for the changes a lost listening connection missed, a comparison of the
 * stored resource version whenever the connection comes back and every `pollIntervalMs`.
 */
export async function followOtherInstances(context: Context, pollIntervalMs = METADATA_POLL_INTERVAL_MS): Promise<() => Promise<void>> {
  let reloading = Promise.resolve()
  /** One reload at a time, each reading the latest row: notifications may arrive in bursts. */
  const reloadIfBehind = (): Promise<void> =>
    (reloading = reloading
      .then(async () => {
        // The version alone first: this runs every second on every instance.
        const version = await readStoredResourceVersion(context.db)
        if (version === undefined || version <= context.metadata.resourceVersion) return
        const stored = await readStoredMetadata(context.db)
        if (stored && stored.resourceVersion > context.metadata.resourceVersion) {
          context.log.info('metadata changed by another instance: reloaded', { resourceVersion: stored.resourceVersion })
          context.metadata.replace(stored.metadata, stored.resourceVersion)
        }
      })
      .catch((error: unknown) => context.log.error('could not reload metadata changed by another instance', { error: String(error) })))
  const unlisten = await context.db.listen(
    CHANNEL,
    (payload) => {
      let change: Change & { instance?: string }
      try {
        change = JSON.parse(payload) as Change & { instance?: string }
      } catch {
        context.log.warn('ignored a malformed metadata notification', { payload })
        return
      }
      if (change.instance === context.metadata.instanceId) return
      if (change.kind === 'catalog') context.metadata.catalogChanged()
      else if (change.resourceVersion > context.metadata.resourceVersion) void reloadIfBehind()
    },
    () => {
      // Notifications sent while the connection was down are lost: DDL by another instance
      // cannot be told from the version, so the schema is rebuilt as well.
      context.log.warn('metadata notifications resumed after a lost connection; checking the stored metadata')
      context.metadata.catalogChanged()
      void reloadIfBehind()
    },
  )
  const timer = setInterval(() => void reloadIfBehind(), pollIntervalMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await unlisten()
    await reloading
  }
}
