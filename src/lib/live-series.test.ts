import { describe, expect, it } from 'vitest'
import { bucketStart, mergeSeries, sameFingerprint, splitWindow, TAIL_BUCKETS, type SeriesBucket } from './live-series.ts'

/**
 * metric_series' cut of points into buckets, as the migration defines it: epoch-aligned buckets
 * from the one holding `since` (taken whole) up to the points before `until`, empty buckets left
 * out; `count` as the aggregation, so that a merge that drops, doubles or cuts a bucket shows.
 */
function metricSeries(points: readonly number[], bucketSeconds: number, since: number, until: number): SeriesBucket[] {
  const counts = new Map<number, number>()
  for (const ts of points) {
    if (ts < bucketStart(since, bucketSeconds) || ts >= until) continue
    const bucket = bucketStart(ts, bucketSeconds)
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1)
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, samples]) => ({ bucket: new Date(bucket * 1000).toISOString(), value: samples, samples }))
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

describe('live series: history and tail merged', () => {
  it('equals one read of the whole window, for random points, buckets, ranges and times', () => {
    const next = random(25)
    const ranges = [900, 3600, 6 * 3600, 86400, 7 * 86400]
    const buckets = [10, 60, 300, 900, 3600, 86400]
    for (let trial = 0; trial < 500; trial++) {
      const range = ranges[Math.floor(next() * ranges.length)]!
      const bucketSeconds = buckets[Math.floor(next() * buckets.length)]!
      const now = 1_795_000_000 + Math.floor(next() * 86400 * 30)
      const since = now - range
      const until = now + 86400
      // Points from well before the window (its first bucket is taken whole) to the end of the day ahead.
      const points = Array.from({ length: 300 }, () => Math.floor(since - range + next() * (2 * range + 86400)))
      const split = splitWindow(iso(since), now, range, bucketSeconds)
      const history = split.history ? metricSeries(points, bucketSeconds, Date.parse(split.history.since) / 1000, split.tailStart) : []
      const tail = metricSeries(points, bucketSeconds, Date.parse(split.tailSince) / 1000, until)
      expect(mergeSeries(history, tail, iso(since), split, bucketSeconds), `trial ${trial}`).toEqual(
        metricSeries(points, bucketSeconds, since, until),
      )
    }
  })

  it('keeps one history while the window slides, up to TAIL_BUCKETS buckets', () => {
    const bucketSeconds = 900
    const range = 7 * 86400
    const start = bucketStart(1_795_000_000, bucketSeconds * TAIL_BUCKETS)
    const first = splitWindow(iso(start - range), start, range, bucketSeconds)
    const later = splitWindow(
      iso(start + bucketSeconds * TAIL_BUCKETS - 60 - range),
      start + bucketSeconds * TAIL_BUCKETS - 60,
      range,
      bucketSeconds,
    )
    expect(later).toEqual(first)
    expect(first.history).toEqual({ since: iso(start - range), until: iso(start) })
    const moved = splitWindow(iso(start + bucketSeconds * TAIL_BUCKETS - range), start + bucketSeconds * TAIL_BUCKETS, range, bucketSeconds)
    expect(moved.tailStart).toBe(start + bucketSeconds * TAIL_BUCKETS)
  })

  it('reads the whole window as the tail when the tail start is not after its first bucket', () => {
    const now = 1_795_000_000
    const split = splitWindow(iso(now - 7 * 86400), now, 7 * 86400, 86400)
    expect(split.history).toBeNull()
    expect(split.tailSince).toBe(iso(now - 7 * 86400))
  })
})

describe('live series: the history fingerprint', () => {
  const day = (bucket: string, value: number | null, samples: number): SeriesBucket => ({ bucket, value, samples })

  it('agrees on the same days, whatever the timestamps spelling', () => {
    expect(sameFingerprint([day('2026-11-20T00:00:00+00:00', 3.5, 2)], [day('2026-11-20T00:00:00.000Z', 3.5, 2)])).toBe(true)
  })

  it('differs on a count, a sum or a day', () => {
    const base = [day('2026-11-20T00:00:00Z', 3.5, 2), day('2026-11-21T00:00:00Z', 1, 1)]
    expect(sameFingerprint(base, [base[0]!, day('2026-11-21T00:00:00Z', 1, 2)])).toBe(false)
    expect(sameFingerprint(base, [base[0]!, day('2026-11-21T00:00:00Z', 2, 1)])).toBe(false)
    expect(sameFingerprint(base, [base[0]!, day('2026-11-22T00:00:00Z', 1, 1)])).toBe(false)
    expect(sameFingerprint(base, [base[0]!])).toBe(false)
  })
})
