import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPostgresError, type Database, type Queryable } from '../../backend/db/database.ts'
import { openTestDatabase, testDatabaseKind } from '../support/test-database.ts'

/**
 * metric_series (nhost/migrations/default/*_metric_series) on a few thousand points: the buckets
 * of every aggregation against the same computation in JS, its argument checks, and the plan.
 */

const root = join(import.meta.dirname, '..', '..')
const migrationsDir = join(root, 'nhost', 'migrations', 'default')

async function applyProductSchema(db: Queryable): Promise<void> {
  await db.script(readFileSync(join(root, 'backend', 'db', 'system', '10-auth.sql'), 'utf8'))
  // The product's storage migration fills storage.buckets, which Nhost Storage creates.
  await db.script(readFileSync(join(root, 'backend', 'db', 'system', '20-storage.sql'), 'utf8'))
  for (const folder of readdirSync(migrationsDir).sort()) {
    await db.script(readFileSync(join(migrationsDir, folder, 'up.sql'), 'utf8'))
  }
}

const POINTS = 3000
const OTHER_METRICS = 4
/** Irregular spacing (6 to 8 s) so that buckets hold different numbers of points. */
const offsetSeconds = (i: number) => i * 7 + (i % 3)
const valueOf = (i: number) => ((i * 37) % 101) - 50 + i / 8

let db: Database & { dispose: () => Promise<void> }
let metric: string
/** Epoch seconds of the first point: a whole hour, two days ago. */
let base: number
let points: { epoch: number; value: number }[]

beforeAll(async () => {
  db = await openTestDatabase()
  await applyProductSchema(db)
  const { rows: users } = await db.query<{ id: string }>(
    `insert into auth.users (locale, email) values ('en', 'series@example.com') returning id`,
  )
  const { rows: ws } = await db.query<{ id: string }>(
    `insert into workspaces (name, slug, created_by) values ('Series', 'series', $1) returning id`,
    [users[0]!.id],
  )
  const { rows: metrics } = await db.query<{ id: string }>(
    `insert into metrics (workspace_id, key, name) select $1, 'm' || g, 'M' from generate_series(0, $2::int) g order by g returning id`,
    [ws[0]!.id, OTHER_METRICS],
  )
  metric = metrics[0]!.id
  base = Math.floor(Date.now() / 3_600_000) * 3600 - 2 * 86400
  points = Array.from({ length: POINTS }, (_, i) => ({ epoch: base + offsetSeconds(i), value: valueOf(i) }))
  // The same series for every metric, so that the one asked for is a fifth of the table.
  await db.query(
    `insert into points (metric_id, ts, value)
     select m, to_timestamp(t), v from unnest($1::uuid[]) m, unnest($2::float8[], $3::float8[]) as p(t, v)`,
    [metrics.map((m) => m.id), points.map((p) => p.epoch), points.map((p) => p.value)],
  )
  await db.query(`vacuum analyze public.points`)
})
afterAll(async () => {
  await db?.dispose()
})

type Aggregation = 'avg' | 'sum' | 'min' | 'max' | 'count' | 'last'

/** What metric_series should answer, computed in JS: epoch-aligned buckets from the one holding `since`. */
function expected(bucketSeconds: number, since: number, until: number, aggregation: Aggregation) {
  const first = Math.floor(since / bucketSeconds) * bucketSeconds
  const buckets = new Map<number, { epoch: number; value: number }[]>()
  for (const p of points) {
    if (p.epoch < first || p.epoch >= until) continue
    const bucket = Math.floor(p.epoch / bucketSeconds) * bucketSeconds
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), p])
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, ps]) => {
      const values = ps.map((p) => p.value)
      const value = {
        avg: values.reduce((a, b) => a + b, 0) / values.length,
        sum: values.reduce((a, b) => a + b, 0),
        min: Math.min(...values),
        max: Math.max(...values),
        count: values.length,
        last: ps.reduce((a, b) => (b.epoch > a.epoch ? b : a)).value,
      }[aggregation]
      return { bucket, value, samples: ps.length }
    })
}

async function series(bucketSeconds: number, since: number, until: number, aggregation: string) {
  const { rows } = await db.query<{ metric_id: string; bucket: number; value: number; samples: number }>(
    `select metric_id, extract(epoch from bucket)::float8 as bucket, value, samples
     from metric_series($1, $2, to_timestamp($3), to_timestamp($4), $5)`,
    [metric, bucketSeconds, since, until, aggregation],
  )
  return rows
}

async function failure(work: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await work
  } catch (error) {
    if (!isPostgresError(error)) throw error
    return { code: error.code, message: error.message }
  }
  throw new Error('expected an error, the statement succeeded')
}

describe(`metric_series on ${testDatabaseKind}`, () => {
  const aggregations: Aggregation[] = ['avg', 'sum', 'min', 'max', 'count', 'last']

  for (const bucketSeconds of [10, 60, 300, 3600]) {
    it(`buckets of ${bucketSeconds} s hold the right aggregates`, async () => {
      // since and until cut through buckets: the first bucket is taken whole, the last is cut.
      const since = base + 1234
      const until = base + offsetSeconds(POINTS - 1) - 517
      for (const aggregation of aggregations) {
        const want = expected(bucketSeconds, since, until, aggregation)
        const got = await series(bucketSeconds, since, until, aggregation)
        expect(got.length, aggregation).toBe(want.length)
        expect(got.length).toBeGreaterThan(0)
        got.forEach((row, i) => {
          expect(row.metric_id).toBe(metric)
          expect(row.bucket, `${aggregation} bucket ${i}`).toBe(want[i]!.bucket)
          expect(row.samples, `${aggregation} samples ${i}`).toBe(want[i]!.samples)
          expect(row.value, `${aggregation} value ${i}`).toBeCloseTo(want[i]!.value, 9)
        })
      }
    })
  }

  it('covers the whole range in one day-sized bucket, aligned on UTC midnight', async () => {
    const got = await series(86400, base - 86400, base + 86400 * 2, 'count')
    const want = expected(86400, base - 86400, base + 86400 * 2, 'count')
    expect(got.map((r) => [r.bucket, r.value])).toEqual(want.map((r) => [r.bucket, r.value]))
    expect(got.every((r) => r.bucket % 86400 === 0)).toBe(true)
    expect(got.reduce((n, r) => n + r.samples, 0)).toBe(POINTS)
  })

  it('leaves out empty buckets and answers nothing for a range without points', async () => {
    expect(await series(60, base - 7200, base - 3600, 'avg')).toEqual([])
  })

  it('reads up to now and averages by default', async () => {
    await db.query(`insert into points (metric_id, ts, value) values ($1, now() + interval '1 hour', 1e9)`, [metric])
    try {
      const { rows } = await db.query<{ samples: number; value: number }>(
        `select sum(samples)::int as samples, max(value) as value from metric_series($1, 3600, to_timestamp($2))`,
        [metric, base],
      )
      expect(rows[0]!.samples).toBe(POINTS)
      const top = expected(3600, base, base + 86400, 'avg').reduce((m, r) => Math.max(m, r.value), -Infinity)
      expect(rows[0]!.value).toBeCloseTo(top, 9)
    } finally {
      await db.query(`delete from points where metric_id = $1 and ts > now()`, [metric])
    }
  })

  it('rejects arguments it cannot serve with a data exception naming the argument', async () => {
    const cases: [number, number, number, string, RegExp][] = [
      [7, base, base + 60, 'avg', /^metric_series: bucket_seconds must be one of 10, 60, 300, 900, 3600, 86400$/],
      [0, base, base + 60, 'avg', /^metric_series: bucket_seconds must be one of/],
      [-60, base, base + 60, 'avg', /^metric_series: bucket_seconds must be one of/],
      [60, base, base + 60, 'median', /^metric_series: aggregation must be one of avg, sum, min, max, count, last$/],
      [60, base, base, 'avg', /^metric_series: since must be earlier than until$/],
      [60, base + 60, base, 'avg', /^metric_series: since must be earlier than until$/],
      [10, base, base + 10 * 20_001, 'avg', /^metric_series: at most 20000 buckets per call/],
    ]
    for (const [bucketSeconds, since, until, aggregation, message] of cases) {
      const error = await failure(series(bucketSeconds, since, until, aggregation))
      expect(error.code).toBe('22023')
      expect(error.message).toMatch(message)
    }
    // 20,000 buckets exactly are fine.
    await series(10, base, base + 10 * 20_000, 'avg')
  })

  it('is inlined into the calling query and range-scans the rollups and the (metric_id, ts) index', async () => {
    // The shape Hasura gives it: the function in FROM, the return table's permission as a filter.
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `explain select s.bucket, s.value from metric_series($1, 300, to_timestamp($2), to_timestamp($3), 'avg') as s
       where exists (select 1 from metrics m join workspace_members wm on wm.workspace_id = m.workspace_id
                     where m.id = s.metric_id and wm.user_id = $4)`,
      [metric, base + 3600, base + 7200, '00000000-0000-0000-0000-000000000000'],
    )
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
    expect(plan).toMatch(/Index (Only )?Scan using points_metric_id_ts_key on points/)
    expect(plan).toMatch(/Index Scan (using|on) point_rollups_pkey/)
    expect(plan).not.toMatch(/Seq Scan on point/)
    expect(plan).not.toMatch(/Function Scan on metric_series/)
  })

  it('returns rows of a table that never holds any', async () => {
    const error = await failure(db.query(`insert into metric_series_buckets (metric_id, bucket, samples) values ($1, now(), 1)`, [metric]))
    expect(error.code).toBe('23514')
    expect(error.message).toContain('metric_series_buckets_never_holds_rows')
  })
})
