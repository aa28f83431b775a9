import type { Hono } from 'hono'
import { isPostgresError } from '../../db/database.ts'
import { requestIdOf } from '../../lib/error-answer.ts'
import { sql } from '../../lib/sql.ts'
import { authServerUrl, type AuthContext } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import { findUserByEmail, newTicket } from '../auth-users.ts'
import { hashPassword } from '../passwords.ts'
import { readBody, type ObjectSchema } from '../request-body.ts'
import { sendAuthEmail } from '../mail/send-auth-email.ts'
import { VERIFY_EMAIL_TICKET_MS } from '../sign-up/sign-up-email-password.ts'
import {
  assertNoCodeChallenge,
  codeChallengeSchema,
  resolveSignUpOptions,
  signUpOptionsSchema,
  type SignUpOptionsInput,
} from '../sign-up/sign-up-options.ts'

const schema: ObjectSchema = {
  properties: {
    signInMethod: { type: 'string', enum: ['email-password', 'passwordless'] },
    email: { type: 'string', format: 'email' },
    password: { type: 'string', minLength: 3, maxLength: 50 },
    connection: { type: 'string' },
    options: signUpOptionsSchema,
    codeChallenge: codeChallengeSchema,
  },
  required: ['signInMethod', 'email'],
}

interface Body {
  signInMethod: 'email-password' | 'passwordless'
  email: string
  password?: string
  options?: SignUpOptionsInput
  codeChallenge?: string
}

/** Nhost's passwordless link lifetime. */
const PASSWORDLESS_TICKET_MS = 3600 * 1000

/**
 * `POST /user/deanonymize` (Nhost's `DeanonymizeUser`): the signed-in anonymous user becomes a
 * regular one with an email (and a password), the roles from the options replacing `anonymous`.
 * When a mail must confirm the address first (passwordless, or verification required), the
 * anonymous sessions end and the mail carries the way back in.
 */
export function userDeanonymizeRoutes(app: Hono, auth: AuthContext): void {
  app.post('/user/deanonymize', async (c) => {
    const token = await auth.tokens.verifyHeader(c.req.header('authorization'))
    const body = await readBody<Body>(c, schema)
    assertNoCodeChallenge(body)
    if (!token.isAnonymous) throw new AuthError('user-not-anonymous')
    let password: string | null = null
    if (body.signInMethod === 'email-password') {
      if (body.password === undefined) throw new AuthError('invalid-request')
      if (body.password.length < auth.settings.passwordMinLength) throw new AuthError('password-too-short')
      password = body.password
    }
    const options = resolveSignUpOptions(auth, body.options, body.email)
    if (await findUserByEmail(auth.db, body.email)) throw new AuthError('user-already-exists')

    const mail =
      body.signInMethod === 'passwordless'
        ? { template: 'signin-passwordless' as const, ticket: newTicket('passwordlessEmail'), ms: PASSWORDLESS_TICKET_MS }
        : auth.settings.emailVerificationRequired
          ? { template: 'email-verify' as const, ticket: newTicket('verifyEmail'), ms: VERIFY_EMAIL_TICKET_MS }
          : undefined
    const passwordHash = password === null ? null : await hashPassword(password)

    await auth.db.transaction(async (tx) => {
      const updated = await tx
        .query(
          sql`
        UPDATE auth.users SET
          is_anonymous = false, email = ${body.email}, password_hash = ${passwordHash},
          default_role = ${options.defaultRole}, display_name = ${options.displayName}, locale = ${options.locale},
          metadata = ${JSON.stringify(options.metadata)}::jsonb,
          ticket = ${mail?.ticket ?? null}, ticket_expires_at = now() + ${mail?.ms ?? 0} * interval '1 millisecond'
        WHERE id = ${token.userId}::uuid AND is_anonymous`,
        )
        .catch((error: unknown) => {
          if (isPostgresError(error) && error.constraint === 'users_email_key') throw new AuthError('user-already-exists')
          throw error
        })
      // The token may predate an earlier deanonymization: the account is no longer anonymous.
      if (updated.rowCount === 0) throw new AuthError('user-not-anonymous')
      await tx.query(sql`DELETE FROM auth.user_roles WHERE user_id = ${token.userId}::uuid`)
      await tx.query(sql`
        INSERT INTO auth.user_roles (user_id, role)
        SELECT ${token.userId}::uuid, role FROM unnest(${options.allowedRoles}::text[]) AS role`)
      if (mail) await tx.query(sql`DELETE FROM auth.refresh_tokens WHERE user_id = ${token.userId}::uuid`)
    })
    if (mail) {
      await sendAuthEmail(auth, {
        template: mail.template,
        to: body.email,
        locale: options.locale,
        ticket: mail.ticket,
        redirectTo: options.redirectTo,
        displayName: options.displayName,
        email: body.email,
        serverUrl: authServerUrl(c),
        requestId: requestIdOf(c),
      })
    }
    return c.json('OK')
  })
}
