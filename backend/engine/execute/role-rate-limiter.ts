import { SlidingWindow } from '../../lib/sliding-window.ts'
import type { RateLimit } from '../../metadata/api-limits.ts'
import type { Session } from '../../session/session.ts'

const MINUTE_MS = 60_000

/**
 * Hasura's `rate_limit` API limit: GraphQL operations per minute per role, and per client address
 * or per the values of chosen session variables when `unique_params` says so. Counted in this
 * process (Hasura counts in Redis), over a sliding minute.
 */
export class RoleRateLimiter {
  private readonly windows = new Map<number, SlidingWindow>()

  /** Counts `operations` (a batch counts each of its operations); false when they would pass the limit. */
  allow(session: Session, limit: RateLimit, address: string, operations: number): boolean {
    const window = this.windowFor(limit.max_reqs_per_min)
    const key = `${session.role}\0${clientKey(session, limit, address)}`
    for (let i = 0; i < operations; i++) if (!window.allow(key)) return false
    return true
  }

  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((MINUTE_MS - (Date.now() % MINUTE_MS)) / 1000))
  }

  private windowFor(maxPerMinute: number): SlidingWindow {
    let window = this.windows.get(maxPerMinute)
    if (!window) {
      window = new SlidingWindow({ limit: maxPerMinute, intervalMs: MINUTE_MS })
      this.windows.set(maxPerMinute, window)
    }
    return window
  }
}

function clientKey(session: Session, limit: RateLimit, address: string): string {
  const params = limit.unique_params
  if (params === 'IP') return address
  if (!params || params.length === 0) return ''
  return params.map((name) => session.variables[name] ?? '').join('\0')
}
