import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { StoreContext } from './store-context.ts'
import { clearedMetadata } from '../model/default-metadata.ts'
import { findInconsistencies } from './find-inconsistencies.ts'
import { loadMetadataDirectory } from '../model/load-metadata-directory.ts'
import { notifyMetadataChange } from './metadata-notifications.ts'
import { sql } from '../../lib/sql.ts'
import { readAppliedDirectoryHash, readStoredMetadata, writeAppliedDirectoryHash, writeStoredMetadata } from './metadata-storage.ts'

/** Serializes start-ups on one database: without it, two instances starting at once both read
 * "nothing stored" and the second one's write fails its resource_version check. */
const METADATA_START_LOCK = 7_341_902_003

/**
 * Start-up step (after system schemas and migrations): the metadata the engine serves.
 * - `nhost/metadata` changed since it was last applied (or never applied): it replaces the stored
 *   metadata, as `hasura metadata apply` does, and its content hash is recorded;
 * - otherwise the stored metadata wins, so that changes made through `/v1/metadata` survive
 *   restarts until the project folder changes;
 * - with neither, the metadata is empty apart from the `default` source.
 * Like `hasura metadata apply`, inconsistent objects do not stop the start; they are logged.
 * An invalid metadata folder does: the error names the file and the key.
 */
export async function loadMetadataAtStart(context: Pick<StoreContext, 'config' | 'db' | 'log' | 'metadata'>): Promise<void> {
  const dir = join(context.config.projectDir, 'nhost', 'metadata')
  const project = existsSync(dir) ? loadMetadataDirectory(dir, context.config.projectDir) : undefined
  const { metadata, resourceVersion, source } = await context.db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(${METADATA_START_LOCK}::bigint)`)
    const stored = await readStoredMetadata(tx)
    if (project && project.contentHash !== (await readAppliedDirectoryHash(tx))) {
      const version = await writeStoredMetadata(tx, project.metadata, stored?.resourceVersion ?? 0)
      await writeAppliedDirectoryHash(tx, project.contentHash)
      await notifyMetadataChange(tx, context, { kind: 'metadata', resourceVersion: version })
      return { metadata: project.metadata, resourceVersion: version, source: 'applied nhost/metadata' }
    }
    if (stored) return { ...stored, source: 'stored metadata' }
    const initial = clearedMetadata()
    return { metadata: initial, resourceVersion: await writeStoredMetadata(tx, initial, 0), source: 'empty metadata' }
  })
  const inconsistent = await findInconsistencies(context.db, metadata)
  for (const object of inconsistent) context.log.warn('inconsistent metadata', { name: object.name, reason: object.reason })
  context.log.info(`metadata: ${source}`, { resourceVersion, inconsistentObjects: inconsistent.length })
  context.metadata.replace(metadata, resourceVersion)
}
