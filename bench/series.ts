import { randomUUID } from 'node:crypto'
import type { Database } from '../backend/db/database.ts'
import { applyProductSchema } from '../tests/support/product-schema-db.ts'
import { openTestDatabase } from '../tests/support/test-database.ts'

/**
 * Series benchmark: the database time of a panel's metric_series call over a month of one point
 * per second, read from the rollups (nhost/migrations/default/*_point_rollups) beside the same
 * call over the points alone (the function before rollups, created here under another name), in
 * alternating runs; what keeping the rollups costs ingest (write_points batches with the rollup
 * triggers on and off, alternating); and the rollups' rows and bytes beside the points'.
 *
 *   npm run bench -- series [days] [runs]                                   # PGlite
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- series [days] [runs]
 */

/** metric_series before rollups (1795317561433_metric_series), over the points alone. */
const pointsOnlySeries = `
CREATE FUNCTION bench_metric_series_points_only(metric_id uuid, bucket_seconds integer, since timestamptz, until timestamptz, aggregation text)
RETURNS SETOF public.metric_series_buckets LANGUAGE sql STABLE AS $$
  SELECT p.metric_id,
    date_bin(make_interval(secs => greatest(bucket_seconds, 1)), p.ts, timestamptz '1970-01-01 00:00:00+00') AS bucket,
    CASE aggregation
      WHEN 'avg' THEN avg(p.value) WHEN 'sum' THEN sum(p.value) WHEN 'min' THEN min(p.value) WHEN 'max' THEN max(p.value)
      WHEN 'count' THEN count(*)::double precision
      WHEN 'last' THEN (max(ARRAY[extract(epoch FROM p.ts)::double precision, p.value]) FILTER (WHERE aggregation = 'last'))[2]
    END AS value,
    count(*)::integer AS samples
  FROM public.points AS p
  WHERE p.metric_id = bench_metric_series_points_only.metric_id
    AND p.ts >= date_bin(make_interval(secs => greatest(bucket_seconds, 1)), since, timestamptz '1970-01-01 00:00:00+00')
    AND p.ts < until
    AND public.metric_series_check_arguments(bucket_seconds, since, until, aggregation)
  GROUP BY p.metric_id, 2 ORDER BY 2
$$`

const panels = [
  { range: '1 h', seconds: 3600, bucket: 10 },
  { range: '24 h', seconds: 86400, bucket: 60 },
  { range: '7 d', seconds: 7 * 86400, bucket: 300 },
  { range: '30 d', seconds: 30 * 86400, bucket: 3600 },
]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1))

/** Server-side execution time of one statement (EXPLAIN ANALYZE), in ms. */
export async function executionMs(db: Database, sql: string, values: unknown[]): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, TIMING OFF) ${sql}`, values)
  const line = rows.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'))
  const match = line?.match(/([\d.]+) ms/)
  if (!match) throw new Error(`no execution time in the plan of ${sql}`)
  return Number(match[1])
}

export async function newMetric(db: Database, workspace: string, key: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`insert into metrics (workspace_id, key, name) values ($1, $2, $2) returning id`, [
    workspace,
    key,
  ])
  return rows[0]!.id
}

const rollupTriggers = ['points_rollups_after_insert', 'points_rollups_after_update', 'points_rollups_after_delete']
async function setRollupTriggers(db: Database, enabled: boolean): Promise<void> {
  for (const name of rollupTriggers) await db.query(`alter table points ${enabled ? 'enable' : 'disable'} trigger ${name}`)
}

/** write_points batches of 5,000 new points at 1 Hz, with and without the rollup triggers, alternating. */
async function benchIngestCost(db: Database, workspace: string, runs: number): Promise<string[]> {
  const BATCH = 5000
  const paths = [
    { label: 'write_points with rollups', metric: await newMetric(db, workspace, 'ingest-rollups'), rollups: true, ms: 0, points: 0 },
    { label: 'write_points without rollups', metric: await newMetric(db, workspace, 'ingest-plain'), rollups: false, ms: 0, points: 0 },
  ]
  const base = Date.now() - 20 * 86400_000
  for (let round = 0; round <= runs * 2; round++) {
    // Each round reverses the order: a path measured second in a round ran faster or slower than the
    // same path first (e.g. 1.25-1.51 with rollups first in every round, 0.80-0.98 alternating).
    for (const path of round % 2 === 0 ? paths : [...paths].reverse()) {
      await setRollupTriggers(db, path.rollups)
      const start = round * BATCH
      const points = Array.from({ length: BATCH }, (_, i) => ({
        metric_id: path.metric,
        ts: new Date(base + (start + i) * 1000).toISOString(),
        value: Math.sin((start + i) / 600) * 10,
      }))
      const began = performance.now()
      await db.query(`select write_points($1::jsonb)`, [JSON.stringify(points)])
      // The first round warms up (plans, caches) and is not counted.
      if (round > 0) {
        path.ms += performance.now() - began
        path.points += BATCH
      }
    }
  }
  await setRollupTriggers(db, true)
  const rate = (p: (typeof paths)[number]) => p.points / (p.ms / 1000)
  return [
    `Ingest: ${runs * 2} batches of ${BATCH.toLocaleString('en-US')} points per path (1 Hz), alternating.`,
    '',
    '| path | points/s | / without rollups |',
    '|---|---|---|',
    ...paths.map((p) => `| ${p.label} | ${Math.round(rate(p)).toLocaleString('en-US')} | ${(rate(p) / rate(paths[1]!)).toFixed(2)} |`),
  ]
}

export async function benchSeries(days = 30, runs = 5): Promise<string[]> {
  const db = await openTestDatabase()
  try {
    await applyProductSchema(db)
    await db.query(pointsOnlySeries)
    const { rows: users } = await db.query<{ id: string }>(`insert into auth.users (locale, email) values ('en', $1) returning id`, [
      `bench-${randomUUID()}@example.com`,
    ])
    const { rows: workspaces } = await db.query<{ id: string }>(
      `insert into workspaces (name, slug, created_by) values ('Bench', 'bench', $1) returning id`,
      [users[0]!.id],
    )
    const workspace = workspaces[0]!.id
    const ingest = await benchIngestCost(db, workspace, runs)

    // A month of one point per second up to a minute ago, a day per statement (as a backfill).
    const metric = await newMetric(db, workspace, 'series')
    const until = Math.floor(Date.now() / 1000) - 60
    const first = until - days * 86400
    const loadStarted = performance.now()
    for (let day = 0; day < days; day++) {
      await db.query(
        `insert into points (metric_id, ts, value)
         select $1, to_timestamp(t), 20 + 5 * sin(t / 3600.0) + (t % 7) / 10.0 from generate_series($2::bigint, $3::bigint) t`,
        [metric, first + day * 86400, first + (day + 1) * 86400 - 1],
      )
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000
    await db.query(`vacuum analyze points`)
    await db.query(`vacuum analyze point_rollups`)

    const rows: string[] = []
    const sevenDay: Record<string, number> = {}
    for (const panel of panels) {
      const args = [
        metric,
        panel.bucket,
        new Date((until - panel.seconds) * 1000).toISOString(),
        new Date(until * 1000).toISOString(),
        'avg',
      ]
      const times = { points: [] as number[], rollups: [] as number[] }
      for (let run = 0; run < runs; run++) {
        times.points.push(await executionMs(db, `select * from bench_metric_series_points_only($1, $2, $3, $4, $5)`, args))
        times.rollups.push(await executionMs(db, `select * from metric_series($1, $2, $3, $4, $5)`, args))
      }
      const before = median(times.points)
      const after = median(times.rollups)
      if (panel.range === '7 d') Object.assign(sevenDay, { before, after })
      rows.push(`| ${panel.range} | ${panel.bucket} s | ${ms(before)} | ${ms(after)} | ${(before / after).toFixed(0)}× |`)
    }

    // A live refresh of a 7-day panel: one new point, then the panel's query again.
    const refresh: number[] = []
    for (let run = 0; run < runs; run++) {
      await db.query(`insert into points (metric_id, ts, value) values ($1, to_timestamp($2), 1)`, [metric, until + run + 1])
      refresh.push(
        await executionMs(db, `select * from metric_series($1, 300, to_timestamp($2), to_timestamp($3), 'avg')`, [
          metric,
          until + run + 1 - 7 * 86400,
          until + run + 2,
        ]),
      )
    }

    const { rows: sizes } = await db.query<{ points: string; rollups: string; point_bytes: string; rollup_bytes: string }>(
      `select (select count(*) from points where metric_id = $1) as points,
              (select count(*) from point_rollups where metric_id = $1) as rollups,
              pg_total_relation_size('points') as point_bytes, pg_total_relation_size('point_rollups') as rollup_bytes`,
      [metric],
    )
    const size = sizes[0]!
    const allPoints = await db.query<{ n: string }>(`select count(*) as n from points`)
    const pointCount = Number(allPoints.rows[0]!.n)
    return [
      `${db.description}: ${Number(size.points).toLocaleString('en-US')} points (${days} days at 1 Hz, loaded in ${loadSeconds.toFixed(0)} s with the rollups kept), median of ${runs} runs, avg, database time (EXPLAIN ANALYZE execution time).`,
      '',
      '| panel range | bucket | points only, ms | rollups, ms | speed-up |',
      '|---|---|---|---|---|',
      ...rows,
      `| 24 panels of 7 d | 300 s | ${ms(24 * sevenDay.before!)} | ${ms(24 * sevenDay.after!)} | |`,
      '',
      `Live refresh of a 7-day panel after one new point: ${ms(median(refresh))} ms (median of ${runs}).`,
      `Rollup rows per point: ${(Number(size.rollups) / Number(size.points)).toFixed(4)}; storage: rollups ${(Number(size.rollup_bytes) / 1e6).toFixed(1)} MB beside points ${(Number(size.point_bytes) / 1e6).toFixed(1)} MB (${((Number(size.rollup_bytes) / Number(size.point_bytes)) * 100).toFixed(1)}%; ${(Number(size.point_bytes) / pointCount).toFixed(0)} bytes per point, ${((Number(size.point_bytes) + Number(size.rollup_bytes)) / pointCount).toFixed(0)} with rollups).`,
      '',
      ...ingest,
    ]
  } finally {
    await db.dispose()
  }
}
