import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../tests/support/test-database.ts'
import type { Database } from '../db/database.ts'
import { applySystemSchemas } from '../db/system/apply-system-schemas.ts'
import { applyMigrations } from './apply-migrations.ts'

let db: Database & { dispose: () => Promise<void> }
const projects: string[] = []

beforeAll(async () => {
  db = await openTestDatabase()
  await applySystemSchemas(db)
})

afterAll(async () => {
  await db?.dispose()
  await Promise.all(projects.map((dir) => rm(dir, { recursive: true, force: true })))
})

beforeEach(async () => {
  await db.script(`delete from hdb_catalog.schema_migrations; update hdb_catalog.hdb_version set cli_state = '{}'`)
})

/** A temporary Nhost project whose migrations are the given folders: name → up.sql (or files). */
async function project(folders: Record<string, string | Record<string, string>>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pulseboard-migrations-'))
  projects.push(dir)
  for (const [folder, content] of Object.entries(folders)) {
    const path = join(dir, 'nhost', 'migrations', 'default', folder)
    await mkdir(path, { recursive: true })
    const files = typeof content === 'string' ? { 'up.sql': content } : content
    for (const [name, text] of Object.entries(files)) await writeFile(join(path, name), text)
  }
  return dir
}

async function recorded(): Promise<{ table: string[]; cliState: unknown }> {
  const table = await db.query<{ version: string }>('select version::text as version from hdb_catalog.schema_migrations order by version')
  const state = await db.query<{ cli_state: unknown }>('select cli_state from hdb_catalog.hdb_version')
  return { table: table.rows.map((r) => r.version), cliState: state.rows[0]!.cli_state }
}

describe('applyMigrations', () => {
  it('applies in numeric version order, once, recorded as the Hasura CLI records them', async () => {
    const dir = await project({
      '10_second': 'insert into order_log (version) values (10);',
      '9_first': 'create table order_log (id serial primary key, version int not null);\ninsert into order_log (version) values (9);',
      '100_third': `
        create function order_log_count() returns bigint language sql as $$ select count(*) from order_log $$;
        do $$ begin insert into order_log (version) values (100); end $$;`,
    })
    expect(await applyMigrations(db, dir)).toEqual(['9_first', '10_second', '100_third'])
    const log = await db.query<{ version: number }>('select version from order_log order by id')
    expect(log.rows.map((r) => r.version)).toEqual([9, 10, 100])
    expect(await recorded()).toEqual({
      table: ['10', '100', '9'],
      cliState: { isStateCopyCompleted: true, migrations: { default: { '9': false, '10': false, '100': false } } },
    })

    expect(await applyMigrations(db, dir)).toEqual([])
    expect((await db.query('select * from order_log')).rowCount).toBe(3)
  })

  it('rolls back only the failing migration and names its file and the Postgres error', async () => {
    const dir = await project({
      '1000_good': 'create table kept (id int);',
      '1001_broken': 'create table half_made (id int);\ninsert into no_such_table values (1);',
      '1002_after': 'create table never_reached (id int);',
    })
    const error = await applyMigrations(db, dir).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error?.message).toBe(
      `${join('nhost', 'migrations', 'default', '1001_broken', 'up.sql')}: relation "no_such_table" does not exist (line 2, column 13); code: 42P01`,
    )
    const tables = await db.query<{ kept: string | null; half: string | null; never: string | null }>(
      "select to_regclass('kept')::text as kept, to_regclass('half_made')::text as half, to_regclass('never_reached')::text as never",
    )
    expect(tables.rows[0]).toEqual({ kept: 'kept', half: null, never: null })
    expect((await recorded()).table).toEqual(['1000'])

    await writeFile(join(dir, 'nhost', 'migrations', 'default', '1001_broken', 'up.sql'), 'create table half_made (id int);')
    expect(await applyMigrations(db, dir)).toEqual(['1001_broken', '1002_after'])
  })

  it('skips versions the CLI recorded in cli_state only', async () => {
    await db.script(`update hdb_catalog.hdb_version set cli_state = '{"migrations":{"default":{"2000":false}}}'`)
    const dir = await project({ '2000_by_cli': 'select * from table_that_is_not_there;', '2001_next': 'create table after_cli (id int);' })
    expect(await applyMigrations(db, dir)).toEqual(['2001_next'])
    expect((await recorded()).cliState).toEqual({ isStateCopyCompleted: true, migrations: { default: { '2000': false, '2001': false } } })
  })

  it('records a folder that has only a down.sql without running anything', async () => {
    const dir = await project({ '3000_down_only': { 'down.sql': 'drop table everything;' } })
    expect(await applyMigrations(db, dir)).toEqual(['3000_down_only'])
    expect((await recorded()).table).toEqual(['3000'])
  })

  it('refuses a dirty database as the CLI does', async () => {
    await db.script('insert into hdb_catalog.schema_migrations (version, dirty) values (4000, true)')
    const dir = await project({ '4001_next': 'select 1;' })
    await expect(applyMigrations(db, dir)).rejects.toThrow('Dirty database version 4000. Fix and force version.')
  })

  it.each([
    [{ create_things: 'select 1;' }, /create_things: a migration folder must be named <version>_<name>/],
    [{ '5000_a': 'select 1;', '05000_b': 'select 1;' }, /version 5000 is also used by/],
    [{ '99999999999999999999_huge': 'select 1;' }, /does not fit in a bigint/],
  ])('stops on a malformed migrations folder %#', async (folders, message) => {
    await expect(applyMigrations(db, await project(folders))).rejects.toThrow(message)
  })

  it('does nothing for a project without migrations', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pulseboard-empty-'))
    projects.push(dir)
    expect(await applyMigrations(db, dir)).toEqual([])
  })
})
