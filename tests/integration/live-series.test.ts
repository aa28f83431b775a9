import { describe, expect, it } from 'vitest'
import { mergeSeries, sameFingerprint, splitWindow, type SeriesBucket } from '../../src/lib/live-series.ts'
import { db, newMetric, newUser, newWorkspace, openProductSchemaPerFile } from '../support/product-schema-db.ts'

/**
 * A live panel's two reads (src/lib/live-series.ts) against the real metric_series:
 * the history and the tail merged must equal one call over the whole window, for every
 * aggregation, the app's buckets and ranges, windows sliding by the minute; and the history's
 * per-day sum and count must change when a point behind the tail is added, corrected or deleted.
 */

openProductSchemaPerFile()

const SERIES = `select bucket, value, samples from metric_series($1, $2, $3, $4, $5)`

async function read(args: unknown[]): Promise<SeriesBucket[]> {
  const { rows } = await db.query<SeriesBucket>(SERIES, args)
  return rows.map((b) => ({ bucket: new Date(b.bucket).toISOString(), value: b.value, samples: Number(b.samples) }))
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

/** Points every 7 to 97 seconds over the last 8 days, and a few in the hour ahead. */
async function seed(metric: string, now: number): Promise<void> {
  await db.query(
    `insert into points (metric_id, ts, value)
     select $1, to_timestamp(t), round((20 + 5 * sin(t / 3600.0) + (t % 13) / 10.0)::numeric, 3)
       from generate_series($2::bigint, $3::bigint, 1) t
      where t % 90 < 1 or t % 97 = 3 or t % 7 = 0 and t > $4::bigint`,
    [metric, now - 8 * 86400, now + 3600, now - 3 * 3600],
  )
}

describe('live series against metric_series', () => {
  it('merges history and tail into the whole window, for every aggregation, bucket and range', async () => {
    const metric = await newMetric(await newWorkspace(await newUser()))
    const now = Math.floor(Date.now() / 1000) - 30
    await seed(metric, now)
    const panels = [
      { range: 900, bucket: 10 },
      { range: 3600, bucket: 60 },
      { range: 6 * 3600, bucket: 300 },
      { range: 86400, bucket: 900 },
      { range: 7 * 86400, bucket: 900 },
      { range: 7 * 86400, bucket: 3600 },
    ]
    for (const aggregation of ['avg', 'sum', 'min', 'max', 'count', 'last']) {
      for (const panel of panels) {
        for (const slide of [0, 60, 7 * 60]) {
          const at = now + slide
          const since = iso(at - panel.range)
          const until = iso(at + 86400)
          const split = splitWindow(since, at, panel.range, panel.bucket)
          const history = split.history ? await read([metric, panel.bucket, split.history.since, split.history.until, aggregation]) : []
          const tail = await read([metric, panel.bucket, split.tailSince, until, aggregation])
          const whole = await read([metric, panel.bucket, since, until, aggregation])
          expect(mergeSeries(history, tail, since, split, panel.bucket), `${aggregation} ${panel.range}/${panel.bucket} +${slide}`).toEqual(
            whole,
          )
        }
      }
    }
  })

  it('sees a point added, corrected or deleted behind the tail in the per-day sum and count', async () => {
    const metric = await newMetric(await newWorkspace(await newUser()))
    const now = Math.floor(Date.now() / 1000) - 30
    await seed(metric, now)
    const split = splitWindow(iso(now - 7 * 86400), now, 7 * 86400, 900)
    const days = () => read([metric, 86400, split.history!.since, split.history!.until, 'sum'])
    // Half seconds: seed() writes whole seconds only, so these points never collide with its own.
    const behind = split.tailStart - 3 * 86400 + 17.5
    let before = await days()

    await db.query(`insert into points (metric_id, ts, value) values ($1, to_timestamp($2), 5)`, [metric, behind])
    let after = await days()
    expect(sameFingerprint(before, after)).toBe(false)

    before = after
    await db.query(`update points set value = 6 where metric_id = $1 and ts = to_timestamp($2)`, [metric, behind])
    after = await days()
    expect(sameFingerprint(before, after)).toBe(false)

    before = after
    await db.query(`delete from points where metric_id = $1 and ts = to_timestamp($2)`, [metric, behind])
    after = await days()
    expect(sameFingerprint(before, after)).toBe(false)

    // A point in the tail leaves the history's fingerprint as it was.
    before = after
    await db.query(`insert into points (metric_id, ts, value) values ($1, to_timestamp($2), 5)`, [metric, split.tailStart + 1.5])
    expect(sameFingerprint(before, await days())).toBe(true)
  })
})
