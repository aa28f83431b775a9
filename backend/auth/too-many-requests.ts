import type { Context } from 'hono'
import type { SlidingWindow } from '../lib/sliding-window.ts'

/** Nhost Auth's answer to a client over a limit, with `Retry-After`. */
export function tooManyRequests(c: Context, window: SlidingWindow): Response {
  c.header('Retry-After', String(window.retryAfterSeconds()))
  return c.json({ status: 429, message: 'Too many requests', error: 'too-many-requests' }, 429)
}
