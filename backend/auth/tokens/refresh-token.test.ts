import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '../../lib/logger.ts'
import { sql } from '../../lib/sql.ts'
import { jwtPayload, openAuthTestApp, TEST_JWT_KEY, type AuthTestApp } from '../../../tests/support/auth-test-harness.ts'

let t: AuthTestApp
const warnings: { message: string; fields?: Record<string, unknown> }[] = []
const log: Logger = { debug: () => {}, info: () => {}, warn: (message, fields) => void warnings.push({ message, fields }), error: () => {} }

beforeAll(async () => {
  t = await openAuthTestApp(undefined, log)
})
afterAll(() => t.close())

const refresh = (refreshToken: unknown) => t.call('POST', '/v1/auth/token', { body: { refreshToken } })
const signIn = async (email: string) =>
  (await t.call('POST', '/v1/auth/signin/email-password', { body: { email, password: 'correct-horse-9' } })).body.session

/** A token signed with the project's key but with claims of our choosing. */
const forge = (claims: Record<string, unknown>, exp: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('hasura-auth')
    .setIssuedAt(exp - 900)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(TEST_JWT_KEY))

describe('POST /token', () => {
  it('rotates: a new refresh token each time, the old one spent, the row kept', async () => {
    const first = await t.signUp('rota@example.com')
    const second = await refresh(first.refreshToken)
    expect(second.status).toBe(200)
    // The answer is a bare Session, not {session}.
    expect(second.body).toMatchObject({
      accessTokenExpiresIn: 900,
      refreshTokenId: first.refreshTokenId,
      user: { email: 'rota@example.com' },
    })
    expect(second.body.refreshToken).not.toBe(first.refreshToken)
    expect(jwtPayload(second.body.accessToken).sub).toBe(first.user.id)

    const third = await refresh(second.body.refreshToken)
    expect(third.status).toBe(200)
    expect(third.body.refreshTokenId).toBe(first.refreshTokenId)
  })

  it('ends the whole session when a spent token comes back (a copy was used), and no other session', async () => {
    const stolen = await t.signUp('family@example.com')
    const other = await signIn('family@example.com')
    const legitimate = await refresh(stolen.refreshToken)
    expect(legitimate.status).toBe(200)
    const reused = await t.call('POST', '/v1/auth/token', {
      body: { refreshToken: stolen.refreshToken },
      headers: { 'x-request-id': 'reuse-42' },
    })
    // The warning names the request that gave the spent token back.
    expect(warnings).toContainEqual({
      message: 'a spent refresh token was reused: its session is ended',
      fields: { requestId: 'reuse-42' },
    })
    expect(reused).toMatchObject({
      status: 401,
      body: { status: 401, error: 'invalid-refresh-token', message: 'Invalid or expired refresh token' },
    })
    // The newer token of that session, whoever holds it, is gone with it.
    expect(await refresh(legitimate.body.refreshToken)).toMatchObject({ status: 401, body: { error: 'invalid-refresh-token' } })
    expect((await refresh(other.refreshToken)).status).toBe(200)
    const { rows } = await t.db.query<{ n: number }>(sql`select count(*)::int as n from auth.spent_refresh_tokens s
      join auth.refresh_tokens r on r.id = s.refresh_token_id where r.id = ${stolen.refreshTokenId}::uuid`)
    expect(rows[0]!.n).toBe(0)
  })

  it('lets only one of two concurrent exchanges of the same token through', async () => {
    const session = await t.signUp('race@example.com')
    const results = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 401])
  })

  it.each([
    ['an unknown token', '6a1c5f5e-6f7b-4d0e-9a53-111111111111', 401, 'invalid-refresh-token'],
    ['a token that is not a UUID', 'not-a-token', 400, 'schema-validation-error'],
    ['a number', 42, 400, 'schema-validation-error'],
  ])('refuses %s', async (_, token, status, error) => {
    expect(await refresh(token)).toMatchObject({ status, body: { error } })
  })

  it('refuses an expired refresh token and a disabled user', async () => {
    const session = await t.signUp('old@example.com')
    await t.db.query(
      sql`update auth.refresh_tokens set expires_at = now() - interval '1 second' where id = ${session.refreshTokenId}::uuid`,
    )
    expect((await refresh(session.refreshToken)).body.error).toBe('invalid-refresh-token')

    const other = await t.signUp('gone@example.com')
    await t.db.query(sql`update auth.users set disabled = true where email = 'gone@example.com'`)
    expect(await refresh(other.refreshToken)).toMatchObject({ status: 401, body: { error: 'disabled-user' } })
  })

  it('gives refresh tokens the 30-day lifetime of the settings', async () => {
    const session = await t.signUp('life@example.com')
    const { rows } = await t.db.query<{ days: number }>(sql`
      select round(extract(epoch from expires_at - now()) / 86400)::int as days from auth.refresh_tokens where id = ${session.refreshTokenId}::uuid`)
    expect(rows[0]!.days).toBe(30)
  })
})

describe('POST /signout', () => {
  it('ends one session with its refresh token', async () => {
    await t.signUp('out@example.com')
    const a = await signIn('out@example.com')
    const b = await signIn('out@example.com')
    expect(await t.call('POST', '/v1/auth/signout', { body: { refreshToken: a.refreshToken } })).toMatchObject({ status: 200, body: 'OK' })
    expect((await refresh(a.refreshToken)).status).toBe(401)
    expect((await refresh(b.refreshToken)).status).toBe(200)
  })

  it('ends every session of the signed-in user with all: true', async () => {
    await t.signUp('everywhere@example.com')
    const a = await signIn('everywhere@example.com')
    const b = await signIn('everywhere@example.com')
    const pat = await t.call('POST', '/v1/auth/pat', {
      token: a.accessToken,
      body: { expiresAt: new Date(Date.now() + 86400_000).toISOString() },
    })
    const bystander = await t.signUp('bystander@example.com')
    expect((await t.call('POST', '/v1/auth/signout', { token: a.accessToken, body: { all: true } })).status).toBe(200)
    expect((await refresh(a.refreshToken)).status).toBe(401)
    expect((await refresh(b.refreshToken)).status).toBe(401)
    expect((await t.call('POST', '/v1/auth/signin/pat', { body: { personalAccessToken: pat.body.personalAccessToken } })).status).toBe(401)
    expect((await refresh(bystander.refreshToken)).status).toBe(200)
  })

  it.each([
    ['no refresh token', {}, undefined],
    ['all without an access token', { all: true }, undefined],
    ['all with a forged token', { all: true }, 'eyJhbGciOiJIUzI1NiJ9.e30.x'],
  ])('answers invalid-request for %s', async (_, body, token) => {
    expect(await t.call('POST', '/v1/auth/signout', { body, ...(token ? { token } : {}) })).toMatchObject({
      status: 400,
      body: { error: 'invalid-request' },
    })
  })
})

describe('GET /user and bearer tokens', () => {
  it('returns the signed-in user', async () => {
    const session = await t.signUp('me@example.com')
    const response = await t.call('GET', '/v1/auth/user', { token: session.accessToken })
    expect(response).toMatchObject({
      status: 200,
      body: { id: session.user.id, email: 'me@example.com', roles: ['me', 'user'], isAnonymous: false, metadata: {} },
    })
    expect(response.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    expect(Math.abs(Date.parse(response.body.createdAt) - Date.now())).toBeLessThan(60_000)
    expect(response.body).not.toHaveProperty('activeMfaType')
  })

  it('refuses missing, tampered, expired and foreign tokens alike, with 401', async () => {
    const session = await t.signUp('bearer@example.com')
    const [header, payload, signature] = session.accessToken.split('.')
    const claims = jwtPayload(session.accessToken)
    claims['https://hasura.io/jwt/claims']['x-hasura-default-role'] = 'admin'
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`
    const expired = await forge({ sub: session.user.id }, Math.floor(Date.now() / 1000) - 60)
    const foreign = await new SignJWT({ sub: session.user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('hasura-auth')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-key-that-is-long-enough-0123456789'))
    expect(payload).toBeTruthy()
    for (const token of [undefined, tampered, expired, foreign]) {
      const response = await t.call('GET', '/v1/auth/user', token ? { token } : {})
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ error: 'unauthorized', securityScheme: 'BearerAuth' })
    }
    const basic = await t.call('GET', '/v1/auth/user', { headers: { authorization: `Basic ${session.accessToken}` } })
    expect(basic.body.reason).toBe('missing or malformed authorization header')
  })

  it('answers invalid-email-password for a token whose user was deleted', async () => {
    const session = await t.signUp('deleted@example.com')
    await t.db.query(sql`delete from auth.users where id = ${session.user.id}::uuid`)
    expect(await t.call('GET', '/v1/auth/user', { token: session.accessToken })).toMatchObject({
      status: 401,
      body: { error: 'invalid-email-password' },
    })
  })
})

describe('system endpoints', () => {
  it.each([
    ['/v1/auth/healthz', 'OK'],
    ['/v1/auth/version', { version: expect.stringMatching(/^\d+\.\d+\.\d+/) }],
    ['/v1/auth/.well-known/jwks.json', { keys: [] }],
  ])('GET %s', async (url, body) => {
    expect(await t.call('GET', url)).toMatchObject({ status: 200, body })
  })

  it('answers HEAD /healthz', async () => {
    expect((await t.call('HEAD', '/v1/auth/healthz')).status).toBe(200)
  })
})
