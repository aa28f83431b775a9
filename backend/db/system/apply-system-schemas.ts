import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { sql } from '../../lib/sql.ts'
import { MigrationError } from '../migration-error.ts'
import type { Database } from '../database.ts'

/** The SQL files beside this module: `NN-name.sql`, applied in name order. */
export const SYSTEM_SCHEMA_DIR = fileURLToPath(new URL('.', import.meta.url))

const FILE_NAME = /^\d+-[a-z0-9-]+\.sql$/

/**
 * Any fixed number works as long as every instance uses the same one: the lock makes instances
 * that share one Postgres and start together apply each file once, one after the other.
 */
const SYSTEM_SCHEMA_LOCK = 7_341_902_001

/**
 * Creates the schemas Nhost and Hasura create for a project (`hdb_catalog`, `auth`, `storage`)
 * by applying each file of `dir` not applied before, each in its own transaction, recorded in
 * `hdb_catalog.pulseboard_system_schema`. A later release adds files; applied files never run
 * again, so they must never be edited once released. Returns the names applied now.
 */
export async function applySystemSchemas(db: Database, dir = SYSTEM_SCHEMA_DIR): Promise<string[]> {
  // The record table lives in hdb_catalog, which 00-hdb-catalog.sql fills: create both first,
  // under the lock too (IF NOT EXISTS alone lets two starts collide on the catalog's unique keys).
  await db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(${SYSTEM_SCHEMA_LOCK}::bigint)`)
    await tx.script(`
      CREATE SCHEMA IF NOT EXISTS hdb_catalog;
      CREATE TABLE IF NOT EXISTS hdb_catalog.pulseboard_system_schema (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );
    `)
  })
  const names = (await readdir(dir)).filter((name) => FILE_NAME.test(name)).sort()
  const applied: string[] = []
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8')
    const ran = await db.transaction(async (tx) => {
      await tx.query(sql`select pg_advisory_xact_lock(${SYSTEM_SCHEMA_LOCK}::bigint)`)
      const done = await tx.query(sql`select 1 from hdb_catalog.pulseboard_system_schema where name = ${name}`)
      if (done.rowCount > 0) return false
      try {
        await tx.script(text)
      } catch (error) {
        throw MigrationError.fromFailure(`backend/db/system/${name}`, text, error)
      }
      await tx.query(sql`insert into hdb_catalog.pulseboard_system_schema (name) values (${name})`)
      return true
    })
    if (ran) applied.push(name)
  }
  return applied
}
