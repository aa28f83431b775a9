import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../tests/support/test-database.ts'
import type { Database } from '../database.ts'
import { applySystemSchemas } from './apply-system-schemas.ts'

let db: Database & { dispose: () => Promise<void> }
let firstRun: string[]

beforeAll(async () => {
  db = await openTestDatabase()
  firstRun = await applySystemSchemas(db)
})

afterAll(async () => {
  await db?.dispose()
})

async function columns(schema: string, table: string): Promise<Record<string, { type: string; nullable: string; default: string | null }>> {
  const { rows } = await db.query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
    `select column_name, data_type, is_nullable, column_default from information_schema.columns
     where table_schema = $1 and table_name = $2`,
    [schema, table],
  )
  return Object.fromEntries(rows.map((r) => [r.column_name, { type: r.data_type, nullable: r.is_nullable, default: r.column_default }]))
}

describe('applySystemSchemas', () => {
  it('applies every file in name order on an empty database', async () => {
    expect(firstRun.slice(0, 1)).toEqual(['00-hdb-catalog.sql'])
    expect(firstRun).toContain('20-storage.sql')
    expect([...firstRun].sort()).toEqual(firstRun)
    const { rows } = await db.query<{ name: string }>('select name from hdb_catalog.pulseboard_system_schema order by name')
    expect(rows.map((r) => r.name)).toEqual(firstRun)
  })

  it('applies nothing the second time', async () => {
    expect(await applySystemSchemas(db)).toEqual([])
  })

  it("creates Hasura's catalog tables with Hasura's shapes", async () => {
    expect(await columns('hdb_catalog', 'hdb_metadata')).toMatchObject({
      id: { type: 'integer', nullable: 'NO' },
      metadata: { type: 'json', nullable: 'NO' },
      resource_version: { type: 'integer', nullable: 'NO', default: '1' },
    })
    expect(await columns('hdb_catalog', 'schema_migrations')).toEqual({
      version: { type: 'bigint', nullable: 'NO', default: null },
      dirty: { type: 'boolean', nullable: 'NO', default: null },
    })
    const version = await db.query<{ count: number; cli_state: unknown }>(
      'select count(*)::int as count, min(cli_state::text)::jsonb as cli_state from hdb_catalog.hdb_version',
    )
    expect(version.rows[0]).toEqual({ count: 1, cli_state: {} })
    const extensions = await db.query<{ extname: string }>(
      "select extname from pg_extension where extname in ('pgcrypto', 'citext') order by 1",
    )
    expect(extensions.rows.map((r) => r.extname)).toEqual(['citext', 'pgcrypto'])
  })

  it("creates Nhost Storage's tables with the default bucket", async () => {
    expect(Object.keys(await columns('storage', 'files')).sort()).toEqual([
      'bucket_id',
      'created_at',
      'etag',
      'id',
      'is_uploaded',
      'metadata',
      'mime_type',
      'name',
      'size',
      'updated_at',
      'uploaded_by_user_id',
    ])
    expect(Object.keys(await columns('storage', 'buckets')).sort()).toEqual([
      'cache_control',
      'created_at',
      'download_expiration',
      'id',
      'max_upload_file_size',
      'min_upload_file_size',
      'presigned_urls_enabled',
      'updated_at',
    ])
    const bucket = await db.query(
      'select id, download_expiration, min_upload_file_size, max_upload_file_size, cache_control, presigned_urls_enabled from storage.buckets',
    )
    expect(bucket.rows).toEqual([
      {
        id: 'default',
        download_expiration: 30,
        min_upload_file_size: 1,
        max_upload_file_size: 50000000,
        cache_control: 'max-age=3600',
        presigned_urls_enabled: true,
      },
    ])
  })

  it("enforces Nhost Storage's rules", async () => {
    await expect(db.query("delete from storage.buckets where id = 'default'")).rejects.toThrow('Can not delete default bucket')
    await expect(db.query("update storage.buckets set download_expiration = 0 where id = 'default'")).rejects.toThrow(
      /download_expiration_valid_range/,
    )
    await expect(db.query("insert into storage.files (bucket_id, name) values ('missing', 'a.txt')")).rejects.toThrow(/fk_bucket/)
    const file = await db.query<{ id: string; is_uploaded: boolean; bucket_id: string }>(
      "insert into storage.files (name) values ('a.txt') returning id, is_uploaded, bucket_id",
    )
    expect(file.rows[0]).toMatchObject({ is_uploaded: false, bucket_id: 'default' })
    await db.query("delete from storage.files where name = 'a.txt'")
  })

  describe('with a folder of its own', () => {
    let dir: string

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'pulseboard-system-'))
    })

    afterAll(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    it('applies a file added later, and names a failing file without recording it', async () => {
      await writeFile(join(dir, '30-extra.sql'), 'CREATE TABLE hdb_catalog.extra_test (id int);')
      await writeFile(join(dir, 'notes.txt'), 'not SQL')
      expect(await applySystemSchemas(db, dir)).toEqual(['30-extra.sql'])
      await writeFile(join(dir, '40-broken.sql'), 'CREATE TABLE hdb_catalog.partial_test (id int);\nSELEC 1;')
      await expect(applySystemSchemas(db, dir)).rejects.toThrow(/40-broken\.sql: syntax error at or near "SELEC" \(line 2, column 1\)/)
      const partial = await db.query("select to_regclass('hdb_catalog.partial_test') as t")
      expect(partial.rows[0]).toEqual({ t: null })
      expect(await applySystemSchemas(db, dir).catch(() => 'failed again')).toBe('failed again')
    })
  })
})
