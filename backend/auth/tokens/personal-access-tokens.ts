import type { Hono } from 'hono'
import { UUID } from './access-token.ts'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import { requireSignedInUser } from '../auth-guard.ts'
import { assertUserMayHaveSession, createSession, findUserByRefreshToken, insertRefreshToken } from './auth-sessions.ts'
import { readBody, type ObjectSchema } from '../request-body.ts'

const createSchema: ObjectSchema = {
  properties: { expiresAt: { type: 'string', format: 'date-time' }, metadata: { type: 'json-object' } },
  required: ['expiresAt'],
}

const signInSchema: ObjectSchema = {
  properties: { personalAccessToken: { type: 'string', pattern: UUID } },
  required: ['personalAccessToken'],
}

/**
 * Personal access tokens (Nhost's `CreatePAT` and `SignInPAT`): long-lived secrets, stored like
 * refresh tokens with type `pat`, that a script or a third-party GraphQL client trades for a
 * normal session with the user's roles.
 */
export function personalAccessTokenRoutes(app: Hono, auth: AuthContext): void {
  app.post('/pat', async (c) => {
    const user = await requireSignedInUser(c, auth)
    const body = await readBody<{ expiresAt: string; metadata?: Record<string, unknown> }>(c, createSchema)
    const expiresAt = new Date(body.expiresAt)
    // A token born expired could never be used; Nhost stores it anyway.
    if (expiresAt.getTime() <= Date.now()) throw new AuthError('invalid-request')
    const pat = await insertRefreshToken(auth.db, user.id, { type: 'pat', expiresAt, metadata: body.metadata ?? {} })
    return c.json({ id: pat.id, personalAccessToken: pat.token })
  })

  app.post('/signin/pat', async (c) => {
    const { personalAccessToken } = await readBody<{ personalAccessToken: string }>(c, signInSchema)
    const user = await findUserByRefreshToken(auth.db, personalAccessToken, 'pat')
    if (!user) throw new AuthError('invalid-pat')
    assertUserMayHaveSession(auth, user)
    return c.json({ session: await createSession(auth, auth.db, user) })
  })
}
