import type { Hono } from 'hono'
import { requestIdOf } from '../../lib/error-answer.ts'
import { sql } from '../../lib/sql.ts'
import { authServerUrl, type AuthContext } from '../auth-context.ts'
import { AuthError, UnauthorizedError } from '../auth-error.ts'
import { requireSignedInUser } from '../auth-guard.ts'
import { assertUserMayHaveSession } from '../tokens/auth-sessions.ts'
import { findUserByEmail, newTicket, setUserTicket, takeUserByTicket, type AuthUser } from '../auth-users.ts'
import { hashPassword } from '../passwords.ts'
import { readBody, type ObjectSchema } from '../request-body.ts'
import { sendAuthEmail, takeMailAllowance } from '../mail/send-auth-email.ts'
import { assertNoCodeChallenge, codeChallengeSchema, redirectToOptionsSchema, resolveRedirectTo } from '../sign-up/sign-up-options.ts'

/** Nhost's password reset link lifetime: one hour. */
const PASSWORD_RESET_TICKET_MS = 3600 * 1000

const resetSchema: ObjectSchema = {
  properties: { email: { type: 'string', format: 'email' }, options: redirectToOptionsSchema, codeChallenge: codeChallengeSchema },
  required: ['email'],
}

const changeSchema: ObjectSchema = {
  properties: {
    newPassword: { type: 'string', minLength: 3, maxLength: 50 },
    ticket: { type: 'string', pattern: /^passwordReset:.*$/ },
  },
  required: ['newPassword'],
}

/**
 * `POST /user/password/reset` mails a one-hour `passwordReset:` ticket; it answers "OK" whether
 * or not the email belongs to someone, so it cannot be used to find accounts (as Nhost does).
 * It answers before looking the email up, so that its timing cannot tell either (issue 15).
 * `POST /user/password` sets a new password for the signed-in user or for the holder of a reset
 * ticket, and ends the user's sessions, personal access tokens excepted (Nhost's
 * `UpdateUserChangePassword`).
 */
export function userPasswordRoutes(app: Hono, auth: AuthContext): void {
  app.post('/user/password/reset', async (c) => {
    const body = await readBody<{ email: string; options?: { redirectTo?: string }; codeChallenge?: string }>(c, resetSchema)
    assertNoCodeChallenge(body)
    const redirectTo = resolveRedirectTo(auth, body.options?.redirectTo)
    const requestId = requestIdOf(c)
    inTurn(auth, body.email, () => sendPasswordReset(auth, body.email, redirectTo, authServerUrl(c), requestId)).catch((error: unknown) => {
      auth.log.error('password reset mail failed', { requestId, error: String(error), stack: (error as Error).stack })
    })
    return c.json('OK')
  })

  app.post('/user/password', async (c) => {
    const body = await readBody<{ newPassword: string; ticket?: string }>(c, changeSchema)
    if (body.newPassword.length < auth.settings.passwordMinLength) throw new AuthError('password-too-short')
    let user: AuthUser | undefined
    if (body.ticket !== undefined) {
      user = await takeUserByTicket(auth.db, body.ticket)
      if (!user) throw new AuthError('invalid-ticket')
      assertUserMayHaveSession(auth, user)
      // The owner proved who they are through their inbox: failed sign-ins of others stop counting.
      if (user.email) await auth.limits.signInFailuresPerAccount.forget(user.email.toLowerCase())
    } else {
      // The bearer token is optional here (a ticket may stand in for it); without either, Nhost
      // answers `invalid-request` rather than 401.
      user = await requireSignedInUser(c, auth).catch((error: unknown) => {
        throw error instanceof UnauthorizedError ? new AuthError('invalid-request', { cause: error }) : error
      })
    }
    const passwordHash = await hashPassword(body.newPassword)
    await auth.db.transaction(async (tx) => {
      await tx.query(sql`UPDATE auth.users SET password_hash = ${passwordHash} WHERE id = ${user.id}::uuid`)
      await tx.query(sql`DELETE FROM auth.refresh_tokens WHERE user_id = ${user.id}::uuid AND type = 'regular'`)
    })
    return c.json('OK')
  })
}

/** The resets running or waiting per address (lower case), per auth service. */
const resetQueues = new WeakMap<AuthContext, Map<string, Promise<void>>>()

/**
 * Runs the resets of one address one after another: run side by side, a reset that stored its
 * ticket first could write its mail last, and the newest mail would carry a dead link.
 */
function inTurn(auth: AuthContext, email: string, reset: () => Promise<void>): Promise<void> {
  let queues = resetQueues.get(auth)
  if (!queues) resetQueues.set(auth, (queues = new Map()))
  const key = email.toLowerCase()
  const done = (queues.get(key) ?? Promise.resolve()).then(reset)
  const settled = done.catch(() => undefined)
  queues.set(key, settled)
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key)
  })
  return done
}

/**
 * A recipient past the mail limit keeps the ticket of the last mail it got, rather than a new one
 * that no mail carries: flooding an inbox with resets cannot break the link its owner holds.
 */
async function sendPasswordReset(
  auth: AuthContext,
  email: string,
  redirectTo: string,
  serverUrl: string,
  requestId: string,
): Promise<void> {
  const user = await findUserByEmail(auth.db, email)
  if (!user?.email || !mayResetPassword(auth, user)) return
  if (!(await takeMailAllowance(auth, user.email))) return
  const ticket = newTicket('passwordReset')
  await setUserTicket(auth.db, user.id, ticket, PASSWORD_RESET_TICKET_MS)
  await sendAuthEmail(
    auth,
    {
      template: 'password-reset',
      to: user.email,
      locale: user.locale,
      ticket,
      redirectTo,
      displayName: user.displayName,
      email: user.email,
      serverUrl,
      requestId,
    },
    true,
  )
}

function mayResetPassword(auth: AuthContext, user: AuthUser): boolean {
  try {
    assertUserMayHaveSession(auth, user)
    return user.email !== null
  } catch {
    return false
  }
}
