import type { Context } from 'hono'
import type { SharedSlidingWindow } from '../../db/shared-sliding-window.ts'

/** Nhost Auth's answer to a client over a limit, with `Retry-After`. */
export function tooManyRequests(c: Context, window: SharedSlidingWindow): Response {
  c.header('Retry-After', String(window.retryAfterSeconds()))
  return c.json({ status: 429, message: 'Too many requests', error: 'too-many-requests' }, 429)
}
