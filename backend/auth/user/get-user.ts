import type { Hono } from 'hono'
import type { AuthContext } from '../auth-context.ts'
import { requireSignedInUser } from '../auth-guard.ts'
import { toUserPayload } from '../auth-users.ts'

/**
 * `GET /user`: the signed-in user. As in Nhost's `GetUser`, `roles` lists the user's roles as
 * stored, and anonymous users are refused with `forbidden-anonymous`.
 */
export function getUserRoutes(app: Hono, auth: AuthContext): void {
  app.get('/user', async (c) => {
    const user = await requireSignedInUser(c, auth)
    return c.json({ ...toUserPayload(user), roles: user.roles })
  })
}
