import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../tests/support/test-database.ts'
import { loadConfig } from '../config/load-config.ts'
import type { Database } from '../db/database.ts'
import type { Logger } from '../lib/logger.ts'
import { findMigrations } from '../migrations/find-migrations.ts'
import { prepareDatabase } from './prepare-database.ts'

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const write = (message: string, fields?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(fields ?? {})}`)
  return { lines, debug: write, info: write, warn: write, error: write }
}

describe('prepareDatabase', () => {
  let db: Database & { dispose: () => Promise<void> }
  let projectDir: string

  beforeAll(async () => {
    db = await openTestDatabase()
    projectDir = await mkdtemp(join(tmpdir(), 'pulseboard-prepare-'))
    const folder = join(projectDir, 'nhost', 'migrations', 'default', '1700000000000_notes')
    await mkdir(folder, { recursive: true })
    // Uses what the system schemas provide: auth.users and storage.files exist before migrations run.
    await writeFile(
      join(folder, 'up.sql'),
      `
      create table public.notes (
        id uuid primary key default gen_random_uuid(),
        author_id uuid not null references auth.users (id),
        file_id uuid references storage.files (id)
      );`,
    )
  })

  afterAll(async () => {
    await db?.dispose()
    await rm(projectDir, { recursive: true, force: true })
  })

  it('applies system schemas, then migrations, once', async () => {
    const config = loadConfig({ projectDir, env: {} })
    const log = recordingLogger()
    await prepareDatabase({ config, db, log })
    expect(log.lines[0]).toMatch(/^applied system schemas .*"00-hdb-catalog\.sql"/)
    expect(log.lines[1]).toBe('applied migrations {"applied":["1700000000000_notes"]}')

    const again = recordingLogger()
    await prepareDatabase({ config, db, log: again })
    expect(again.lines).toEqual(['migrations up to date {"applied":[]}'])
    const notes = await db.query("select to_regclass('public.notes')::text as t")
    expect(notes.rows[0]).toEqual({ t: 'notes' })
  })

  it("applies every migration of this project's own nhost folder", async () => {
    const ownProject = resolve(import.meta.dirname, '../..')
    await prepareDatabase({ config: loadConfig({ projectDir: ownProject, env: {} }), db, log: recordingLogger() })
    const { rows } = await db.query<{ version: string }>('select version::text as version from hdb_catalog.schema_migrations')
    const versions = (await findMigrations(ownProject)).map((m) => m.version.toString())
    expect(rows.map((r) => r.version)).toEqual(expect.arrayContaining(versions))
  })
})
