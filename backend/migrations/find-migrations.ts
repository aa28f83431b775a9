import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { MigrationError } from '../db/migration-error.ts'

/** One `<version>_<name>/` folder of `nhost/migrations/default`. */
export interface Migration {
  /** The Hasura CLI's version: the folder's leading digits, a bigint (a millisecond timestamp in practice). */
  version: bigint
  /** The folder name, e.g. `1700000000000_create_workspaces`. */
  folder: string
  /** Path relative to the project, for messages. */
  upFile: string
  /** Absolute path of up.sql, or undefined when the folder has only a down.sql. */
  upPath?: string
}

/** The default source's migrations folder, where `hasura migrate create` writes. */
export const MIGRATIONS_DIR = join('nhost', 'migrations', 'default')

const FOLDER = /^(\d+)_(.+)$/
const MAX_BIGINT = 2n ** 63n - 1n

/**
 * Lists the migrations of a project in version order (numeric, not by name: `9_a` runs before
 * `10_b`). Hidden entries and plain files are ignored, as the Hasura CLI ignores them; a folder
 * whose name is not `<digits>_<name>`, or two folders with one version, stop the start.
 */
export async function findMigrations(projectDir: string): Promise<Migration[]> {
  const dir = join(projectDir, MIGRATIONS_DIR)
  if (!existsSync(dir)) return []
  const migrations: Migration[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue
    const where = join(MIGRATIONS_DIR, entry.name)
    const match = FOLDER.exec(entry.name)
    if (!match) {
      throw new MigrationError(where, 'a migration folder must be named <version>_<name>, e.g. 1700000000000_create_workspaces')
    }
    const version = BigInt(match[1]!)
    if (version > MAX_BIGINT) throw new MigrationError(where, 'the version does not fit in a bigint')
    const upPath = join(dir, entry.name, 'up.sql')
    migrations.push({
      version,
      folder: entry.name,
      upFile: join(where, 'up.sql'),
      ...(existsSync(upPath) ? { upPath } : {}),
    })
  }
  migrations.sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0))
  for (let i = 1; i < migrations.length; i++) {
    const [before, after] = [migrations[i - 1]!, migrations[i]!]
    if (before.version === after.version) {
      throw new MigrationError(join(MIGRATIONS_DIR, after.folder), `version ${after.version} is also used by ${before.folder}`)
    }
  }
  return migrations
}
