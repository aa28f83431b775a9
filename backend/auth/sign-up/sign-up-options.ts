import { createHash } from 'node:crypto'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../auth-error.ts'
import type { FieldSchema, ObjectSchema } from '../request-body.ts'

/** Nhost's `SignUpOptions` schema. */
export const signUpOptionsSchema: FieldSchema = {
  type: 'object',
  schema: {
    properties: {
      allowedRoles: { type: 'string[]' },
      defaultRole: { type: 'string' },
      // Nhost's own pattern: letters, digits, symbols and a little punctuation, no `&`, `/` or `:`.
      displayName: { type: 'string', maxLength: 32, pattern: /^[\p{L}\p{N}\p{S} ,.'-]+$/u },
      locale: { type: 'string', minLength: 2, maxLength: 3 },
      metadata: { type: 'json-object' },
      redirectTo: { type: 'string', format: 'uri' },
    },
  },
}

/** Nhost's `OptionsRedirectTo` schema. */
export const redirectToOptionsSchema: FieldSchema = {
  type: 'object',
  schema: { properties: { redirectTo: { type: 'string', format: 'uri' } } } satisfies ObjectSchema,
}

/**
 * PKCE (`codeChallenge`) belongs to Nhost's newer flows, which this backend does not implement;
 * the field is accepted by the schema and refused with `invalid-request` when present.
 */
export const codeChallengeSchema: FieldSchema = { type: 'string', minLength: 43, maxLength: 43, pattern: /^[A-Za-z0-9_-]{43}$/ }

export function assertNoCodeChallenge(body: { codeChallenge?: string }): void {
  if (body.codeChallenge !== undefined) throw new AuthError('invalid-request')
}

export interface SignUpOptionsInput {
  allowedRoles?: string[]
  defaultRole?: string
  displayName?: string
  locale?: string
  metadata?: Record<string, unknown>
  redirectTo?: string
}

export interface SignUpOptions {
  allowedRoles: string[]
  defaultRole: string
  displayName: string
  locale: string
  metadata: Record<string, unknown>
  redirectTo: string
}

/**
 * Nhost's `ValidateSignUpOptions`: fills defaults from the settings, refuses roles outside the
 * allowed ones and a redirect outside the allowed URLs; an unknown locale falls back to the
 * default one.
 */
export function resolveSignUpOptions(auth: AuthContext, input: SignUpOptionsInput | undefined, defaultDisplayName: string): SignUpOptions {
  const options = input ?? {}
  const { settings } = auth
  const redirectTo = resolveRedirectTo(auth, options.redirectTo)
  const allowedRoles = options.allowedRoles ?? settings.allowedRoles
  if (options.allowedRoles?.some((role) => !settings.allowedRoles.includes(role))) throw new AuthError('role-not-allowed')
  const defaultRole = options.defaultRole ?? settings.defaultRole
  if (!allowedRoles.includes(defaultRole)) throw new AuthError('default-role-must-be-in-allowed-roles')
  const locale = options.locale !== undefined && settings.allowedLocales.includes(options.locale) ? options.locale : settings.defaultLocale
  return {
    allowedRoles,
    defaultRole,
    displayName: options.displayName ?? defaultDisplayName,
    locale,
    metadata: options.metadata ?? {},
    redirectTo,
  }
}

/** The client URL when no `redirectTo` is given; `redirectTo-not-allowed` when it is not allowed. */
export function resolveRedirectTo(auth: AuthContext, redirectTo: string | undefined): string {
  if (redirectTo === undefined) return auth.clientUrl()
  if (!auth.isRedirectAllowed(redirectTo)) throw new AuthError('redirectTo-not-allowed')
  return redirectTo
}

/** Nhost's Gravatar default avatar (`auth.user.gravatar`), or no avatar when it is off. */
export function avatarUrlFor(auth: AuthContext, email: string): string {
  const { gravatar } = auth.settings
  if (!gravatar.enabled) return ''
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex')
  return `https://www.gravatar.com/avatar/${hash}?d=${encodeURIComponent(gravatar.default)}&r=${encodeURIComponent(gravatar.rating)}`
}
