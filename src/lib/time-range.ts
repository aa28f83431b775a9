/**
 * Time ranges of live charts (SPEC §2: 15m, 1h, 6h, 24h, 7d) and the metric_series window
 * they query. `until` is set a day ahead so that points arriving later still fall inside the
 * subscribed window (metric_series leaves out empty buckets, so the extra day costs nothing);
 * `since` slides with a clock that ticks once a minute, which re-subscribes with the new window.
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

/** The panel's own bucket, made coarser when the range would give too many buckets to draw. */
export function effectiveBucket(rangeId: TimeRangeId, bucketSeconds?: number): number {
  const min = timeRange(rangeId).minBucket
  return Math.max(bucketSeconds ?? min, min)
}

export interface SeriesWindow {
  since: string
  until: string
  /** Visible range of the chart, Unix seconds. */
  from: number
  to: number
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
