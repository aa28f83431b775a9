import type { Hono } from 'hono'
import { isPostgresError } from '../../db/database.ts'
import { requestIdOf } from '../../lib/error-answer.ts'
import type { AuthContext } from '../auth-context.ts'
import { authServerUrl } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import { createSession } from '../tokens/auth-sessions.ts'
import { findUserById, insertUser, newTicket, type NewUser } from '../auth-users.ts'
import { hashPassword } from '../passwords.ts'
import { readBody, type ObjectSchema } from '../request-body.ts'
import { sendAuthEmail } from '../mail/send-auth-email.ts'
import {
  assertNoCodeChallenge,
  avatarUrlFor,
  codeChallengeSchema,
  resolveSignUpOptions,
  signUpOptionsSchema,
  type SignUpOptionsInput,
} from './sign-up-options.ts'

/** Nhost's `InAMonth`: how long an email verification link stays valid. */
export const VERIFY_EMAIL_TICKET_MS = 30 * 24 * 3600 * 1000

const schema: ObjectSchema = {
  properties: {
    email: { type: 'string', format: 'email' },
    password: { type: 'string', minLength: 3, maxLength: 50 },
    options: signUpOptionsSchema,
    codeChallenge: codeChallengeSchema,
  },
  required: ['email', 'password'],
}

interface Body {
  email: string
  password: string
  options?: SignUpOptionsInput
  codeChallenge?: string
}

/**
 * `POST /signup/email-password` (Nhost's `SignUpEmailPassword`). With email verification off
 * the user is signed in at once; with it on, or with new users disabled, no session is returned
 * and a verification mail is sent instead.
 */
export function signUpEmailPasswordRoutes(app: Hono, auth: AuthContext): void {
  app.post('/signup/email-password', async (c) => {
    const body = await readBody<Body>(c, schema)
    assertNoCodeChallenge(body)
    const { settings } = auth
    if (!settings.signUpEnabled) throw new AuthError('signup-disabled')
    if (body.password.length < settings.passwordMinLength) throw new AuthError('password-too-short')
    const options = resolveSignUpOptions(auth, body.options, body.email)
    const withoutSession = settings.emailVerificationRequired || settings.disableNewUsers
    const ticket = settings.emailVerificationRequired ? newTicket('verifyEmail') : undefined
    const newUser: NewUser = {
      email: body.email,
      passwordHash: await hashPassword(body.password),
      displayName: options.displayName,
      avatarUrl: avatarUrlFor(auth, body.email),
      locale: options.locale,
      defaultRole: options.defaultRole,
      roles: options.allowedRoles,
      metadata: options.metadata,
      isAnonymous: false,
      disabled: settings.disableNewUsers,
      ...(ticket ? { ticket: { value: ticket, expiresInMs: VERIFY_EMAIL_TICKET_MS } } : {}),
    }
    const session = await auth.db.transaction(async (tx) => {
      const userId = await insertUser(tx, newUser).catch((error: unknown) => {
        if (isPostgresError(error) && error.constraint === 'users_email_key') throw new AuthError('user-already-exists')
        throw error
      })
      if (withoutSession) return undefined
      return createSession(auth, tx, (await findUserById(tx, userId))!)
    })
    if (settings.disableNewUsers) throw new AuthError('disabled-user')
    if (ticket) {
      await sendAuthEmail(auth, {
        template: 'email-verify',
        to: body.email,
        locale: options.locale,
        ticket,
        redirectTo: options.redirectTo,
        displayName: options.displayName,
        email: body.email,
        serverUrl: authServerUrl(c),
        requestId: requestIdOf(c),
      })
    }
    return c.json(session ? { session } : {})
  })
}
