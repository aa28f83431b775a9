import type { Queryable } from '../../db/database.ts'
import { SharedSlidingWindow } from '../../db/shared-sliding-window.ts'
import type { RateLimit } from '../../metadata/model/api-limits.ts'
import type { Session } from '../../session/session.ts'

const MINUTE_MS = 60_000

/**
 * Hasura's `rate_limit` API limit: GraphQL operations per minute per role, and per client address
 * or per the values of chosen session variables when `unique_params` says so. Counted in the
 * database over a sliding minute (Hasura counts in Redis), so that every instance shares it.
 */
export class RoleRateLimiter {
  private readonly windows = new Map<number, SharedSlidingWindow>()

  constructor(private readonly db: Queryable) {}

  /** Counts `operations` (a batch counts each of its operations); false when they would pass the limit. */
  allow(session: Session, limit: RateLimit, address: string, operations: number): Promise<boolean> {
    const key = `${session.role}\u001f${clientKey(session, limit, address)}`
    return this.windowFor(limit.max_reqs_per_min).allow(key, operations)
  }

  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((MINUTE_MS - (Date.now() % MINUTE_MS)) / 1000))
  }

  private windowFor(maxPerMinute: number): SharedSlidingWindow {
    let window = this.windows.get(maxPerMinute)
    if (!window) {
      window = new SharedSlidingWindow(this.db, `graphql.rate_limit.${maxPerMinute}`, { limit: maxPerMinute, intervalMs: MINUTE_MS })
      this.windows.set(maxPerMinute, window)
    }
    return window
  }
}

function clientKey(session: Session, limit: RateLimit, address: string): string {
  const params = limit.unique_params
  if (params === 'IP') return address
  if (!params || params.length === 0) return ''
  return params.map((name) => session.variables[name] ?? '').join('\u001f')
}
