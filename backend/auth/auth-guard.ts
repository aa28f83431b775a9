import type { Context } from 'hono'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './auth-error.ts'
import { assertUserMayHaveSession } from './tokens/auth-sessions.ts'
import { findUserById, type AuthUser } from './auth-users.ts'

/**
 * The signed-in user behind `Authorization: Bearer <access token>` (Nhost's
 * `GetUserFromJWTInContext`): a bad token is a 401 from the token check, a user that no longer
 * exists is `invalid-email-password`, and the user must still be allowed a session.
 */
export async function requireSignedInUser(c: Context, auth: AuthContext, options: { allowAnonymous?: boolean } = {}): Promise<AuthUser> {
  const token = await auth.tokens.verifyHeader(c.req.header('authorization'))
  const user = await findUserById(auth.db, token.userId)
  if (!user) throw new AuthError('invalid-email-password')
  assertUserMayHaveSession(auth, user, options)
  return user
}
