import type { Hono } from 'hono'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import { createSession } from '../tokens/auth-sessions.ts'
import { findUserById, insertUser } from '../auth-users.ts'
import { readBody, type ObjectSchema } from '../request-body.ts'

const schema: ObjectSchema = {
  properties: {
    displayName: { type: 'string' },
    locale: { type: 'string', minLength: 2, maxLength: 3 },
    metadata: { type: 'json-object' },
  },
}

interface Body {
  displayName?: string
  locale?: string
  metadata?: Record<string, unknown>
}

/**
 * `POST /signin/anonymous` (Nhost's `SignInAnonymous`): a user with no email or password, role
 * `anonymous` only, named "Anonymous User" unless told otherwise. Needs
 * `auth.method.anonymous.enabled`; otherwise `disabled-endpoint`.
 */
export function signInAnonymousRoutes(app: Hono, auth: AuthContext): void {
  app.post('/signin/anonymous', async (c) => {
    const body = await readBody<Body>(c, schema, { optional: true })
    const { settings } = auth
    if (!settings.signUpEnabled) throw new AuthError('signup-disabled')
    if (!settings.anonymousEnabled) throw new AuthError('disabled-endpoint')
    const locale = body.locale !== undefined && settings.allowedLocales.includes(body.locale) ? body.locale : settings.defaultLocale
    const session = await auth.db.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        email: null,
        passwordHash: null,
        displayName: body.displayName ?? 'Anonymous User',
        avatarUrl: '',
        locale,
        defaultRole: 'anonymous',
        roles: ['anonymous'],
        metadata: body.metadata ?? {},
        isAnonymous: true,
        disabled: false,
      })
      return createSession(auth, tx, (await findUserById(tx, userId))!)
    })
    return c.json({ session })
  })
}
