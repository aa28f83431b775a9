import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashIngestKey } from '../../functions/_lib/ingest-key-hash.ts'
import { ingestCurlCommand } from '../../src/features/ingest-keys/ingest-curl-command.ts'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * The ingest-keys and ingest functions (functions/ingest-keys.ts, functions/ingest.ts) served by
 * the real functions runtime from this project's functions/ folder: every status code of ingest,
 * owners-only keys, revoke final, idempotent re-sends and the rate limit kept in Postgres.
 */

let t: StorageTestBackend
let ada: StorageUser // owner of lab
let vic: StorageUser // editor of lab
let bob: StorageUser // owner of ops only
let lab: string

const functionsUrl = () => `${t.url}/v1/functions`

async function createKey(user: StorageUser | null, workspaceId: string, name = 'ci'): Promise<Response> {
  return fetch(`${functionsUrl()}/ingest-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
    body: JSON.stringify({ workspaceId, name }),
  })
}

const ingest = (key: string | null, body: unknown) =>
  fetch(`${functionsUrl()}/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  })

let key: string

beforeAll(async () => {
  t = await startStorageTestBackend()
  ;[ada, vic, bob] = [await t.signUp('ada@example.com'), await t.signUp('vic@example.com'), await t.signUp('bob@example.com')]
  lab = await t.createWorkspace(ada, 'lab', [{ user: vic, role: 'editor' }])
  await t.createWorkspace(bob, 'ops')
  await t.userGraphql(
    ada,
    'mutation ($w: uuid!) { insert_metrics(objects: [{workspace_id: $w, key: "temp", name: "Temp"}, {workspace_id: $w, key: "hum", name: "Humidity"}]) { affected_rows } }',
    { w: lab },
  )
  const created = await createKey(ada, lab)
  expect(created.status).toBe(201)
  key = ((await created.json()) as { key: string }).key
}, 180_000)

afterAll(async () => {
  await t?.stop()
})

describe('ingest keys', () => {
  it('shows the key once and keeps only its hash and prefix, listed to owners', async () => {
    const response = await createKey(ada, lab, 'greenhouse')
    const body = (await response.json()) as { key: string; prefix: string; name: string }
    expect(body.key).toMatch(/^pb_[A-Za-z0-9_-]{43}$/)
    expect(body.key.startsWith(body.prefix)).toBe(true)
    const listed = await t.userGraphql(
      ada,
      '{ ingest_keys(order_by: {created_at: asc}) { name prefix created_by last_used_at revoked_at } }',
    )
    expect(listed.data).toMatchObject({
      ingest_keys: [{ name: 'ci' }, { name: 'greenhouse', prefix: body.prefix, created_by: ada.id, revoked_at: null }],
    })
    expect((await t.userGraphql(ada, '{ ingest_keys { key_hash } }')).errors).toBeDefined()
    expect((await t.userGraphql(vic, '{ ingest_keys { id } }')).data).toEqual({ ingest_keys: [] })
  })

  it('lets owners only create keys, and asks for a session and a name', async () => {
    expect((await createKey(vic, lab)).status).toBe(403)
    expect((await createKey(bob, lab)).status).toBe(403)
    expect((await createKey(null, lab)).status).toBe(401)
    const unnamed = await createKey(ada, lab, '  ')
    expect(unnamed.status).toBe(422)
    expect(await unnamed.json()).toMatchObject({ error: { code: 'validation/failed', field: 'name' } })
  })
})

describe('POST /v1/functions/ingest', () => {
  const now = Date.now()

  it('stores points (ISO, Unix s and ms) and counts what was already there on a re-send', async () => {
    const points = [
      { metric: 'temp', ts: new Date(now - 3000).toISOString(), value: 21.5 },
      { metric: 'temp', ts: Math.floor((now - 2000) / 1000), value: 22 },
      { metric: 'hum', ts: now - 1000, value: 40 },
    ]
    const first = await ingest(key, { points })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ stored: 3, alreadyStored: 0 })
    const again = await ingest(key, { points })
    expect(await again.json()).toEqual({ stored: 0, alreadyStored: 3 })
    const { metrics } = await t.adminGraphql<{ metrics: { key: string; last_value: number; points_aggregate?: unknown }[] }>(
      '{ metrics(order_by: {key: asc}) { key last_value } }',
    )
    expect(metrics).toEqual([
      { key: 'hum', last_value: 40 },
      { key: 'temp', last_value: 22 },
    ])
    const { ingest_keys } = await t.adminGraphql<{ ingest_keys: { last_used_at: string | null }[] }>(
      '{ ingest_keys(where: {name: {_eq: "ci"}}) { last_used_at } }',
    )
    expect(ingest_keys[0]!.last_used_at).not.toBeNull()
  })

  it("feeds the metrics page's one sparkline subscription, for members only", async () => {
    const query =
      'query ($w: uuid!, $since: timestamptz!) { workspace_sparklines(args: {workspace_id: $w, since: $since, bucket_seconds: 60}) { metric_id bucket value } }'
    const since = new Date(now - 3_600_000).toISOString()
    const rows = ((await t.userGraphql(vic, query, { w: lab, since })).data as { workspace_sparklines: { value: number }[] })
      .workspace_sparklines
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect((await t.userGraphql(bob, query, { w: lab, since })).data).toEqual({ workspace_sparklines: [] })
  })

  it('answers 401 for a missing, wrong or revoked key', async () => {
    expect((await ingest(null, { points: [] })).status).toBe(401)
    const wrong = await ingest('pb_wrong', { points: [] })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: { code: 'ingest/key-invalid' } })
    const created = (await (await createKey(ada, lab, 'to revoke')).json()) as { id: string; key: string }
    expect((await ingest(created.key, { points: [] })).status).toBe(200)
    const revoke = await t.userGraphql(
      ada,
      'mutation ($id: uuid!) { update_ingest_keys_by_pk(pk_columns: {id: $id}, _set: {revoked_at: "now()"}) { revoked_at } }',
      { id: created.id },
    )
    expect(revoke.errors).toBeUndefined()
    expect((await ingest(created.key, { points: [] })).status).toBe(401)
    const unrevoke = await t
      .adminGraphql('mutation ($id: uuid!) { update_ingest_keys_by_pk(pk_columns: {id: $id}, _set: {revoked_at: null}) { id } }', {
        id: created.id,
      })
      .catch((e: Error) => e)
    expect(String(unrevoke)).toContain('ingest_keys_revoked_final')
  })

  it('answers 413 past 5,000 points and writes none', async () => {
    const points = Array.from({ length: 5001 }, (_, i) => ({ metric: 'temp', ts: now - 100_000 - i * 1000, value: i }))
    const response = await ingest(key, { points })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: { code: 'ingest/batch-too-large' } })
    const ok = await ingest(key, { points: points.slice(0, 5000) })
    expect(await ok.json()).toEqual({ stored: 5000, alreadyStored: 0 })
  })

  it('answers malformed JSON with 400 in the shape of its other errors, at both base URLs', async () => {
    for (const url of [`${functionsUrl()}/ingest`, `${t.url}/functions/v1/ingest`]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: '{"points": [{"metric": "temp", "ts": 1795568400, "value": 1},',
      })
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({ error: { code: 'invalid-json', message: expect.any(String) } })
    }
  })

  it('accepts the curl example shown with a new key, run as pasted in a shell', async () => {
    // The app names the workspace's first metric by key, as WorkspaceMetrics lists them.
    const { metrics } = await t.adminGraphql<{ metrics: { key: string }[] }>(
      'query ($w: uuid!) { metrics(where: {workspace_id: {_eq: $w}}, order_by: {key: asc}, limit: 1) { key } }',
      { w: lab },
    )
    const command = ingestCurlCommand({ url: `${t.url}/functions/v1/ingest`, ingestKey: key, metricKey: metrics[0]!.key, ts: new Date() })
    // Exactly the text shown: curl prints the answer's body (an error's too) on its standard output.
    const { stdout } = await promisify(execFile)('sh', ['-c', command])
    expect(JSON.parse(stdout)).toEqual({ stored: 1, alreadyStored: 0 })
  })

  it("runs the README's first point as pasted, the key in PULSEBOARD_INGEST_KEY", async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const block = /A first point[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(block).toBeDefined()
    const created = await t.userGraphql(
      ada,
      'mutation ($w: uuid!) { insert_metrics_one(object: {workspace_id: $w, key: "greenhouse.temp_c", name: "Greenhouse"}) { id } }',
      { w: lab },
    )
    expect(created.errors).toBeUndefined()
    // Only the address differs: this backend listens on a port of its own.
    const script = block!.replaceAll('http://127.0.0.1:1337', t.url)
    const { stdout } = await promisify(execFile)('sh', ['-c', script], { env: { ...process.env, PULSEBOARD_INGEST_KEY: key } })
    const shownAnswer = /^# (\{.*\})$/m.exec(block!)?.[1]
    expect(JSON.parse(stdout)).toEqual(JSON.parse(shownAnswer!))
    expect(JSON.parse(stdout)).toEqual({ stored: 1, alreadyStored: 0 })
  })

  it('answers 405 to anything but POST', async () => {
    const response = await fetch(`${functionsUrl()}/ingest`, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })

  it('stores a point sent twice in one request once, and counts the second as already there', async () => {
    const point = { metric: 'temp', ts: now - 888_250, value: 3 }
    const response = await ingest(key, { points: [point, { ...point, ts: new Date(point.ts).toISOString(), value: 4 }] })
    expect(await response.json()).toEqual({ stored: 1, alreadyStored: 1 })
    const { points } = await t.adminGraphql<{ points: { value: number }[] }>(
      'query ($ts: timestamptz!) { points(where: {ts: {_eq: $ts}}) { value } }',
      {
        ts: new Date(point.ts).toISOString(),
      },
    )
    expect(points).toEqual([{ value: 3 }])
  })

  it('answers 422 for made-up metric keys of any length and number', async () => {
    const long = 'x'.repeat(1000)
    const points = Array.from({ length: 5000 }, (_, i) => ({ metric: `${long}${i}`, ts: now, value: 1 }))
    const response = await ingest(key, { points })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: { code: 'point/invalid', index: 0, reason: `unknown metric key "${long}0"` } })
  })

  it.each([
    [{ metric: 'nope', ts: 0, value: 1 }, 'unknown metric key "nope"'],
    [{ metric: 'temp', ts: Date.now(), value: 'NaN' }, 'value is not a finite number'],
    [{ metric: 'temp', ts: Date.now(), value: null }, 'value is not a finite number'],
    [{ metric: 'temp', ts: '2020-13-45', value: 1 }, 'ts is not ISO-8601 or Unix seconds or milliseconds'],
    [{ metric: 'temp', ts: Date.now() - 6 * 365 * 86_400_000, value: 1 }, 'ts is more than 5 years old'],
    [{ metric: 'temp', ts: Date.now() + 2 * 86_400_000, value: 1 }, 'ts is more than 1 day ahead'],
  ])('answers 422 with the index of the first invalid point (%j) and writes nothing', async (bad, reason) => {
    const good = { metric: 'hum', ts: now - 777_500, value: 1 }
    const response = await ingest(key, { points: [good, bad, bad] })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: { code: 'point/invalid', index: 1, reason } })
    const { points } = await t.adminGraphql<{ points: unknown[] }>('query ($ts: timestamptz!) { points(where: {ts: {_eq: $ts}}) { id } }', {
      ts: new Date(good.ts).toISOString(),
    })
    expect(points).toEqual([])
  })

  it('keeps points of another workspace out: a key reaches its own metrics only', async () => {
    const opsKey = (await (
      await createKey(
        bob,
        (await t.adminGraphql<{ workspaces: { id: string }[] }>('{ workspaces(where: {slug: {_eq: "ops"}}) { id } }')).workspaces[0]!.id,
      )
    ).json()) as { key: string }
    const response = await ingest(opsKey.key, { points: [{ metric: 'temp', ts: now, value: 1 }] })
    expect(response.status).toBe(422)
  })

  // The bucket's arithmetic is timed inside one SQL statement, where 400 calls take milliseconds
  // whatever the machine's load; over HTTP, a slow machine lets the refill keep up with the calls.
  it('lets a key burst 100 requests, then 50 a second', async () => {
    const rateKey = ((await (await createKey(ada, lab, 'burst')).json()) as { key: string }).key
    const { rows } = await t.backend.context.db.query<{ allowed: number; limited: number; seconds: number }>(
      `select count(*) filter (where retry_after = 0)::int as allowed, count(*) filter (where retry_after > 0)::int as limited,
              extract(epoch from clock_timestamp() - statement_timestamp())::float8 as seconds
         from (select (public.ingest_authorize($1)).retry_after_seconds as retry_after from generate_series(1, 400)) calls`,
      [hashIngestKey(rateKey)],
    )
    const { allowed, limited, seconds } = rows[0]!
    expect(allowed).toBeGreaterThanOrEqual(100)
    expect(allowed).toBeLessThanOrEqual(100 + Math.ceil(50 * seconds))
    expect(allowed + limited).toBe(400)
  })

  it('answers 429 with Retry-After once the key has spent its tokens, and stores nothing', async () => {
    const rateKey = ((await (await createKey(ada, lab, 'rate')).json()) as { key: string }).key
    expect((await ingest(rateKey, { points: [] })).status).toBe(200)
    // Spent, and refilling only from a minute on: no machine is slow enough to see a token back.
    await t.backend.context.db.query(
      `update public.ingest_rate_buckets set tokens = 0, refilled_at = clock_timestamp() + interval '1 minute'
        where key_id = (select id from public.ingest_keys where key_hash = $1)`,
      [hashIngestKey(rateKey)],
    )
    const ts = now - 172_800_123
    const response = await ingest(rateKey, { points: [{ metric: 'temp', ts, value: 1 }] })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(60)
    expect(await response.json()).toMatchObject({ error: { code: 'rate/limited' } })
    const { points } = await t.adminGraphql<{ points: unknown[] }>('query ($ts: timestamptz!) { points(where: {ts: {_eq: $ts}}) { id } }', {
      ts: new Date(ts).toISOString(),
    })
    expect(points).toEqual([])
  })
})
