import type { Hono } from 'hono'
import { sql } from '../../lib/sql.ts'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import { hashRefreshToken } from './auth-sessions.ts'
import { readBody, type ObjectSchema } from '../request-body.ts'

// Nhost's `SignOutRequest` is the one body schema without `additionalProperties: false`.
const schema: ObjectSchema = {
  properties: { refreshToken: { type: 'string' }, all: { type: 'boolean' } },
  additionalProperties: true,
}

/**
 * `POST /signout` (Nhost's `SignOut`): `{refreshToken}` ends that session; `{all: true}` ends
 * every session of the signed-in user (the access token says who), personal access tokens
 * included, as Nhost's `DeleteRefreshTokens` does.
 */
export function signOutRoutes(app: Hono, auth: AuthContext): void {
  app.post('/signout', async (c) => {
    const body = await readBody<{ refreshToken?: string; all?: boolean }>(c, schema)
    if (body.all) {
      const token = await auth.tokens.verifyHeader(c.req.header('authorization')).catch(() => {
        throw new AuthError('invalid-request')
      })
      await auth.db.query(sql`DELETE FROM auth.refresh_tokens WHERE user_id = ${token.userId}::uuid`)
      return c.json('OK')
    }
    if (!body.refreshToken) throw new AuthError('invalid-request')
    await auth.db.query(sql`DELETE FROM auth.refresh_tokens WHERE refresh_token_hash = ${hashRefreshToken(body.refreshToken)}`)
    return c.json('OK')
  })
}
