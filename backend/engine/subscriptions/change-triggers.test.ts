import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../tests/support/test-database.ts'
import type { Database } from '../../db/database.ts'
import { installChangeTriggers } from './change-triggers.ts'

let db: Database & { dispose: () => Promise<void> }
const tables = Array.from({ length: 8 }, (_, i) => ({ schema: 'public', name: `t${i}` }))

beforeAll(async () => {
  db = await openTestDatabase()
  for (const table of tables) await db.query(`CREATE TABLE public.${table.name} (id int)`)
})

afterAll(async () => {
  await db?.dispose()
})

describe('installChangeTriggers', () => {
  it('installs every trigger when several instances do it at once (as they do when started together)', async () => {
    const installs = await Promise.all(Array.from({ length: 4 }, () => installChangeTriggers(db, tables)))
    for (const installed of installs) {
      expect(installed.complete).toBe(true)
      expect([...installed.covered].sort()).toHaveLength(tables.length)
    }
    const { rows } = await db.query<{ count: string }>(`SELECT count(*) FROM pg_trigger WHERE tgname = 'pulseboard_live_query_notify'`)
    expect(Number(rows[0]!.count)).toBe(tables.length)
  })

  it('drops the trigger of a table no longer tracked', async () => {
    const installed = await installChangeTriggers(db, tables.slice(1))
    expect(installed.covered.size).toBe(tables.length - 1)
    const { rows } = await db.query<{ relname: string }>(
      `SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'pulseboard_live_query_notify'`,
    )
    expect(rows.map((r) => r.relname)).not.toContain('t0')
  })
})
