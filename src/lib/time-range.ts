/**
 * Time ranges of live charts (SPEC §2: 15m, 1h, 6h, 24h, 7d), absolute ranges (a custom range or
 * a zoom), and the metric_series window they query. A live window's `until` is set a day ahead so
 * that points arriving later still fall inside the subscribed window (metric_series leaves out
 * empty buckets, so the extra day costs nothing); its `since` slides with a clock that ticks once
 * a minute, which re-subscribes with the new window. An absolute window stays put.
 */
import { useSyncExternalStore } from 'react'

export const TIME_RANGES = [
  { id: '15m', label: '15 min', seconds: 15 * 60, minBucket: 10 },
  { id: '1h', label: '1 hour', seconds: 3600, minBucket: 10 },
  { id: '6h', label: '6 hours', seconds: 6 * 3600, minBucket: 60 },
  { id: '24h', label: '24 hours', seconds: 86400, minBucket: 300 },
  { id: '7d', label: '7 days', seconds: 7 * 86400, minBucket: 900 },
] as const

export type TimeRangeId = (typeof TIME_RANGES)[number]['id']

export const BUCKET_SECONDS = [10, 60, 300, 900, 3600, 86400] as const

export function timeRange(id: TimeRangeId) {
  return TIME_RANGES.find((range) => range.id === id) ?? TIME_RANGES[1]
}

export function isTimeRangeId(value: string | null): value is TimeRangeId {
  return TIME_RANGES.some((range) => range.id === value)
}

/**
 * What a chart shows: the last stretch of a preset, sliding with the clock, or a fixed span
 * (Unix seconds) which remembers the preset to go back to.
 */
export type ViewRange = { kind: 'live'; id: TimeRangeId } | { kind: 'absolute'; from: number; to: number; preset: TimeRangeId }

/** The preset a range shows, or goes back to. */
export function presetOf(range: ViewRange): TimeRangeId {
  return range.kind === 'live' ? range.id : range.preset
}

/** A chart draws at most about this many buckets; the presets' buckets follow from it too. */
export const MAX_DRAWN_BUCKETS = 720

/** The finest bucket that draws `spanSeconds` in at most MAX_DRAWN_BUCKETS buckets. */
export function minBucketForSpan(spanSeconds: number): number {
  return BUCKET_SECONDS.find((bucket) => spanSeconds / bucket <= MAX_DRAWN_BUCKETS) ?? Math.max(...BUCKET_SECONDS)
}

/** How many seconds the range shows. */
export function rangeSeconds(range: ViewRange): number {
  return range.kind === 'live' ? timeRange(range.id).seconds : range.to - range.from
}

/** The panel's own bucket, made coarser when the range would give too many buckets to draw. */
export function effectiveBucket(range: ViewRange, bucketSeconds?: number): number {
  const min = range.kind === 'live' ? timeRange(range.id).minBucket : minBucketForSpan(rangeSeconds(range))
  return Math.max(bucketSeconds ?? min, min)
}

export interface SeriesWindow {
  since: string
  until: string
  /** Visible range of the chart, Unix seconds. */
  from: number
  to: number
}

/**
 * The window a range queries: a live range's ends a minute clock reading `nowMs`; an absolute
 * range's is its own span (points arriving inside it still reach the subscription).
 */
export function viewWindow(range: ViewRange, nowMs: number): SeriesWindow {
  if (range.kind === 'live') return seriesWindow(range.id, nowMs)
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString()
  return { since: iso(range.from), until: iso(range.to), from: range.from, to: range.to }
}

export function seriesWindow(rangeId: TimeRangeId, nowMs: number): SeriesWindow {
  const seconds = timeRange(rangeId).seconds
  const to = Math.floor(nowMs / 1000)
  const from = to - seconds
  return {
    since: new Date(from * 1000).toISOString(),
    until: new Date((to + 86400) * 1000).toISOString(),
    from,
    to,
  }
}

/**
 * A clock every component on the page reads together: one timer, started by the first reader and
 * stopped with the last, so that all charts move their edge in the same render.
 */
function sharedClock(read: () => number, checkEveryMs: number) {
  const listeners = new Set<() => void>()
  let timer: ReturnType<typeof setInterval> | undefined
  let now = read()
  const tick = () => {
    const next = read()
    if (next === now) return
    now = next
    for (const listener of listeners) listener()
  }
  return {
    subscribe(listener: () => void) {
      listeners.add(listener)
      timer ??= setInterval(tick, checkEveryMs)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        clearInterval(timer)
        timer = undefined
      }
    },
    // While no one reads it, the clock does not tick: read the time afresh.
    read: () => (timer === undefined ? (now = read()) : now),
  }
}

const minuteClock = sharedClock(() => Math.floor(Date.now() / 60_000) * 60_000, 5_000)
const secondClock = sharedClock(() => Math.floor(Date.now() / 1000), 1000)

/** Now, rounded down to the minute, updating every minute. */
export function useMinuteClock(): number {
  return useSyncExternalStore(minuteClock.subscribe, minuteClock.read)
}

/** Now in seconds, every second: the chart's right edge moves with the wall clock. */
export function useSecondClock(): number {
  return useSyncExternalStore(secondClock.subscribe, secondClock.read)
}
