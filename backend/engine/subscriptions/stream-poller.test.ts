import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../tests/support/test-database.ts'
import { createLogger } from '../../lib/logger.ts'
import { sql } from '../../lib/sql.ts'
import type { ParamValue } from '../plan/ir.ts'
import { BoundParam, bindValues } from '../sql/bound-param.ts'
import { multiplex } from '../sql/compile-live-query.ts'
import { LiveQueryManager } from './live-query-manager.ts'
import { tableKey } from './live-query-plan.ts'
import type { StreamPlan } from './stream-poller.ts'

/**
 * Streams against a real database, with the statement written here the way the engine compiles
 * one (sql/compile-stream.ts, multiplexed by sql/compile-live-query.ts): the batch after the
 * cursor slot and the last row's cursor as text.
 */
let db: Awaited<ReturnType<typeof openTestDatabase>>
let manager: LiveQueryManager

const series = new BoundParam({ kind: 'variable', name: 'series' }, 'text')
const cursor: ParamValue = { kind: 'variable', name: 'after' }
const statement = multiplex(
  sql`SELECT coalesce(json_agg(s.root), '[]')::text AS root, (array_agg(s.c))[count(*)::int4] AS cursor
FROM (SELECT json_build_object('id', t.id) AS root, t.id::text AS c
      FROM (SELECT * FROM points WHERE series = (${series})::text AND id > (${new BoundParam(cursor, 'text')})::int4 ORDER BY id LIMIT ${2}) t) s`,
  ['root', 'cursor'],
  [cursor],
)

function plan(seriesValue: string, after: unknown): StreamPlan {
  return {
    role: 'user',
    statement,
    cursorSlot: 1,
    bound: null,
    values: bindValues(statement.slots, { sessionVariables: {}, variables: { series: seriesValue, after } }),
    respond: (batch) => `{"data":{"points_stream":${batch}}}`,
    tables: new Set([tableKey('public', 'points')]),
  }
}

function collect() {
  const results: unknown[] = []
  return { results, sink: { append: (text: string) => results.push(JSON.parse(text)) } }
}

const batch = (...ids: number[]) => ({ data: { points_stream: ids.map((id) => ({ id })) } })

beforeAll(async () => {
  db = await openTestDatabase()
  await db.script(`
    CREATE TABLE points (id serial PRIMARY KEY, series text NOT NULL);
    INSERT INTO points (series) VALUES ('a'), ('b'), ('a');`)
  manager = new LiveQueryManager({
    db,
    log: createLogger('silent'),
    refetchIntervalMs: 50,
    errorResponse: (error) => JSON.stringify({ errors: [{ message: (error as Error).message }] }),
  })
  await manager.trackTables([{ schema: 'public', name: 'points' }])
  await manager.start()
})

afterAll(async () => {
  await manager?.close()
  await db?.dispose()
})

describe('streams', () => {
  it('sends the batches after the cursor, each row once, and nothing for an empty batch', async () => {
    const a = collect()
    const stop = manager.subscribeStream(plan('a', 0), a.sink)
    expect(manager.subscriberCount).toBe(1)
    await expect.poll(() => a.results).toEqual([batch(1, 3)])
    // A backlog larger than the batch drains one batch per refetch.
    await db.query(sql`INSERT INTO points (series) VALUES ('a'), ('b'), ('a'), ('a'), ('a'), ('a')`)
    await expect.poll(() => a.results).toEqual([batch(1, 3), batch(4, 6), batch(7, 8), batch(9)])
    await db.query(sql`INSERT INTO points (series) VALUES ('b')`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(a.results).toHaveLength(4)
    stop()
    expect(manager.subscriberCount).toBe(0)
    await db.query(sql`INSERT INTO points (series) VALUES ('a')`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(a.results).toHaveLength(4)
  })

  it('keeps each subscriber on its own cursor', async () => {
    const fromStart = collect()
    const fromSix = collect()
    const stops = [manager.subscribeStream(plan('a', 0), fromStart.sink), manager.subscribeStream(plan('a', 6), fromSix.sink)]
    await expect.poll(() => fromSix.results).toEqual([batch(7, 8), batch(9, 11)])
    await expect.poll(() => fromStart.results).toEqual([batch(1, 3), batch(4, 6), batch(7, 8), batch(9, 11)])
    for (const stop of stops) stop()
  })

  it('reports a failing statement once, as a result with errors', async () => {
    const bad = collect()
    const stop = manager.subscribeStream(plan('a', 'not a number'), bad.sink)
    await expect
      .poll(() => bad.results)
      .toEqual([{ errors: [{ message: expect.stringContaining('invalid input syntax for type integer') }] }])
    await db.query(sql`INSERT INTO points (series) VALUES ('a')`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(bad.results).toHaveLength(1)
    stop()
  })
})
