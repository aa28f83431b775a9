import { applySystemSchemas } from '../db/system/apply-system-schemas.ts'
import { applyMigrations } from '../migrations/apply-migrations.ts'
import type { BackendContext } from '../context/backend-context.ts'

/**
 * Brings the database up to date with this release and the project folder before any request is
 * served: first the schemas Nhost and Hasura create themselves (`hdb_catalog`, `auth`,
 * `storage`), then the project's migrations, which may reference them. A failure stops the start.
 */
export async function prepareDatabase(context: Pick<BackendContext, 'config' | 'db' | 'log'>): Promise<void> {
  const { config, db, log } = context
  const schemas = await applySystemSchemas(db)
  if (schemas.length > 0) log.info('applied system schemas', { files: schemas, database: db.description })
  const migrations = await applyMigrations(db, config.projectDir)
  log.info(migrations.length > 0 ? 'applied migrations' : 'migrations up to date', { applied: migrations })
}
