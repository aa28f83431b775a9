import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts'
import { jsonNestsDeeperThan } from '../lib/json-limits.ts'
import type { Database } from './database.ts'
import { openDatabase } from './open-database.ts'

/** A recursive SQL function: it overflows WebAssembly Postgres' native stack before Postgres notices. */
const RECURSIVE = `create function deep_recursion(n int) returns int language sql as
  $$ select case when n = 0 then 0 else deep_recursion(n - 1) + 1 end $$`

const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`

async function exercise(db: Database): Promise<void> {
  await db.script(`create table kept (n int); insert into kept values (1), (2); ${RECURSIVE}`)
  const unlisten = await db.listen('crash_test', () => undefined)

  // A value nested far deeper than any request may send (lib/json-limits.ts) goes both ways:
  // 2,000 levels once left the worker thread's answer unsettled, and its transaction open for good.
  const { rows } = await db.query<{ j: unknown }>('select $1::jsonb as j', [nestedJson(2000)])
  expect(jsonNestsDeeperThan(rows[0]!.j, 1999)).toBe(true)
  expect(jsonNestsDeeperThan(rows[0]!.j, 2000)).toBe(false)

  // The statement fails; so does its transaction; the next statement works on the same data.
  await expect(db.transaction((tx) => tx.query('select deep_recursion(1000000)'))).rejects.toMatchObject({
    code: expect.stringMatching(/^(54001|XX000)$/),
  })
  await expect(db.query(`select repeat('[', 1000000)::jsonb`)).rejects.toMatchObject({ code: expect.stringMatching(/^(54001|XX000)$/) })
  expect((await db.query<{ n: number }>('select n from kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }])
  await db.query('insert into kept values (3)')
  expect((await db.query<{ c: string }>('select count(*) as c from kept')).rows).toEqual([{ c: '3' }])
  await db.limited({ timeoutMs: 60_000 }, async (limited) => {
    // Twice: prepared on the second run, on whichever connection or PGlite instance is current.
    for (let i = 0; i < 3; i++) expect(await limited.runStatements([{ text: 'select count(*) from kept', values: [] }])).toEqual([['3']])
  })
  await unlisten()
}

describe(`a statement that crashes the database fails alone (${testDatabaseKind})`, () => {
  let db: Database & { dispose: () => Promise<void> }
  beforeAll(async () => {
    db = await openTestDatabase()
  }, 240_000)
  afterAll(() => db.dispose())

  it('answers its error, and the next statements run on the same data', () => exercise(db), 240_000)

  it.skipIf(testDatabaseKind !== 'pglite')(
    'does so with PGlite on the calling thread too',
    async () => {
      const main = await openDatabase({ kind: 'memory', thread: 'main' })
      try {
        await exercise(main)
      } finally {
        await main.close()
      }
    },
    240_000,
  )
})
