import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * public.write_points(points jsonb), the write path of the ingest and import functions
 * (nhost/migrations/…_write_points_jsonb, functions/_lib/write-points.ts): one statement, all or
 * nothing, idempotent, admin only; and the relationship that lets ingest_authorize return the
 * metrics a request names. Live queries are polled only once a minute here, so a subscription
 * that moves was moved by the points triggers' change notification.
 */

let t: StorageTestBackend
let ada: StorageUser // owner of lab
let vic: StorageUser // editor of lab
let temp: string // metric ids of lab
let hum: string
let lab: string
const sockets: WsClient[] = []

const WRITE = 'mutation ($points: jsonb!) { write_points(args: {points: $points}) { stored } }'
const now = Date.now()
const iso = (ms: number) => new Date(ms).toISOString()

/** write_points as admin: how many were stored, or the error's message. */
async function write(points: unknown): Promise<number | string> {
  try {
    const { write_points } = await t.adminGraphql<{ write_points: { stored: number }[] }>(WRITE, { points })
    expect(write_points).toHaveLength(1)
    return write_points[0]!.stored
  } catch (error) {
    return (error as Error).message
  }
}

async function pointsAt(ms: number): Promise<{ metric_id: string; value: number }[]> {
  const { points } = await t.adminGraphql<{ points: { metric_id: string; value: number }[] }>(
    'query ($ts: timestamptz!) { points(where: {ts: {_eq: $ts}}, order_by: {metric_id: asc}) { metric_id value } }',
    { ts: iso(ms) },
  )
  return points
}

const refetchInterval = process.env.HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL

beforeAll(async () => {
  process.env.HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL = '60000'
  t = await startStorageTestBackend()
  ;[ada, vic] = [await t.signUp('ada@example.com'), await t.signUp('vic@example.com')]
  lab = await t.createWorkspace(ada, 'lab', [{ user: vic, role: 'editor' }])
  const { insert_metrics } = await t.adminGraphql<{ insert_metrics: { returning: { id: string }[] } }>(
    'mutation ($w: uuid!) { insert_metrics(objects: [{workspace_id: $w, key: "temp", name: "Temp"}, {workspace_id: $w, key: "hum", name: "Hum"}]) { returning { id } } }',
    { w: lab },
  )
  ;[temp, hum] = insert_metrics.returning.map((m) => m.id) as [string, string]
}, 60_000)

afterAll(async () => {
  for (const socket of sockets) await socket.dispose()
  await t?.stop()
  if (refetchInterval === undefined) delete process.env.HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL
  else process.env.HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL = refetchInterval
})

describe('write_points', () => {
  it('stores a batch, counts only new points, and leaves a point already there as it was', async () => {
    const batch = [
      { metric_id: temp, ts: iso(now - 3000), value: 1.5 },
      { metric_id: hum, ts: iso(now - 3000), value: 40 },
      { metric_id: temp, ts: iso(now - 2000), value: 2.5 },
    ]
    expect(await write(batch)).toBe(3)
    expect(await write(batch.map((p) => ({ ...p, value: 99 })))).toBe(0)
    expect(await write([...batch, { metric_id: temp, ts: iso(now - 1000), value: 3.5 }])).toBe(1)
    const kept = await pointsAt(now - 3000)
    expect(kept).toHaveLength(2)
    expect(kept).toEqual(
      expect.arrayContaining([
        { metric_id: temp, value: 1.5 },
        { metric_id: hum, value: 40 },
      ]),
    )
    // The points triggers ran: last_value follows the newest point.
    const { metrics_by_pk } = await t.adminGraphql<{ metrics_by_pk: { last_value: number; last_ts: string } }>(
      'query ($id: uuid!) { metrics_by_pk(id: $id) { last_value last_ts } }',
      { id: temp },
    )
    expect(metrics_by_pk.last_value).toBe(3.5)
    expect(Date.parse(metrics_by_pk.last_ts)).toBe(now - 1000)
  })

  it('stores a point named twice in one batch once (the first), and an empty batch as nothing', async () => {
    const ms = now - 10_000
    expect(
      await write([
        { metric_id: temp, ts: iso(ms), value: 1 },
        { metric_id: temp, ts: iso(ms), value: 2 },
      ]),
    ).toBe(1)
    expect(await pointsAt(ms)).toEqual([{ metric_id: temp, value: 1 }])
    expect(await write([])).toBe(0)
  })

  // Functions, since the metric ids exist only once beforeAll has run.
  it.each<[string, () => unknown, string]>([
    ['an object', () => ({ metric_id: temp, ts: iso(now), value: 1 }), 'non-array'],
    ['a number', () => 5, 'non-array'],
    ['an array of non-objects', () => [1], 'array of objects'],
    ['a point without metric_id', () => [{ ts: iso(now), value: 1 }], 'metric_id'],
    ['a point without value', () => [{ metric_id: temp, ts: iso(now) }], 'column \\"value\\"'],
    ['a point with a malformed metric_id', () => [{ metric_id: 'temp', ts: iso(now), value: 1 }], 'uuid'],
    [
      'a point with an unknown metric_id',
      () => [{ metric_id: '00000000-0000-4000-8000-000000000000', ts: iso(now), value: 1 }],
      'points_metric_id_fkey',
    ],
    ['a point with a malformed ts', () => [{ metric_id: temp, ts: 'yesterday-ish', value: 1 }], 'timestamp'],
    ['a point with a non-finite value', () => [{ metric_id: temp, ts: iso(now), value: 'Infinity' }], 'points_value_finite'],
    ['a point outside the ts window', () => [{ metric_id: temp, ts: iso(now - 6 * 365 * 86_400_000), value: 1 }], 'points_ts_window'],
  ])('refuses %s and writes nothing of the batch', async (_, input, message) => {
    const good = { metric_id: hum, ts: iso(now - 20_000), value: 7 }
    const bad = input()
    const result = await write(Array.isArray(bad) ? [good, ...bad] : bad)
    expect(typeof result).toBe('string')
    expect(result).toContain(message)
    expect(await pointsAt(now - 20_000)).toEqual([])
  })

  it('is not there for any role but admin, nor is the metrics relationship of ingest_authorize', async () => {
    const points = [{ metric_id: temp, ts: iso(now - 30_000), value: 1 }]
    for (const user of [ada, vic]) {
      const answer = await t.userGraphql(user, WRITE, { points })
      expect(answer.errors).toBeDefined()
      expect(JSON.stringify(answer.errors)).toContain('validation-failed')
      const authorize = await t.userGraphql(user, 'mutation { ingest_authorize(args: {hash: "x"}) { metrics { id } } }')
      expect(JSON.stringify(authorize.errors)).toContain('validation-failed')
      const rows = await t.userGraphql(user, '{ points_write_results { stored } }')
      expect(JSON.stringify(rows.errors)).toContain('validation-failed')
    }
    const anonymous = await fetch(`${t.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: WRITE, variables: { points } }),
    })
    expect(JSON.stringify(await anonymous.json())).toContain('validation-failed')
    expect(await pointsAt(now - 30_000)).toEqual([])
  })

  it('moves a subscribed metric through the change notification when the ingest function writes', async () => {
    const created = await fetch(`${t.url}/v1/functions/ingest-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` },
      body: JSON.stringify({ workspaceId: lab, name: 'live' }),
    })
    const { key } = (await created.json()) as { key: string }
    const socket = createWsClient({
      url: `${t.url.replace('http', 'ws')}/v1/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { Authorization: `Bearer ${vic.token}` } },
    })
    sockets.push(socket)
    const values: (number | null)[] = []
    let moved: () => void = () => {}
    const movedTo42 = new Promise<void>((resolve) => (moved = resolve))
    const unsubscribe = socket.subscribe<{ metrics_by_pk: { last_value: number | null } }>(
      { query: 'subscription ($id: uuid!) { metrics_by_pk(id: $id) { last_value } }', variables: { id: hum } },
      {
        next: ({ data }) => {
          values.push(data!.metrics_by_pk.last_value)
          if (data!.metrics_by_pk.last_value === 42) moved()
        },
        error: (e) => {
          throw e
        },
        complete: () => {},
      },
    )
    await expect.poll(() => values.length, { timeout: 5000 }).toBeGreaterThan(0)
    const response = await fetch(`${t.url}/v1/functions/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ points: [{ metric: 'hum', ts: now + 1000, value: 42 }] }),
    })
    expect(await response.json()).toEqual({ stored: 1, alreadyStored: 0 })
    const started = Date.now()
    await movedTo42
    // Far sooner than the one-minute poll.
    expect(Date.now() - started).toBeLessThan(10_000)
    unsubscribe()
  })
})
