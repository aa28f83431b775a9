import type { Queryable } from '../db/database.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { AdminApiError } from './admin-api-error.ts'
import { notifyMetadataChange } from '../metadata/store/metadata-notifications.ts'
import { ResourceVersionConflict, writeStoredMetadata } from '../metadata/store/metadata-storage.ts'
import type { Metadata } from '../metadata/model/types.ts'

type Context = Pick<BackendContext, 'db' | 'metadata'>

const queues = new WeakMap<object, Promise<unknown>>()

/**
 * Runs metadata changes of one backend one at a time, so that each reads the metadata the previous
 * one wrote. Another process sharing the database is caught by the resource_version check instead.
 */
export function withMetadataLock<T>(context: Context, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(context.metadata) ?? Promise.resolve()
  const run = previous.then(work, work)
  queues.set(
    context.metadata,
    run.catch(() => undefined),
  )
  return run
}

/**
 * Persists `next` (in `tx` when given, so that it commits with the SQL that caused it) and makes it
 * the metadata the engine serves. `expectedVersion` is the request's `resource_version`, or the
 * version the change was computed from; a mismatch is Hasura's 409 `conflict`.
 */
export async function saveMetadata(context: Context, next: Metadata, expectedVersion: number, tx?: Queryable): Promise<number> {
  try {
    const save = async (q: Queryable) => {
      const version = await writeStoredMetadata(q, next, expectedVersion)
      await context.metadata.runPersistHooks(q, next)
      await notifyMetadataChange(q, context, { kind: 'metadata', resourceVersion: version })
      return version
    }
    if (tx) return await save(tx)
    const version = await context.db.transaction(save)
    context.metadata.replace(next, version)
    return version
  } catch (error) {
    if (error instanceof ResourceVersionConflict) throw new AdminApiError(409, 'conflict', error.message)
    throw error
  }
}
