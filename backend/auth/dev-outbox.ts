import { timingSafeEqual } from 'node:crypto'
import type { Hono } from 'hono'
import { HttpError } from '../lib/http-error.ts'
import type { AuthContext } from './auth-context.ts'

/**
 * `GET /_dev/outbox[?to=address]`: the mails the auth service has "sent", newest first. Not part
 * of Nhost Auth: the embedded backend sends no mail, and this is how developers and tests follow
 * verification and reset links. Admin secret only, since the mails carry sign-in tickets.
 */
export function devOutboxRoutes(app: Hono, auth: AuthContext): void {
  app.get('/_dev/outbox', async (c) => {
    if (!isAdminSecret(c.req.header('x-hasura-admin-secret'), auth.adminSecret)) {
      throw new HttpError(401, 'access-denied', 'x-hasura-admin-secret is missing or wrong')
    }
    const to = c.req.query('to')
    return c.json({ messages: await auth.outbox.list(to === undefined ? {} : { to }) })
  })
}

function isAdminSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
