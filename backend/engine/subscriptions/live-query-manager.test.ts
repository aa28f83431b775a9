import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../tests/support/test-database.ts'
import { createLogger } from '../../lib/logger.ts'
import { sql } from '../../lib/sql.ts'
import { BoundParam, bindValues } from '../sql/bound-param.ts'
import { multiplex } from '../sql/compile-live-query.ts'
import { LiveQueryManager } from './live-query-manager.ts'
import { tableKey, type LiveQueryPlan } from './live-query-plan.ts'

/**
 * The live-query machinery against a real database. The statement is written here the way the
 * engine compiles a subscription (sql/compile-live-query.ts): values as typed parameter slots,
 * Postgres building the response text, multiplexed over the cohorts of a batch.
 */
let db: Awaited<ReturnType<typeof openTestDatabase>>
let manager: LiveQueryManager
const refetches: { statements: number; cohorts: number; pushed: number }[] = []

const owner = new BoundParam({ kind: 'variable', name: 'owner' }, 'text')
const min = new BoundParam({ kind: 'variable', name: 'min' }, 'text')
const statement = multiplex(
  sql`SELECT json_build_object('data', json_build_object('items', (
  SELECT coalesce(json_agg(json_build_object('id', i.id, 'v', i.v) ORDER BY i.id), '[]'::json)
  FROM items i WHERE i.owner = (${owner})::text AND i.v >= (${min})::int4 AND i.owner <> (${owner})::text || '!')))::text`,
  ['response'],
)

function plan(ownerValue: string, minValue: unknown): LiveQueryPlan {
  const values = bindValues(statement.slots, { sessionVariables: {}, variables: { owner: ownerValue, min: minValue } })
  return { role: 'user', statement, values, tables: new Set([tableKey('public', 'items')]) }
}

function collect() {
  const results: unknown[] = []
  return { results, sink: { next: (text: string) => results.push(JSON.parse(text)) } }
}

const items = (...rows: [number, number][]) => ({ data: { items: rows.map(([id, v]) => ({ id, v })) } })

beforeAll(async () => {
  db = await openTestDatabase()
  await db.script(`
    CREATE TABLE items (id serial PRIMARY KEY, owner text NOT NULL, v int NOT NULL);
    INSERT INTO items (owner, v) VALUES ('alice', 1), ('bob', 2), ('alice', 7);`)
  manager = new LiveQueryManager({
    db,
    log: createLogger('silent'),
    refetchIntervalMs: 60_000,
    batchSize: 2,
    errorResponse: (error) => JSON.stringify({ errors: [{ message: (error as Error).message }] }),
    onRefetch: (stats) => refetches.push(stats),
  })
  await manager.trackTables([{ schema: 'public', name: 'items' }])
  await manager.start()
})

afterAll(async () => {
  await manager?.close()
  await db?.dispose()
})

describe('live queries', () => {
  it('sends each subscriber its own result, then only results that changed', async () => {
    const alice = collect()
    const aliceAgain = collect()
    const bob = collect()
    const aliceFromFive = collect()
    const stops = [
      manager.subscribe(plan('alice', 0), alice.sink),
      manager.subscribe(plan('bob', 0), bob.sink),
      manager.subscribe(plan('alice', 5), aliceFromFive.sink),
    ]
    await expect.poll(() => alice.results).toEqual([items([1, 1], [3, 7])])
    await expect.poll(() => bob.results).toEqual([items([2, 2])])
    await expect.poll(() => aliceFromFive.results).toEqual([items([3, 7])])
    // Same role, statement and values: the same cohort, answered from its last result at once.
    stops.push(manager.subscribe(plan('alice', 0), aliceAgain.sink))
    expect(aliceAgain.results).toEqual([items([1, 1], [3, 7])])
    expect(manager.pollerCount).toBe(1)

    refetches.length = 0
    await db.query(sql`INSERT INTO items (owner, v) VALUES ('alice', 3)`)
    await expect.poll(() => alice.results.length).toBe(2)
    expect(alice.results[1]).toEqual(items([1, 1], [3, 7], [4, 3]))
    expect(aliceAgain.results[1]).toEqual(items([1, 1], [3, 7], [4, 3]))
    // Three cohorts in batches of two: two statements, whatever the number of subscribers.
    await expect.poll(() => refetches).toEqual([{ statements: 2, cohorts: 3, pushed: 2, ms: expect.any(Number) }])
    expect(bob.results).toHaveLength(1)
    expect(aliceFromFive.results).toHaveLength(1)

    // A change that alters nobody's result pushes nothing.
    refetches.length = 0
    await db.query(sql`UPDATE items SET v = v WHERE owner = 'bob'`)
    await expect.poll(() => refetches.length).toBe(1)
    expect(refetches[0]!.pushed).toBe(0)
    expect(bob.results).toHaveLength(1)

    for (const stop of stops) stop()
    expect(manager.subscriberCount).toBe(0)
    expect(manager.pollerCount).toBe(0)
    await db.query(sql`INSERT INTO items (owner, v) VALUES ('alice', 9)`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(alice.results).toHaveLength(2)
  })

  it('keeps a failing cohort from failing the others in its batch', async () => {
    const good = collect()
    const bad = collect()
    const stops = [manager.subscribe(plan('bob', 0), good.sink), manager.subscribe(plan('bob', 'not a number'), bad.sink)]
    await expect.poll(() => good.results).toEqual([items([2, 2])])
    await expect
      .poll(() => bad.results)
      .toEqual([{ errors: [{ message: expect.stringContaining('invalid input syntax for type integer') }] }])
    for (const stop of stops) stop()
  })

  it('polls at the refetch interval what no trigger covers', async () => {
    await db.script(`CREATE TABLE untracked (v int NOT NULL); INSERT INTO untracked VALUES (1);`)
    const polling = new LiveQueryManager({
      db,
      log: createLogger('silent'),
      refetchIntervalMs: 100,
      errorResponse: () => 'unused',
    })
    await polling.start()
    const untracked = collect()
    const untrackedStatement = multiplex(
      sql`SELECT json_build_object('data', (SELECT json_agg(v ORDER BY v) FROM untracked WHERE v > (${min})::int4))::text`,
      ['response'],
    )
    const stop = polling.subscribe(
      {
        role: 'user',
        statement: untrackedStatement,
        values: ['0'],
        tables: new Set([tableKey('public', 'untracked')]),
      },
      untracked.sink,
    )
    await expect.poll(() => untracked.results).toEqual([{ data: [1] }])
    await db.query(sql`INSERT INTO untracked VALUES (2)`)
    await expect.poll(() => untracked.results).toEqual([{ data: [1] }, { data: [1, 2] }])
    stop()
    await polling.close()
  })
})
