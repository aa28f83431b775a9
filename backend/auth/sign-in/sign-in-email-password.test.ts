import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from '../../lib/sql.ts'
import { runApiScenario, type ApiScenario } from '../../../tests/support/api-scenario.ts'
import { jwtPayload, openAuthTestApp, TEST_AUTH_TOML, type AuthTestApp } from '../../../tests/support/auth-test-harness.ts'
import { awayFromWindowEdge } from '../../../tests/support/window-edge.ts'

let t: AuthTestApp

beforeAll(async () => {
  t = await openAuthTestApp()
  await t.signUp('ada@example.com')
})
afterAll(() => t.close())

const countUsers = async (email: string) =>
  (await t.db.query<{ n: number }>(sql`select count(*)::int as n from auth.users where email = ${email}`)).rows[0]!.n

const scenarios: ApiScenario[] = [
  {
    name: 'sign-up signs the user in with the default roles',
    url: '/v1/auth/signup/email-password',
    body: { email: 'grace@example.com', password: 'correct-horse-9', options: { displayName: 'Grace H', metadata: { team: 'ops' } } },
    status: 200,
    matches: {
      session: {
        accessTokenExpiresIn: 900,
        user: {
          email: 'grace@example.com',
          displayName: 'Grace H',
          defaultRole: 'user',
          roles: ['me', 'user'],
          isAnonymous: false,
          emailVerified: false,
          locale: 'en',
          metadata: { team: 'ops' },
          avatarUrl: '',
        },
      },
    },
  },
  {
    name: 'a taken email (any case) is user-already-exists',
    url: '/v1/auth/signup/email-password',
    body: { email: 'ADA@example.com', password: 'correct-horse-9' },
    status: 409,
    matches: { status: 409, error: 'user-already-exists', message: 'User already exists' },
  },
  {
    name: 'a password shorter than passwordMinLength is password-too-short',
    url: '/v1/auth/signup/email-password',
    body: { email: 'short@example.com', password: 'eight888' },
    status: 400,
    matches: { error: 'password-too-short' },
    after: async () => expect(await countUsers('short@example.com')).toBe(0),
  },
  {
    name: 'a password under the schema minimum fails the schema',
    url: '/v1/auth/signup/email-password',
    body: { email: 'tiny@example.com', password: 'ab' },
    status: 400,
    matches: { error: 'schema-validation-error' },
  },
  {
    name: 'a password over 50 characters fails the schema',
    url: '/v1/auth/signup/email-password',
    body: { email: 'long@example.com', password: 'x'.repeat(51) },
    status: 400,
    matches: { error: 'schema-validation-error', reason: 'maximum string length is 50 at "/password"' },
  },
  {
    name: 'a malformed email fails the schema',
    url: '/v1/auth/signup/email-password',
    body: { email: 'not an email', password: 'correct-horse-9' },
    status: 400,
    matches: { error: 'schema-validation-error' },
  },
  {
    name: 'an unknown field is refused',
    url: '/v1/auth/signup/email-password',
    body: { email: 'x@example.com', password: 'correct-horse-9', isAdmin: true },
    status: 400,
    matches: { error: 'schema-validation-error', reason: 'property "isAdmin" is unsupported' },
    after: async () => expect(await countUsers('x@example.com')).toBe(0),
  },
  {
    name: 'a wrong type is refused',
    url: '/v1/auth/signup/email-password',
    body: { email: 'y@example.com', password: 123456789 },
    status: 400,
    matches: { error: 'schema-validation-error', reason: 'value must be a string at "/password"' },
  },
  {
    name: 'an unknown option is refused',
    url: '/v1/auth/signup/email-password',
    body: { email: 'z@example.com', password: 'correct-horse-9', options: { roles: ['admin'] } },
    status: 400,
    matches: { error: 'schema-validation-error' },
  },
  {
    name: 'a role outside the allowed ones is role-not-allowed',
    url: '/v1/auth/signup/email-password',
    body: { email: 'r@example.com', password: 'correct-horse-9', options: { allowedRoles: ['user', 'admin'] } },
    status: 400,
    matches: { error: 'role-not-allowed' },
    after: async () => expect(await countUsers('r@example.com')).toBe(0),
  },
  {
    name: 'a default role outside the allowed ones is refused',
    url: '/v1/auth/signup/email-password',
    body: { email: 'r2@example.com', password: 'correct-horse-9', options: { allowedRoles: ['me'], defaultRole: 'user' } },
    status: 400,
    matches: { error: 'default-role-must-be-in-allowed-roles' },
  },
  {
    name: 'a redirect outside the allowed URLs is refused',
    url: '/v1/auth/signup/email-password',
    body: { email: 'r3@example.com', password: 'correct-horse-9', options: { redirectTo: 'https://evil.example.net/' } },
    status: 400,
    matches: { error: 'redirectTo-not-allowed', message: 'The value of "options.redirectTo" is not allowed.' },
  },
  {
    name: 'a display name with URL characters fails the schema',
    url: '/v1/auth/signup/email-password',
    body: { email: 'r4@example.com', password: 'correct-horse-9', options: { displayName: 'see https://x.io' } },
    status: 400,
    matches: { error: 'schema-validation-error' },
  },
  {
    name: 'PKCE is not offered',
    url: '/v1/auth/signup/email-password',
    body: { email: 'r5@example.com', password: 'correct-horse-9', codeChallenge: 'a'.repeat(43) },
    status: 400,
    matches: { error: 'invalid-request' },
  },
  {
    name: 'a body that is not JSON is a request validation error',
    url: '/v1/auth/signup/email-password',
    body: '{"email":',
    headers: { 'content-type': 'application/json' },
    status: 400,
    matches: { error: 'request-validation-error' },
  },
  {
    name: 'a missing body is a request validation error',
    url: '/v1/auth/signin/email-password',
    status: 400,
    matches: { error: 'request-validation-error' },
  },
  {
    name: 'a body over 64 KB is refused before parsing',
    url: '/v1/auth/signin/email-password',
    body: JSON.stringify({ email: 'ada@example.com', password: 'p'.repeat(70_000) }),
    headers: { 'content-type': 'application/json' },
    status: 413,
    matches: { error: 'request-validation-error', reason: 'request body is larger than 65536 bytes' },
  },
  {
    name: 'sign-in with the right password returns a session',
    url: '/v1/auth/signin/email-password',
    body: { email: 'ada@example.com', password: 'correct-horse-9' },
    status: 200,
    matches: { session: { user: { email: 'ada@example.com', roles: ['me', 'user'] } } },
  },
  {
    name: 'the email is matched without regard to case',
    url: '/v1/auth/signin/email-password',
    body: { email: 'Ada@Example.com', password: 'correct-horse-9' },
    status: 200,
  },
  {
    name: 'a wrong password is invalid-email-password',
    url: '/v1/auth/signin/email-password',
    body: { email: 'ada@example.com', password: 'wrong-horse-9' },
    status: 401,
    matches: { status: 401, error: 'invalid-email-password', message: 'Incorrect email or password' },
  },
  {
    name: 'an unknown email gets the very same answer',
    url: '/v1/auth/signin/email-password',
    body: { email: 'nobody@example.com', password: 'wrong-horse-9' },
    status: 401,
    matches: { status: 401, error: 'invalid-email-password', message: 'Incorrect email or password' },
  },
]

describe('POST /signup/email-password and /signin/email-password', () => {
  it.each(scenarios)('$name', async (scenario) => {
    await runApiScenario(t.target, { method: 'POST', ...scenario })
  })

  it('issues an access token with Hasura claims that Nhost would issue', async () => {
    const { body } = await t.call('POST', '/v1/auth/signin/email-password', {
      body: { email: 'ada@example.com', password: 'correct-horse-9' },
    })
    const claims = jwtPayload(body.session.accessToken)
    expect(claims).toMatchObject({
      sub: body.session.user.id,
      iss: 'hasura-auth',
      'https://hasura.io/jwt/claims': {
        'x-hasura-user-id': body.session.user.id,
        'x-hasura-default-role': 'user',
        'x-hasura-allowed-roles': ['me', 'user'],
        'x-hasura-user-is-anonymous': 'false',
      },
    })
    expect(claims.exp - claims.iat).toBe(900)
    expect(body.session.refreshToken).toMatch(/^[0-9a-f-]{36}$/)
    const stored = await t.db.query<{ hash: string }>(
      sql`select refresh_token_hash as hash from auth.refresh_tokens where id = ${body.session.refreshTokenId}::uuid`,
    )
    expect(stored.rows[0]!.hash).toMatch(/^\\x[0-9a-f]{64}$/)
    expect(stored.rows[0]!.hash).not.toContain(body.session.refreshToken)
  })

  it('stores a bcrypt hash, never the password', async () => {
    const { rows } = await t.db.query<{ hash: string }>(sql`select password_hash as hash from auth.users where email = 'ada@example.com'`)
    expect(rows[0]!.hash).toMatch(/^\$2[aby]\$10\$/)
  })

  it('refuses disabled and unverified users only once the password is right', async () => {
    await t.signUp('off@example.com')
    await t.db.query(sql`update auth.users set disabled = true where email = 'off@example.com'`)
    const wrong = await t.call('POST', '/v1/auth/signin/email-password', { body: { email: 'off@example.com', password: 'wrong-horse-9' } })
    expect(wrong.body.error).toBe('invalid-email-password')
    const right = await t.call('POST', '/v1/auth/signin/email-password', {
      body: { email: 'off@example.com', password: 'correct-horse-9' },
    })
    expect(right).toMatchObject({ status: 401, body: { error: 'disabled-user' } })

    const strict = t.withToml('[auth.method.emailPassword]\nemailVerificationRequired = true\n')
    const unverified = await strict.call('POST', '/v1/auth/signin/email-password', {
      body: { email: 'ada@example.com', password: 'correct-horse-9' },
    })
    expect(unverified).toMatchObject({ status: 401, body: { error: 'unverified-user', message: 'User is not verified.' } })
  })

  it('hides account states behind invalid-request when concealErrors is on', async () => {
    const concealed = t.withToml('[auth.misc]\nconcealErrors = true\n')
    const response = await concealed.call('POST', '/v1/auth/signin/email-password', {
      body: { email: 'ada@example.com', password: 'wrong-horse-9' },
    })
    expect(response).toMatchObject({
      status: 400,
      body: { status: 400, error: 'invalid-request', message: 'The request payload is incorrect' },
    })
  })

  it('creates new users disabled, without a session, when disableNewUsers is on', async () => {
    const gated = t.withToml('[auth.signUp]\ndisableNewUsers = true\n[auth.method.emailPassword]\nemailVerificationRequired = false\n')
    const response = await gated.call('POST', '/v1/auth/signup/email-password', {
      body: { email: 'gated@example.com', password: 'correct-horse-9' },
    })
    expect(response).toMatchObject({ status: 401, body: { error: 'disabled-user', message: 'User is disabled' } })
    const { rows } = await t.db.query<{ disabled: boolean; sessions: number }>(sql`
      select disabled, (select count(*)::int from auth.refresh_tokens r where r.user_id = u.id) as sessions
      from auth.users u where email = 'gated@example.com'`)
    expect(rows).toEqual([{ disabled: true, sessions: 0 }])
  })

  it('turns sign-up away when it is disabled', async () => {
    const closed = t.withToml('[auth.signUp]\nenabled = false\n')
    const response = await closed.call('POST', '/v1/auth/signup/email-password', {
      body: { email: 'late@example.com', password: 'correct-horse-9' },
    })
    expect(response).toMatchObject({ status: 403, body: { error: 'signup-disabled', message: 'Sign up is disabled.' } })
  })

  it('rate-limits sign-in attempts per client address with 429 and Retry-After', async () => {
    const limited = t.withToml("[auth.rateLimit.bruteForce]\nlimit = 3\ninterval = '5m'\n")
    await awayFromWindowEdge(5 * 60_000, 10_000)
    const attempt = (ip: string) =>
      limited.call('POST', '/v1/auth/signin/email-password', { ip, body: { email: 'ada@example.com', password: 'wrong-horse-9' } })
    for (let i = 0; i < 3; i++) expect((await attempt('198.51.100.7')).status).toBe(401)
    const refused = await attempt('198.51.100.7')
    expect(refused).toMatchObject({ status: 429, body: { error: 'too-many-requests' } })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not limited (another account: ada's count is per account too).
    const other = await limited.call('POST', '/v1/auth/signin/email-password', {
      ip: '198.51.100.8',
      body: { email: 'nobody@example.com', password: 'wrong-horse-9' },
    })
    expect(other.status).toBe(401)
  })

  it('slows guesses at one account from many addresses; its owner can still reset and then sign in', async () => {
    const limited = t.withToml(
      TEST_AUTH_TOML.replace(
        "[auth.rateLimit.bruteForce]\nlimit = 10000\ninterval = '1m'",
        "[auth.rateLimit.bruteForce]\nlimit = 3\ninterval = '1h'",
      ),
    )
    await limited.signUp('target@example.com')
    await awayFromWindowEdge(60 * 60_000, 20_000)
    const attempt = (ip: string, email: string, password = 'wrong-horse-9') =>
      limited.call('POST', '/v1/auth/signin/email-password', { ip, body: { email, password } })
    for (let i = 0; i < 3; i++) expect((await attempt(`198.51.100.${20 + i}`, 'target@example.com')).status).toBe(401)
    // A fourth address, even with the right password, and any case of the email: slowed.
    const refused = await attempt('198.51.100.30', 'TARGET@example.com', 'correct-horse-9')
    expect(refused).toMatchObject({ status: 429, body: { error: 'too-many-requests' } })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Other accounts are not.
    expect((await attempt('198.51.100.30', 'ada@example.com', 'correct-horse-9')).status).toBe(200)
    // The owner resets through the inbox, which lifts the limit on the account.
    expect(
      (await limited.call('POST', '/v1/auth/user/password/reset', { ip: '203.0.113.50', body: { email: 'target@example.com' } })).status,
    ).toBe(200)
    const { ticket } = (await limited.waitForMail('target@example.com')).data as { ticket: string }
    expect(
      (await limited.call('POST', '/v1/auth/user/password', { ip: '203.0.113.50', body: { newPassword: 'owner-horse-99', ticket } }))
        .status,
    ).toBe(200)
    expect((await attempt('203.0.113.50', 'target@example.com', 'owner-horse-99')).status).toBe(200)
  })

  it('rate-limits sign-ups per client address', async () => {
    const limited = t.withToml("[auth.rateLimit.signups]\nlimit = 1\ninterval = '5m'\n")
    await awayFromWindowEdge(5 * 60_000, 10_000)
    const signUp = (email: string) =>
      limited.call('POST', '/v1/auth/signup/email-password', { ip: '203.0.113.9', body: { email, password: 'correct-horse-9' } })
    expect((await signUp('first@example.com')).status).toBe(200)
    expect((await signUp('second@example.com')).status).toBe(429)
    expect(await countUsers('second@example.com')).toBe(0)
  })
})
