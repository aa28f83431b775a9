/** A sliding-window limit: at most `limit` requests per `intervalMs` from one client. */
export interface RateLimitSetting {
  limit: number
  intervalMs: number
}

/** Clients tracked per window at most; past it the least recently seen are forgotten. */
const MAX_KEYS = 10_000

/**
 * A sliding-window limiter like Nhost Auth's and Hasura's (`middleware/ratelimit/sliding_window.go`): the
 * count of the previous fixed window is weighted by how much of it still overlaps the sliding
 * one, so a burst at a window edge cannot double the limit. In memory, one per process.
 */
export class SlidingWindow {
  private readonly windows = new Map<string, { start: number; current: number; previous: number }>()

  constructor(private readonly setting: RateLimitSetting) {}

  /** Counts one request for `key`; false when it is over the limit (and is then not counted). */
  allow(key: string, now = Date.now()): boolean {
    const allowed = this.hasRoom(key, now)
    if (allowed) this.count(key, now)
    return allowed
  }

  /** Whether one more request for `key` would be allowed, without counting it. */
  hasRoom(key: string, now = Date.now()): boolean {
    const window = this.current(key, now)
    const overlap = 1 - (now - window.start) / this.setting.intervalMs
    return window.previous * overlap + window.current < this.setting.limit
  }

  /** Counts one event for `key` (a failed sign-in, for limits that count only those). */
  count(key: string, now = Date.now()): void {
    const window = this.current(key, now)
    window.current++
    this.windows.delete(key)
    this.windows.set(key, window)
    if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value!)
  }

  /** Forgets `key` (an account whose owner has just proven who they are). */
  forget(key: string): void {
    this.windows.delete(key)
  }

  private current(key: string, now: number): { start: number; current: number; previous: number } {
    const { intervalMs } = this.setting
    const start = now - (now % intervalMs)
    const window = this.windows.get(key)
    if (!window) return { start, current: 0, previous: 0 }
    if (window.start === start) return window
    return { start, current: 0, previous: window.start === start - intervalMs ? window.current : 0 }
  }

  /** Seconds until a refused client may try again, for `Retry-After`. */
  retryAfterSeconds(now = Date.now()): number {
    const { intervalMs } = this.setting
    return Math.max(1, Math.ceil((intervalMs - (now % intervalMs)) / 1000))
  }
}
