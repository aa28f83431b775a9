import { describe, expect, it } from 'vitest'
import { testDatabaseKind } from '../support/test-database.ts'
import { db, newUser, newWorkspace, openProductSchemaPerFile } from '../support/product-schema-db.ts'

/**
 * point_rollups (nhost/migrations/default/*_point_rollups) under random writes: inserts, re-sent
 * and late points, upserted values, moved and deleted points, from several writers at once. After
 * every round the rollups must equal an aggregation of the points from scratch, and metric_series
 * must answer what it answered before rollups existed: the reference below is that function's body.
 */

openProductSchemaPerFile()

/** metric_series before rollups (1795317561433_metric_series), over the points alone. */
const referenceSeries = `
  SELECT extract(epoch FROM date_bin(make_interval(secs => $2::int), p.ts, timestamptz '1970-01-01 00:00:00+00'))::float8 AS bucket,
    CASE $5::text
      WHEN 'avg' THEN avg(p.value)
      WHEN 'sum' THEN sum(p.value)
      WHEN 'min' THEN min(p.value)
      WHEN 'max' THEN max(p.value)
      WHEN 'count' THEN count(*)::double precision
      WHEN 'last' THEN (max(ARRAY[extract(epoch FROM p.ts)::double precision, p.value]))[2]
    END AS value,
    count(*)::integer AS samples
  FROM public.points AS p
  WHERE p.metric_id = $1
    AND p.ts >= date_bin(make_interval(secs => $2::int), $3::timestamptz, timestamptz '1970-01-01 00:00:00+00')
    AND p.ts < $4::timestamptz
  GROUP BY 1 ORDER BY 1`

const series = `
  SELECT extract(epoch FROM bucket)::float8 AS bucket, value, samples
  FROM metric_series($1, $2, $3::timestamptz, $4::timestamptz, $5)`

/** The rollups as they should be: every size aggregated from the points, rows that differ. */
const rollupDifferences = `
  WITH expected AS (
    SELECT p.metric_id, s.seconds AS bucket_seconds,
           date_bin(make_interval(secs => s.seconds), p.ts, timestamptz '1970-01-01 00:00:00+00') AS bucket,
           count(*) AS samples, sum(p.value) AS total, min(p.value) AS lowest, max(p.value) AS highest,
           max(p.ts) AS last_ts, (max(ARRAY[extract(epoch FROM p.ts)::double precision, p.value]))[2] AS last_value
      FROM points p, unnest(ARRAY[60, 300, 3600, 86400]) AS s(seconds)
     GROUP BY 1, 2, 3
  )
  SELECT coalesce(e.metric_id, r.metric_id) AS metric_id, coalesce(e.bucket_seconds, r.bucket_seconds) AS bucket_seconds,
         coalesce(e.bucket, r.bucket) AS bucket, e.samples AS want_samples, r.samples AS got_samples
    FROM expected e FULL JOIN point_rollups r USING (metric_id, bucket_seconds, bucket)
   WHERE e.samples IS DISTINCT FROM r.samples OR e.lowest IS DISTINCT FROM r.lowest OR e.highest IS DISTINCT FROM r.highest
      OR e.last_ts IS DISTINCT FROM r.last_ts OR e.last_value IS DISTINCT FROM r.last_value
      OR abs(e.total - r.total) > 1e-9 * greatest(1, abs(e.total))`

/** A small seeded generator (mulberry32), so that a failing round can be replayed. */
function generator(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  }
}

type Random = ReturnType<typeof generator>

/** Three days ending an hour ago, on a whole day so that every size has whole and cut buckets. */
const spanSeconds = 3 * 86400
const start = Math.floor(Date.now() / 1000 / 86400) * 86400 - 2 * 86400 - 3600

/** A ts in the span, with microseconds half of the time, clustered so that buckets fill up. */
function randomTs(random: Random): string {
  const second = start + (random.next() < 0.5 ? random.int(spanSeconds) : random.int(7200) + 86400)
  const micros = random.next() < 0.5 ? 0 : random.int(1_000_000)
  return new Date(second * 1000 + Math.floor(micros / 1000)).toISOString().replace('Z', `${String(micros % 1000).padStart(3, '0')}Z`)
}

const randomValue = (random: Random) => (random.next() < 0.3 ? random.int(200) - 100 : (random.next() - 0.5) * 1e6)

/** One writer's random statement on one of the metrics. */
async function randomWrite(random: Random, metrics: string[]): Promise<void> {
  const metric = random.pick(metrics)
  const kind = random.int(10)
  if (kind < 5) {
    // A batch of new, re-sent and late points, as ingest writes them.
    const n = 1 + random.int(300)
    const points = Array.from({ length: n }, () => ({ metric_id: metric, ts: randomTs(random), value: randomValue(random) }))
    await db.query(`select write_points($1::jsonb)`, [JSON.stringify(points)])
  } else if (kind < 7) {
    // Upserted values, as a GraphQL insert with on_conflict update writes them. Each ts once: one
    // statement may not update a row twice (Postgres refuses it, in Hasura as here).
    const stamps = [...new Set(Array.from({ length: 1 + random.int(50) }, () => randomTs(random)))]
    await db.query(
      `insert into points (metric_id, ts, value)
       select $1, ts, v from unnest($2::timestamptz[], $3::float8[]) as t(ts, v)
       on conflict (metric_id, ts) do update set value = excluded.value`,
      [metric, stamps, stamps.map(() => randomValue(random))],
    )
  } else if (kind < 8) {
    // Points moved in time (some into other buckets), skipping moves onto an existing ts.
    await db.query(
      `update points p set ts = p.ts + make_interval(secs => $2::float8)
        where p.id in (select id from points where metric_id = $1 order by random() limit 20)
          and not exists (select 1 from points q where q.metric_id = p.metric_id and q.ts = p.ts + make_interval(secs => $2::float8))`,
      [metric, random.int(7200) - 3600 + random.next()],
    )
  } else {
    // A deleted range, as retention or a correction deletes points.
    const from = randomTs(random)
    await db.query(`delete from points where metric_id = $1 and ts >= $2 and ts < $2::timestamptz + make_interval(secs => $3)`, [
      metric,
      from,
      random.int(3 * 3600),
    ])
  }
}

describe(`point rollups on ${testDatabaseKind}`, () => {
  it('equal the points aggregated from scratch, and metric_series answers as before, under random concurrent writes', async () => {
    const owner = await newUser()
    const workspace = await newWorkspace(owner)
    const { rows } = await db.query<{ id: string }>(
      `insert into metrics (workspace_id, key, name) select $1, 'rollup' || g, 'R' from generate_series(1, 3) g returning id`,
      [workspace],
    )
    const metrics = rows.map((r) => r.id)
    const seed = Date.now() % 100_000
    const random = generator(seed)
    const aggregations = ['avg', 'sum', 'min', 'max', 'count', 'last'] as const

    for (let round = 0; round < 6; round += 1) {
      // Three writers at once: on PostgreSQL each on its own connection, so their transactions
      // interleave; PGlite runs them one after the other.
      const writers = Array.from({ length: 3 }, (_, w) => generator(seed * 31 + round * 7 + w))
      await Promise.all(
        writers.map(async (writer) => {
          for (let i = 0; i < 5; i += 1) await randomWrite(writer, metrics)
        }),
      )
      const { rows: differences } = await db.query(rollupDifferences)
      expect(differences, `seed ${seed}, round ${round}`).toEqual([])

      for (let check = 0; check < 10; check += 1) {
        const bucketSeconds = random.pick([10, 60, 300, 900, 3600, 86400])
        const width = random.next() * (bucketSeconds === 10 ? 86400 : spanSeconds)
        const since = new Date((start + random.next() * spanSeconds) * 1000)
        const until = new Date(since.getTime() + Math.max(1, width) * 1000)
        const args = [random.pick(metrics), bucketSeconds, since.toISOString(), until.toISOString(), random.pick(aggregations)]
        const label = `seed ${seed}, round ${round}: metric_series(${args.slice(1).join(', ')})`
        const { rows: want } = await db.query<{ bucket: number; value: number; samples: number }>(referenceSeries, args)
        const { rows: got } = await db.query<{ bucket: number; value: number; samples: number }>(series, args)
        expect(
          got.map((r) => [r.bucket, r.samples]),
          label,
        ).toEqual(want.map((r) => [r.bucket, r.samples]))
        got.forEach((row, i) => {
          const expected = want[i]!.value
          // avg and sum add partial sums: equal up to rounding; every other aggregation exactly.
          if (args[4] === 'avg' || args[4] === 'sum')
            expect(Math.abs(row.value - expected), label).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)))
          else expect(row.value, label).toBe(expected)
        })
      }
    }
  }, 240_000)

  it('follows a truncate and a metric deleted with its points', async () => {
    const owner = await newUser()
    const workspace = await newWorkspace(owner)
    const { rows } = await db.query<{ id: string }>(
      `insert into metrics (workspace_id, key, name) values ($1, 'gone', 'Gone') returning id`,
      [workspace],
    )
    await db.query(
      `insert into points (metric_id, ts, value) values ($1, date_trunc('day', now()) - interval '12 hours', 1), ($1, date_trunc('day', now()) - interval '13 hours', 2)`,
      [rows[0]!.id],
    )
    expect((await db.query(`select 1 from point_rollups where metric_id = $1`, [rows[0]!.id])).rows).toHaveLength(7)
    await db.query(`delete from metrics where id = $1`, [rows[0]!.id])
    expect((await db.query(`select 1 from point_rollups where metric_id = $1`, [rows[0]!.id])).rows).toEqual([])
    await db.query(`truncate points cascade`)
    expect((await db.query(`select 1 from point_rollups`)).rows).toEqual([])
  })
})
