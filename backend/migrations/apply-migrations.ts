import { readFile } from 'node:fs/promises'
import type { Database, Transaction } from '../db/database.ts'
import { sql } from '../lib/sql.ts'
import { findMigrations, type Migration } from './find-migrations.ts'
import { MigrationError } from '../db/migration-error.ts'

/** The Hasura CLI keys migration state by source; Nhost projects have the one `default` source. */
const SOURCE = 'default'

/** Same idea as the system-schema lock, another number: one instance migrates at a time. */
const MIGRATIONS_LOCK = 7_341_902_002

/**
 * Applies the project's `nhost/migrations/default/<version>_<name>/up.sql` files that are not
 * applied yet, in version order, each in its own transaction, and records each as the Hasura CLI
 * does, so that `hasura migrate status` agrees:
 * - in `hdb_catalog.schema_migrations (version, dirty)` (CLI config v2, and what config v3 copies
 *   from), and
 * - in `hdb_catalog.hdb_version.cli_state.migrations.default["<version>"] = false` (CLI config v3,
 *   read through the `get_catalog_state` metadata API).
 * A migration recorded in either place counts as applied. A failing migration rolls back alone
 * (earlier ones stay applied and recorded, as with the CLI) and stops with a MigrationError that
 * names the file. `down.sql` is never run. Returns the folders applied now.
 */
export async function applyMigrations(db: Database, projectDir: string): Promise<string[]> {
  const migrations = await findMigrations(projectDir)
  if (migrations.length === 0) return []
  const recorded = await recordedVersions(db)
  for (const [version, dirty] of recorded) {
    // golang-migrate's (and so the Hasura CLI's) refusal, worded the same way.
    if (dirty) throw new MigrationError(`hdb_catalog.schema_migrations`, `Dirty database version ${version}. Fix and force version.`)
  }
  const applied: string[] = []
  for (const migration of migrations) {
    if (recorded.has(migration.version.toString())) continue
    const text = migration.upPath === undefined ? '' : await readFile(migration.upPath, 'utf8')
    const ran = await db.transaction(async (tx) => {
      await tx.query(sql`select pg_advisory_xact_lock(${MIGRATIONS_LOCK}::bigint)`)
      // Another instance may have applied it while this one waited for the lock.
      if ((await recordedVersions(tx)).has(migration.version.toString())) return false
      if (text.trim() !== '') {
        try {
          await tx.script(text)
        } catch (error) {
          throw MigrationError.fromFailure(migration.upFile, text, error)
        }
      }
      await record(tx, migration)
      return true
    })
    if (ran) applied.push(migration.folder)
  }
  return applied
}

/** Version (as text) → dirty, from both places the CLI may have written. */
async function recordedVersions(db: Transaction): Promise<Map<string, boolean>> {
  const { rows } = await db.query<{ version: string; dirty: boolean }>(sql`
    select version::text as version, dirty from hdb_catalog.schema_migrations
    union all
    select state.key, state.value::boolean
    from hdb_catalog.hdb_version,
      jsonb_each_text(coalesce(cli_state -> 'migrations' -> ${SOURCE}::text, '{}'::jsonb)) as state
  `)
  const versions = new Map<string, boolean>()
  for (const { version, dirty } of rows) versions.set(version, (versions.get(version) ?? false) || dirty)
  return versions
}

async function record(tx: Transaction, migration: Migration): Promise<void> {
  const version = migration.version.toString()
  await tx.query(sql`
    insert into hdb_catalog.schema_migrations (version, dirty) values (${version}::bigint, false)
    on conflict (version) do update set dirty = false
  `)
  // isStateCopyCompleted tells the CLI that cli_state is complete: it need not copy schema_migrations over.
  await tx.query(sql`
    update hdb_catalog.hdb_version set cli_state =
      jsonb_set(cli_state, '{isStateCopyCompleted}', 'true'::jsonb)
      || jsonb_build_object('migrations',
           coalesce(cli_state -> 'migrations', '{}'::jsonb)
           || jsonb_build_object(${SOURCE}::text,
                coalesce(cli_state -> 'migrations' -> ${SOURCE}::text, '{}'::jsonb)
                || jsonb_build_object(${version}::text, false)))
  `)
}
