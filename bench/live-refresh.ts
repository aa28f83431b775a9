import { randomUUID } from 'node:crypto'
import { mergeSeries, splitWindow, type SeriesBucket } from '../src/lib/live-series.ts'
import { applyProductSchema } from '../tests/support/product-schema-db.ts'
import { openTestDatabase } from '../tests/support/test-database.ts'
import { executionMs, newMetric } from './series.ts'

/**
 * Live refresh benchmark (issue 25 item 2): the database time a live panel costs each time its
 * subscriptions are refetched after a new point, on days of one point per second, in
 * alternating runs:
 * - "whole window": metric_series over the panel's window, as panels subscribed before;
 * - "tail and fingerprint": what a panel subscribes to now (src/lib/live-series.ts),
 *   metric_series over its tail (at most 16 buckets) and the per-day sum and count of the
 *   history before it.
 * The history itself is read once per tail (every 16 buckets): its time is listed too. Before
 * timing, the merged history and tail are checked equal to the whole window's read.
 *
 *   npm run bench -- live-refresh [days] [runs]                                   # PGlite
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- live-refresh [days] [runs]
 */

const panels = [
  { range: '24 h', seconds: 86400, bucket: 300 },
  { range: '7 d', seconds: 7 * 86400, bucket: 900 },
]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1))
const iso = (seconds: number) => new Date(seconds * 1000).toISOString()
const SERIES = `select bucket, value, samples from metric_series($1, $2, $3, $4, $5)`

export async function benchLiveRefresh(days = 8, runs = 9): Promise<string[]> {
  const db = await openTestDatabase()
  try {
    await applyProductSchema(db)
    const { rows: users } = await db.query<{ id: string }>(`insert into auth.users (locale, email) values ('en', $1) returning id`, [
      `bench-${randomUUID()}@example.com`,
    ])
    const { rows: workspaces } = await db.query<{ id: string }>(
      `insert into workspaces (name, slug, created_by) values ('Bench', 'bench', $1) returning id`,
      [users[0]!.id],
    )
    const metric = await newMetric(db, workspaces[0]!.id, 'live')
    // Days of one point per second up to a minute ago, a day per statement, the rollups kept.
    const loaded = Math.floor(Date.now() / 1000) - 60
    for (let day = days; day > 0; day--) {
      await db.query(
        `insert into points (metric_id, ts, value)
         select $1, to_timestamp(t), 20 + 5 * sin(t / 3600.0) + (t % 7) / 10.0 from generate_series($2::bigint, $3::bigint) t`,
        [metric, loaded - day * 86400 + 1, loaded - (day - 1) * 86400],
      )
    }
    await db.query(`vacuum analyze points`)
    await db.query(`vacuum analyze point_rollups`)

    const rows: string[] = []
    let newest = loaded
    for (const panel of panels) {
      const times = { whole: [] as number[], tail: [] as number[], fingerprint: [] as number[], history: [] as number[] }
      for (let run = 0; run < runs; run++) {
        // A new point, then one refetch of the panel as it subscribed before and as it subscribes now.
        const now = ++newest
        await db.query(`insert into points (metric_id, ts, value) values ($1, to_timestamp($2), 1)`, [metric, now])
        const since = iso(now - panel.seconds)
        const until = iso(now + 86400)
        const split = splitWindow(since, now, panel.seconds, panel.bucket)
        if (!split.history) throw new Error(`${panel.range}: no history to keep`)
        const wholeArgs = [metric, panel.bucket, since, until, 'avg']
        const tailArgs = [metric, panel.bucket, split.tailSince, until, 'avg']
        const historyArgs = [metric, panel.bucket, split.history.since, split.history.until, 'avg']
        const daysArgs = [metric, 86400, split.history.since, split.history.until, 'sum']
        if (run === 0) {
          const read = async (args: unknown[]) =>
            (await db.query<SeriesBucket>(SERIES, args)).rows.map((b) => ({ ...b, bucket: new Date(b.bucket).toISOString() }))
          const [whole, tail, history] = [await read(wholeArgs), await read(tailArgs), await read(historyArgs)]
          if (JSON.stringify(mergeSeries(history, tail, since, split, panel.bucket)) !== JSON.stringify(whole)) {
            throw new Error(`${panel.range}: history and tail merged differ from the whole window`)
          }
        }
        times.whole.push(await executionMs(db, SERIES, wholeArgs))
        times.tail.push(await executionMs(db, SERIES, tailArgs))
        times.fingerprint.push(await executionMs(db, SERIES, daysArgs))
        times.history.push(await executionMs(db, SERIES, historyArgs))
      }
      const before = median(times.whole)
      const after = median(times.tail) + median(times.fingerprint)
      rows.push(
        `| ${panel.range} | ${panel.bucket} s | ${ms(before)} | ${ms(median(times.tail))} + ${ms(median(times.fingerprint))} = ${ms(after)} | ${(before / after).toFixed(1)}× | ${ms(median(times.history))} |`,
      )
    }
    const { rows: counted } = await db.query<{ n: string }>(`select count(*) as n from points where metric_id = $1`, [metric])
    return [
      `${db.description}: ${Number(counted[0]!.n).toLocaleString('en-US')} points (${days} days at 1 Hz, rollups kept), avg, median of ${runs} runs, database time per live refresh after one new point (EXPLAIN ANALYZE execution time).`,
      '',
      '| panel range | bucket | whole window, ms | tail + fingerprint, ms | less per refresh | history (once per 16 buckets), ms |',
      '|---|---|---|---|---|---|',
      ...rows,
    ]
  } finally {
    await db.dispose()
  }
}
