import type { Queryable } from '../../db/database.ts'
import { sql } from '../../lib/sql.ts'
import { exportMetadata } from '../model/export-metadata.ts'
import { parseMetadata } from '../model/parse-metadata.ts'
import type { Metadata } from '../model/types.ts'

/**
 * Metadata lives where Hasura keeps it: one row (id 1) of `hdb_catalog.hdb_metadata` holding the
 * exported JSON and a `resource_version` that every change bumps.
 */
export interface StoredMetadata {
  metadata: Metadata
  resourceVersion: number
}

export async function readStoredMetadata(db: Queryable): Promise<StoredMetadata | undefined> {
  const { rows } = await db.query<{ metadata: unknown; resource_version: number }>(
    sql`select metadata, resource_version from hdb_catalog.hdb_metadata where id = 1`,
  )
  const row = rows[0]
  if (!row) return undefined
  return { metadata: parseMetadata(row.metadata), resourceVersion: row.resource_version }
}

/** The stored `resource_version` alone: cheap enough to compare every second. */
export async function readStoredResourceVersion(db: Queryable): Promise<number | undefined> {
  const { rows } = await db.query<{ resource_version: number }>(sql`select resource_version from hdb_catalog.hdb_metadata where id = 1`)
  return rows[0]?.resource_version
}

/** Thrown when the stored resource_version is not the one the change was based on. */
export class ResourceVersionConflict extends Error {
  constructor(readonly expected: number) {
    super(`metadata resource version referenced (${expected}) did not match current version`)
    this.name = 'ResourceVersionConflict'
  }
}

/**
 * Saves `metadata` if the stored version is still `expectedVersion` (Hasura's optimistic
 * concurrency for `resource_version`), or unconditionally the first time; returns the new version.
 */
export async function writeStoredMetadata(db: Queryable, metadata: Metadata, expectedVersion: number): Promise<number> {
  const json = JSON.stringify(exportMetadata(metadata))
  const { rows } = await db.query<{ resource_version: number }>(sql`
    insert into hdb_catalog.hdb_metadata (id, metadata, resource_version) values (1, ${json}::json, 1)
    on conflict (id) do update set metadata = excluded.metadata, resource_version = hdb_metadata.resource_version + 1
      where hdb_metadata.resource_version = ${expectedVersion}
    returning resource_version`)
  const row = rows[0]
  if (!row) throw new ResourceVersionConflict(expectedVersion)
  return row.resource_version
}

/**
 * The content hash of the project's metadata folder when it was last applied, so that a restart
 * applies the folder again only when it changed and otherwise keeps changes made through the API.
 * Hasura has no such table (its CLI applies on demand); it is this backend's own bookkeeping.
 */
export async function readAppliedDirectoryHash(db: Queryable): Promise<string | undefined> {
  await ensureAppliedDirectoryTable(db)
  const { rows } = await db.query<{ content_hash: string }>(
    sql`select content_hash from hdb_catalog.pulseboard_metadata_directory where id = 1`,
  )
  return rows[0]?.content_hash
}

export async function writeAppliedDirectoryHash(db: Queryable, contentHash: string): Promise<void> {
  await ensureAppliedDirectoryTable(db)
  await db.query(sql`
    insert into hdb_catalog.pulseboard_metadata_directory (id, content_hash, applied_at) values (1, ${contentHash}, now())
    on conflict (id) do update set content_hash = excluded.content_hash, applied_at = excluded.applied_at`)
}

async function ensureAppliedDirectoryTable(db: Queryable): Promise<void> {
  await db.query(`create table if not exists hdb_catalog.pulseboard_metadata_directory (
    id int primary key check (id = 1),
    content_hash text not null,
    applied_at timestamptz not null
  )`)
}
