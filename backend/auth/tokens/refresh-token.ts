import type { Hono } from 'hono'
import { requestIdOf } from '../../lib/error-answer.ts'
import { sql } from '../../lib/sql.ts'
import { UUID } from './access-token.ts'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import { assertUserMayHaveSession, findUserByRefreshToken, revokeFamilyOfSpentToken, rotateRefreshToken } from './auth-sessions.ts'
import { readBody, type ObjectSchema } from '../request-body.ts'

/** One refresh in a thousand also deletes expired refresh tokens and PATs (Nhost's rate). */
const EXPIRED_SWEEP_PROBABILITY = 0.001

const schema: ObjectSchema = {
  properties: { refreshToken: { type: 'string', pattern: UUID } },
  required: ['refreshToken'],
}

/**
 * `POST /token`: trades a refresh token for a new access token and a new refresh token. The old
 * one is spent: presenting it again is `invalid-refresh-token` and also ends the session it
 * belonged to, whose newer token a thief or the owner holds (not in Nhost). Anonymous users may refresh
 * (Nhost's `RefreshToken` lets `forbidden-anonymous` through). The answer is a bare `AuthSession`.
 */
export function refreshTokenRoutes(app: Hono, auth: AuthContext): void {
  app.post('/token', async (c) => {
    const { refreshToken } = await readBody<{ refreshToken: string }>(c, schema)
    const session = await auth.db.transaction(async (tx) => {
      const user = await findUserByRefreshToken(tx, refreshToken, 'regular')
      if (!user) {
        // Returned, not thrown: the revocation must commit before the refusal below.
        if (await revokeFamilyOfSpentToken(tx, refreshToken))
          auth.log.warn('a spent refresh token was reused: its session is ended', { requestId: requestIdOf(c) })
        return undefined
      }
      assertUserMayHaveSession(auth, user, { allowAnonymous: true })
      return rotateRefreshToken(auth, tx, refreshToken, user)
    })
    if (!session) throw new AuthError('invalid-refresh-token')
    // Like Nhost, sweep expired tokens now and then rather than on a schedule.
    if (Math.random() < EXPIRED_SWEEP_PROBABILITY) {
      await auth.db.query(sql`DELETE FROM auth.refresh_tokens WHERE expires_at < now()`)
      await auth.db.query(sql`DELETE FROM auth.spent_refresh_tokens WHERE expires_at < now()`)
    }
    return c.json(session)
  })
}
