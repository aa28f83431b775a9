import type { Hono } from 'hono'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import { assertUserMayHaveSession, createSession } from '../tokens/auth-sessions.ts'
import { findUserByEmail } from '../auth-users.ts'
import { verifyPassword } from '../passwords.ts'
import { tooManyRequests } from './too-many-requests.ts'
import { readBody, type ObjectSchema } from '../request-body.ts'

const schema: ObjectSchema = {
  properties: {
    email: { type: 'string', format: 'email' },
    password: { type: 'string', minLength: 3, maxLength: 50 },
  },
  required: ['email', 'password'],
}

/**
 * `POST /signin/email-password`. An unknown email and a wrong password get the same
 * `invalid-email-password` after the same bcrypt work. The password is checked before the
 * account's state, so `disabled-user`/`unverified-user` are told only to whoever knows it
 * (Nhost checks the state first).
 *
 * Beside the per-address limit, failed attempts are counted per account (any case of the email,
 * known or not): 40 guesses from 40 addresses all reached a password check before (issue 15).
 * An account past the limit is slowed to it, not locked: its owner can still reset the
 * password, which clears the count.
 */
export function signInEmailPasswordRoutes(app: Hono, auth: AuthContext): void {
  app.post('/signin/email-password', async (c) => {
    const body = await readBody<{ email: string; password: string }>(c, schema)
    const account = body.email.toLowerCase()
    const failures = auth.limits.signInFailuresPerAccount
    if (!(await failures.hasRoom(account))) return tooManyRequests(c, failures)
    const user = await findUserByEmail(auth.db, body.email)
    const passwordMatches = await verifyPassword(body.password, user?.passwordHash)
    if (!user || !passwordMatches) {
      await failures.count(account)
      throw new AuthError('invalid-email-password')
    }
    assertUserMayHaveSession(auth, user)
    return c.json({ session: await createSession(auth, auth.db, user) })
  })
}
