import type { RateLimitSetting } from './auth-settings.ts'

/** Clients tracked per window at most; past it the least recently seen are forgotten. */
const MAX_KEYS = 10_000

/**
 * A sliding-window limiter like Nhost Auth's (`middleware/ratelimit/sliding_window.go`): the
 * count of the previous fixed window is weighted by how much of it still overlaps the sliding
 * one, so a burst at a window edge cannot double the limit. In memory, one per process.
 */
export class SlidingWindow {
  private readonly windows = new Map<string, { start: number; current: number; previous: number }>()

  constructor(private readonly setting: RateLimitSetting) {}

  /** Counts one request for `key`; false when it is over the limit (and is then not counted). */
  allow(key: string, now = Date.now()): boolean {
    const { limit, intervalMs } = this.setting
    const start = now - (now % intervalMs)
    let window = this.windows.get(key)
    if (window && window.start !== start) {
      window = { start, current: 0, previous: window.start === start - intervalMs ? window.current : 0 }
    }
    window ??= { start, current: 0, previous: 0 }
    const overlap = 1 - (now - start) / intervalMs
    const allowed = window.previous * overlap + window.current < limit
    if (allowed) window.current++
    this.windows.delete(key)
    this.windows.set(key, window)
    if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value!)
    return allowed
  }

  /** Seconds until a refused client may try again, for `Retry-After`. */
  retryAfterSeconds(now = Date.now()): number {
    const { intervalMs } = this.setting
    return Math.max(1, Math.ceil((intervalMs - (now % intervalMs)) / 1000))
  }
}
