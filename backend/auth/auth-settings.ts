import { ConfigError } from '../config/config-error.ts'
import { tomlValue, type TomlTable } from '../config/nhost-toml.ts'
import type { RateLimitSetting } from '../lib/sliding-window.ts'

/**
 * The `[auth]` section of nhost.toml with Nhost's key names and Nhost's defaults
 * (nhost/nhost `services/auth/go/cmd/config.go` flags; the Nhost CLI's `nhost.toml` schema).
 */
export interface AuthSettings {
  clientUrl: string
  allowedRedirectUrls: string[]
  signUpEnabled: boolean
  /** `auth.signUp.disableNewUsers`: new accounts are created disabled. */
  disableNewUsers: boolean
  defaultRole: string
  allowedRoles: string[]
  defaultLocale: string
  allowedLocales: string[]
  gravatar: { enabled: boolean; default: string; rating: string }
  accessTokenExpiresIn: number
  refreshTokenExpiresIn: number
  emailVerificationRequired: boolean
  passwordMinLength: number
  anonymousEnabled: boolean
  concealErrors: boolean
  rateLimit: {
    global: RateLimitSetting
    emails: RateLimitSetting
    bruteForce: RateLimitSetting
    signups: RateLimitSetting
  }
}

export function loadAuthSettings(toml: TomlTable): AuthSettings {
  const str = (path: string, fallback: string) => tomlValue(toml, `auth.${path}`, 'string') ?? fallback
  const bool = (path: string, fallback: boolean) => tomlValue(toml, `auth.${path}`, 'boolean') ?? fallback
  const list = (path: string, fallback: string[]) => tomlValue(toml, `auth.${path}`, 'string[]') ?? fallback
  const seconds = (path: string, fallback: number) => positiveInteger(toml, `auth.${path}`, fallback)

  const clientUrl = str('redirections.clientUrl', 'http://localhost:3000')
  assertUrl('auth.redirections.clientUrl', clientUrl)
  const allowedRedirectUrls = list('redirections.allowedUrls', [])
  allowedRedirectUrls.forEach((url, i) => assertUrl(`auth.redirections.allowedUrls[${i}]`, url))

  const defaultRole = str('user.roles.default', 'user')
  const allowedRoles = list('user.roles.allowed', ['user', 'me'])
  if (!allowedRoles.includes(defaultRole)) {
    throw new ConfigError('nhost/nhost.toml auth.user.roles.allowed', `must contain the default role "${defaultRole}"`)
  }
  const defaultLocale = str('user.locale.default', 'en')
  const allowedLocales = list('user.locale.allowed', [defaultLocale])

  return {
    clientUrl,
    allowedRedirectUrls,
    signUpEnabled: bool('signUp.enabled', true),
    disableNewUsers: bool('signUp.disableNewUsers', false),
    defaultRole,
    allowedRoles,
    defaultLocale,
    allowedLocales: allowedLocales.includes(defaultLocale) ? allowedLocales : [...allowedLocales, defaultLocale],
    gravatar: {
      enabled: bool('user.gravatar.enabled', true),
      default: str('user.gravatar.default', 'blank'),
      rating: str('user.gravatar.rating', 'g'),
    },
    accessTokenExpiresIn: seconds('session.accessToken.expiresIn', 900),
    refreshTokenExpiresIn: seconds('session.refreshToken.expiresIn', 2_592_000),
    emailVerificationRequired: bool('method.emailPassword.emailVerificationRequired', true),
    passwordMinLength: positiveInteger(toml, 'auth.method.emailPassword.passwordMinLength', 9),
    anonymousEnabled: bool('method.anonymous.enabled', false),
    concealErrors: bool('misc.concealErrors', false),
    rateLimit: {
      global: rateLimit(toml, 'global', { limit: 100, intervalMs: 60_000 }),
      emails: rateLimit(toml, 'emails', { limit: 10, intervalMs: 3_600_000 }),
      bruteForce: rateLimit(toml, 'bruteForce', { limit: 10, intervalMs: 300_000 }),
      signups: rateLimit(toml, 'signups', { limit: 10, intervalMs: 300_000 }),
    },
  }
}

function positiveInteger(toml: TomlTable, path: string, fallback: number): number {
  const value = tomlValue(toml, path, 'number') ?? fallback
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`nhost/nhost.toml ${path}`, 'must be a positive whole number')
  return value
}

function assertUrl(key: string, text: string): void {
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw new ConfigError(`nhost/nhost.toml ${key}`, `must be an http(s) URL, got ${JSON.stringify(text)}`)
  }
}

function rateLimit(toml: TomlTable, name: string, fallback: RateLimitSetting): RateLimitSetting {
  const path = `auth.rateLimit.${name}`
  const limit = tomlValue(toml, `${path}.limit`, 'number') ?? fallback.limit
  if (!Number.isInteger(limit) || limit <= 0) throw new ConfigError(`nhost/nhost.toml ${path}.limit`, 'must be a positive whole number')
  const interval = tomlValue(toml, `${path}.interval`, 'string')
  return { limit, intervalMs: interval === undefined ? fallback.intervalMs : parseGoDuration(`${path}.interval`, interval) }
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** Nhost writes intervals as Go durations (`5m`, `1h30m`, `90s`). */
export function parseGoDuration(key: string, text: string): number {
  const parts = [...text.matchAll(/(\d+)(ms|s|m|h)/g)]
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) {
    throw new ConfigError(`nhost/nhost.toml ${key}`, `must be a duration such as "5m" or "1h", got ${JSON.stringify(text)}`)
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0)
  if (ms <= 0) throw new ConfigError(`nhost/nhost.toml ${key}`, 'must be longer than zero')
  return ms
}
