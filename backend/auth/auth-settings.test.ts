import { describe, expect, it } from 'vitest'
import { parse } from 'smol-toml'
import { ConfigError } from '../config/config-error.ts'
import type { TomlTable } from '../config/nhost-toml.ts'
import { loadAuthSettings, parseGoDuration } from './auth-settings.ts'

const settings = (toml: string) => loadAuthSettings(parse(toml) as TomlTable)

describe('loadAuthSettings', () => {
  it("uses Nhost's defaults for an empty [auth]", () => {
    expect(settings('')).toMatchObject({
      clientUrl: 'http://localhost:3000',
      signUpEnabled: true,
      defaultRole: 'user',
      allowedRoles: ['user', 'me'],
      accessTokenExpiresIn: 900,
      refreshTokenExpiresIn: 2_592_000,
      emailVerificationRequired: true,
      passwordMinLength: 9,
      anonymousEnabled: false,
      rateLimit: { bruteForce: { limit: 10, intervalMs: 300_000 }, global: { limit: 100, intervalMs: 60_000 } },
    })
  })

  it("reads the project's nhost.toml keys", () => {
    expect(
      settings(`
      [auth.redirections]
      clientUrl = 'https://app.example.com'
      allowedUrls = ['https://admin.example.com']
      [auth.session.accessToken]
      expiresIn = 300
      [auth.method.anonymous]
      enabled = true
      [auth.method.emailPassword]
      emailVerificationRequired = false
      passwordMinLength = 12
      [auth.rateLimit.signups]
      limit = 5
      interval = '1h30m'
    `),
    ).toMatchObject({
      clientUrl: 'https://app.example.com',
      allowedRedirectUrls: ['https://admin.example.com'],
      accessTokenExpiresIn: 300,
      anonymousEnabled: true,
      emailVerificationRequired: false,
      passwordMinLength: 12,
      rateLimit: { signups: { limit: 5, intervalMs: 5_400_000 } },
    })
  })

  it.each([
    ["[auth.redirections]\nclientUrl = 'localhost'", 'auth.redirections.clientUrl'],
    ["[auth.user.roles]\ndefault = 'admin'\nallowed = ['user']", 'auth.user.roles.allowed'],
    ['[auth.session.refreshToken]\nexpiresIn = -1', 'auth.session.refreshToken.expiresIn'],
    ['[auth.method.emailPassword]\npasswordMinLength = "9"', 'auth.method.emailPassword.passwordMinLength'],
    ["[auth.rateLimit.global]\ninterval = 'soon'", 'auth.rateLimit.global.interval'],
  ])('names the key of a malformed value', (toml, key) => {
    expect(() => settings(toml)).toThrow(ConfigError)
    expect(() => settings(toml)).toThrow(key)
  })
})

describe('parseGoDuration', () => {
  it.each([
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['90s', 90_000],
    ['1h30m', 5_400_000],
    ['250ms', 250],
  ])('%s', (text, ms) => {
    expect(parseGoDuration('k', text)).toBe(ms)
  })
  it.each(['', '5', '5 m', '1d', '0s'])('refuses %j', (text) => {
    expect(() => parseGoDuration('k', text)).toThrow(ConfigError)
  })
})
