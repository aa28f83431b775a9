import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from '../../lib/sql.ts'
import { jwtPayload, openAuthTestApp, type AuthTestApp } from '../../../tests/support/auth-test-harness.ts'

let t: AuthTestApp

beforeAll(async () => {
  t = await openAuthTestApp()
})
afterAll(() => t.close())

const anonymous = async (body?: unknown) =>
  (await t.call('POST', '/v1/auth/signin/anonymous', body === undefined ? {} : { body })).body.session
const claimsOf = (token: string) => jwtPayload(token)['https://hasura.io/jwt/claims']

describe('POST /signin/anonymous', () => {
  it('creates an anonymous user with only the anonymous role', async () => {
    const session = await anonymous()
    expect(session.user).toMatchObject({
      displayName: 'Anonymous User',
      isAnonymous: true,
      defaultRole: 'anonymous',
      roles: ['anonymous'],
      locale: 'en',
    })
    expect(session.user.email).toBeUndefined()
    expect(claimsOf(session.accessToken)).toMatchObject({
      'x-hasura-user-is-anonymous': 'true',
      'x-hasura-allowed-roles': ['anonymous'],
      'x-hasura-default-role': 'anonymous',
    })
    // Anonymous users may refresh their session…
    expect((await t.call('POST', '/v1/auth/token', { body: { refreshToken: session.refreshToken } })).status).toBe(200)
    // …but, as on Nhost, not read /user.
    expect(await t.call('GET', '/v1/auth/user', { token: session.accessToken })).toMatchObject({
      status: 403,
      body: { error: 'forbidden-anonymous' },
    })
  })

  it('takes a display name, a locale (unknown ones fall back) and metadata', async () => {
    const session = await anonymous({ displayName: 'Guest', locale: 'xx', metadata: { from: 'share' } })
    expect(session.user).toMatchObject({ displayName: 'Guest', locale: 'en', metadata: { from: 'share' } })
    expect((await t.call('POST', '/v1/auth/signin/anonymous', { body: { nickname: 'x' } })).body.error).toBe('schema-validation-error')
  })

  it('is disabled-endpoint when anonymous sign-in is off', async () => {
    const off = t.withToml('[auth.method.anonymous]\nenabled = false\n')
    expect(await off.call('POST', '/v1/auth/signin/anonymous')).toMatchObject({
      status: 409,
      body: { error: 'disabled-endpoint', message: 'This endpoint is disabled' },
    })
  })
})

describe('POST /user/deanonymize', () => {
  it('turns the anonymous user into a regular one who can sign in with email and password', async () => {
    const session = await anonymous()
    const response = await t.call('POST', '/v1/auth/user/deanonymize', {
      token: session.accessToken,
      body: {
        signInMethod: 'email-password',
        email: 'converted@example.com',
        password: 'correct-horse-9',
        options: { displayName: 'Converted' },
      },
    })
    expect(response).toMatchObject({ status: 200, body: 'OK' })
    const signIn = await t.call('POST', '/v1/auth/signin/email-password', {
      body: { email: 'converted@example.com', password: 'correct-horse-9' },
    })
    expect(signIn.body.session.user).toMatchObject({
      id: session.user.id,
      isAnonymous: false,
      displayName: 'Converted',
      defaultRole: 'user',
      roles: ['me', 'user'],
    })
    // The anonymous token, still valid, cannot deanonymize (and re-role) the account again.
    const again = await t.call('POST', '/v1/auth/user/deanonymize', {
      token: session.accessToken,
      body: {
        signInMethod: 'email-password',
        email: 'converted-again@example.com',
        password: 'correct-horse-9',
        options: { allowedRoles: ['me'], defaultRole: 'me' },
      },
    })
    expect(again).toMatchObject({ status: 400, body: { error: 'user-not-anonymous' } })
    // Without email verification the anonymous session carries on, now as the regular user.
    const refreshed = await t.call('POST', '/v1/auth/token', { body: { refreshToken: session.refreshToken } })
    expect(claimsOf(refreshed.body.accessToken)).toMatchObject({ 'x-hasura-user-is-anonymous': 'false', 'x-hasura-default-role': 'user' })
  })

  it('mails a verification link and ends the anonymous sessions when verification is required', async () => {
    const strict = t.withToml('[auth.method.anonymous]\nenabled = true\n[auth.method.emailPassword]\nemailVerificationRequired = true\n')
    const session = (await strict.call('POST', '/v1/auth/signin/anonymous')).body.session
    const response = await strict.call('POST', '/v1/auth/user/deanonymize', {
      token: session.accessToken,
      body: { signInMethod: 'email-password', email: 'verify-me@example.com', password: 'correct-horse-9' },
    })
    expect(response.status).toBe(200)
    expect((await strict.call('POST', '/v1/auth/token', { body: { refreshToken: session.refreshToken } })).status).toBe(401)
    const [mail] = await strict.outbox('verify-me@example.com')
    expect(mail).toMatchObject({ template: 'email-verify', data: { ticket: expect.stringMatching(/^verifyEmail:/) } })
  })

  it('deanonymizes without a password through a sign-in link', async () => {
    const session = await anonymous()
    const response = await t.call('POST', '/v1/auth/user/deanonymize', {
      token: session.accessToken,
      body: { signInMethod: 'passwordless', email: 'linked@example.com', options: { redirectTo: 'https://app.example.com/callback' } },
    })
    expect(response.status).toBe(200)
    expect((await t.call('POST', '/v1/auth/token', { body: { refreshToken: session.refreshToken } })).status).toBe(401)
    const [mail] = await t.outbox('linked@example.com')
    expect(mail).toMatchObject({ template: 'signin-passwordless', data: { ticket: expect.stringMatching(/^passwordlessEmail:/) } })
    const link = new URL(mail!.data.link!)
    expect(link.searchParams.get('type')).toBe('signinPasswordless')
    const landing = await t.call('GET', `${link.pathname}${link.search}`)
    const location = new URL(landing.headers.get('location')!)
    expect(location.searchParams.get('type')).toBe('passwordlessEmail')
    const refreshed = await t.call('POST', '/v1/auth/token', { body: { refreshToken: location.searchParams.get('refreshToken') } })
    expect(refreshed.body.user).toMatchObject({ id: session.user.id, email: 'linked@example.com', emailVerified: true, isAnonymous: false })
  })

  it('refuses bad requests and changes nothing', async () => {
    const regular = await t.signUp('regular@example.com')
    const session = await anonymous()
    const cases: [string, unknown, string, number, string][] = [
      [
        'a regular user',
        { signInMethod: 'email-password', email: 'a@example.com', password: 'correct-horse-9' },
        regular.accessToken,
        400,
        'user-not-anonymous',
      ],
      ['no password', { signInMethod: 'email-password', email: 'b@example.com' }, session.accessToken, 400, 'invalid-request'],
      [
        'a short password',
        { signInMethod: 'email-password', email: 'c@example.com', password: 'short-88' },
        session.accessToken,
        400,
        'password-too-short',
      ],
      [
        'a taken email',
        { signInMethod: 'email-password', email: 'REGULAR@example.com', password: 'correct-horse-9' },
        session.accessToken,
        409,
        'user-already-exists',
      ],
      ['an unknown method', { signInMethod: 'sms', email: 'd@example.com' }, session.accessToken, 400, 'schema-validation-error'],
    ]
    for (const [name, body, token, status, error] of cases) {
      const response = await t.call('POST', '/v1/auth/user/deanonymize', { token, body })
      expect(response, name).toMatchObject({ status, body: { error } })
    }
    const { rows } = await t.db.query<{ is_anonymous: boolean; email: string | null }>(
      sql`select is_anonymous, email::text from auth.users where id = ${session.user.id}::uuid`,
    )
    expect(rows[0]).toEqual({ is_anonymous: true, email: null })
  })
})
