import type { Hono } from 'hono'
import { requestIdOf } from '../../lib/error-answer.ts'
import { sql } from '../../lib/sql.ts'
import { authServerUrl, type AuthContext } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import { requireSignedInUser } from '../auth-guard.ts'
import { assertUserMayHaveSession } from '../tokens/auth-sessions.ts'
import { findUserByEmail, newTicket, setUserTicket } from '../auth-users.ts'
import { readBody, type ObjectSchema } from '../request-body.ts'
import { sendAuthEmail } from '../mail/send-auth-email.ts'
import { VERIFY_EMAIL_TICKET_MS } from '../sign-up/sign-up-email-password.ts'
import { assertNoCodeChallenge, codeChallengeSchema, redirectToOptionsSchema, resolveRedirectTo } from '../sign-up/sign-up-options.ts'

/** Nhost gives an email change link one hour. */
const EMAIL_CHANGE_TICKET_MS = 3600 * 1000

const sendVerificationSchema: ObjectSchema = {
  properties: { email: { type: 'string', format: 'email' }, options: redirectToOptionsSchema, codeChallenge: codeChallengeSchema },
  required: ['email'],
}

const changeSchema: ObjectSchema = {
  properties: { newEmail: { type: 'string', format: 'email' }, options: redirectToOptionsSchema, codeChallenge: codeChallengeSchema },
  required: ['newEmail'],
}

interface Body {
  options?: { redirectTo?: string }
  codeChallenge?: string
}

/**
 * `POST /user/email/send-verification-email` (a new `verifyEmail:` link for an unverified
 * address; Nhost answers `email-already-verified` for a verified one) and
 * `POST /user/email/change` (the new address gets an `emailConfirmChange:` link and replaces the
 * old one only when it is followed).
 */
export function userEmailRoutes(app: Hono, auth: AuthContext): void {
  app.post('/user/email/send-verification-email', async (c) => {
    const body = await readBody<Body & { email: string }>(c, sendVerificationSchema)
    assertNoCodeChallenge(body)
    const redirectTo = resolveRedirectTo(auth, body.options?.redirectTo)
    const user = await findUserByEmail(auth.db, body.email)
    if (!user) throw new AuthError('invalid-email-password')
    assertUserMayHaveSession(auth, user, { allowUnverified: true })
    if (user.emailVerified) throw new AuthError('email-already-verified')
    const ticket = newTicket('verifyEmail')
    await setUserTicket(auth.db, user.id, ticket, VERIFY_EMAIL_TICKET_MS)
    await sendAuthEmail(auth, {
      template: 'email-verify',
      to: user.email!,
      locale: user.locale,
      ticket,
      redirectTo,
      displayName: user.displayName,
      email: user.email!,
      serverUrl: authServerUrl(c),
      requestId: requestIdOf(c),
    })
    return c.json('OK')
  })

  app.post('/user/email/change', async (c) => {
    const user = await requireSignedInUser(c, auth)
    const body = await readBody<Body & { newEmail: string }>(c, changeSchema)
    assertNoCodeChallenge(body)
    const redirectTo = resolveRedirectTo(auth, body.options?.redirectTo)
    if (await findUserByEmail(auth.db, body.newEmail)) throw new AuthError('user-already-exists')
    const ticket = newTicket('emailConfirmChange')
    await auth.db.query(sql`UPDATE auth.users SET new_email = ${body.newEmail} WHERE id = ${user.id}::uuid`)
    await setUserTicket(auth.db, user.id, ticket, EMAIL_CHANGE_TICKET_MS)
    await sendAuthEmail(auth, {
      template: 'email-confirm-change',
      to: body.newEmail,
      locale: user.locale,
      ticket,
      redirectTo,
      displayName: user.displayName,
      email: user.email ?? '',
      newEmail: body.newEmail,
      serverUrl: authServerUrl(c),
      requestId: requestIdOf(c),
    })
    return c.json('OK')
  })
}
