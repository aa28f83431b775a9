import { exportSPKI, generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseJwtSecret } from '../config/jwt-secret.ts'
import { resolveSession, type RequestHeaders, type SessionConfig } from './resolve-session.ts'
import type { Session } from './session.ts'
import { SessionError } from './session-error.ts'

const HMAC_KEY = 'a-test-only-hmac-key-of-at-least-32-characters'
const NAMESPACE = 'https://hasura.io/jwt/claims'
const hmacConfig: SessionConfig = {
  adminSecret: 'the-admin-secret',
  jwtSecret: parseJwtSecret(JSON.stringify({ type: 'HS256', key: HMAC_KEY })),
  unauthorizedRole: 'public',
}
const now = () => Math.floor(Date.now() / 1000)

interface TokenOptions {
  claims?: unknown
  payload?: JWTPayload
  alg?: string
  key?: string | CryptoKey | Uint8Array
}

const userClaims = { 'x-hasura-allowed-roles': ['user', 'me'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': 'u1' }

async function token({ claims = userClaims, payload = {}, alg = 'HS256', key = HMAC_KEY }: TokenOptions = {}): Promise<string> {
  const secret = typeof key === 'string' ? new TextEncoder().encode(key) : key
  return new SignJWT({ [NAMESPACE]: claims, iat: now(), exp: now() + 900, ...payload } as JWTPayload)
    .setProtectedHeader({ alg })
    .sign(secret)
}

const bearer = (jwt: string): RequestHeaders => ({ authorization: `Bearer ${jwt}` })

interface Scenario {
  name: string
  headers: () => Promise<RequestHeaders> | RequestHeaders
  config?: SessionConfig
  session?: Partial<Session>
  error?: { code: string; message: string; status?: number }
}

let rsa: { config: SessionConfig; privateKey: CryptoKey; publicPem: string }

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const publicPem = await exportSPKI(publicKey)
  rsa = { privateKey, publicPem, config: { ...hmacConfig, jwtSecret: parseJwtSecret(JSON.stringify({ type: 'RS256', key: publicPem })) } }
})

const scenarios: Scenario[] = [
  {
    name: 'admin secret: runs as admin, the secret is not a session variable',
    headers: () => ({ 'x-hasura-admin-secret': 'the-admin-secret' }),
    session: { role: 'admin', isAdmin: true, adminSecretUsed: true, variables: { 'x-hasura-role': 'admin' } },
  },
  {
    name: 'admin secret acting as another role with x-hasura-* headers as variables',
    headers: () => ({
      'x-hasura-admin-secret': 'the-admin-secret',
      'x-hasura-role': 'user',
      'x-hasura-user-id': '42',
      'content-type': 'application/json',
    }),
    session: { role: 'user', isAdmin: false, adminSecretUsed: true, variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': '42' } },
  },
  {
    name: 'the deprecated x-hasura-access-key works as the admin secret',
    headers: () => ({ 'x-hasura-access-key': 'the-admin-secret' }),
    session: { role: 'admin', adminSecretUsed: true, variables: { 'x-hasura-role': 'admin' } },
  },
  {
    name: 'wrong admin secret',
    headers: () => ({ 'x-hasura-admin-secret': 'guess' }),
    error: { code: 'access-denied', message: 'invalid x-hasura-admin-secret/x-hasura-access-key', status: 401 },
  },
  {
    name: 'a wrong admin secret is refused even next to a valid JWT',
    headers: async () => ({ ...bearer(await token()), 'x-hasura-admin-secret': 'guess' }),
    error: { code: 'access-denied', message: 'invalid x-hasura-admin-secret/x-hasura-access-key', status: 401 },
  },
  {
    name: 'the right admin secret wins over a broken JWT',
    headers: () => ({ authorization: 'Bearer nonsense', 'x-hasura-admin-secret': 'the-admin-secret' }),
    session: { role: 'admin', adminSecretUsed: true },
  },
  {
    name: 'no credentials: the unauthorized role, with x-hasura-* headers as variables',
    headers: () => ({ 'x-hasura-role': 'admin', 'x-hasura-user-id': '7' }),
    session: { role: 'public', isAdmin: false, adminSecretUsed: false, variables: { 'x-hasura-role': 'public', 'x-hasura-user-id': '7' } },
  },
  {
    name: 'no credentials and no unauthorized role',
    config: { ...hmacConfig, unauthorizedRole: '' },
    headers: () => ({}),
    error: { code: 'invalid-headers', message: "Missing 'Authorization' or 'Cookie' header in JWT authentication mode" },
  },
  {
    name: 'valid HS256 token: default role, claims as variables, request headers ignored',
    headers: async () => ({ ...bearer(await token()), 'x-hasura-user-id': 'forged' }),
    session: { role: 'user', isAdmin: false, adminSecretUsed: false, variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': 'u1' } },
  },
  {
    name: 'x-hasura-role picks another allowed role',
    headers: async () => ({ ...bearer(await token()), 'x-hasura-role': 'me' }),
    session: { role: 'me', variables: { 'x-hasura-role': 'me', 'x-hasura-user-id': 'u1' } },
  },
  {
    name: 'role not allowed',
    headers: async () => ({ ...bearer(await token()), 'x-hasura-role': 'admin' }),
    error: { code: 'access-denied', message: 'Your requested role is not in allowed roles', status: 400 },
  },
  {
    name: 'default role outside the allowed roles',
    headers: async () => bearer(await token({ claims: { ...userClaims, 'x-hasura-default-role': 'editor' } })),
    error: { code: 'access-denied', message: 'Your requested role is not in allowed roles' },
  },
  {
    name: 'allowed roles as a Postgres array string',
    headers: async () => ({
      ...bearer(await token({ claims: { ...userClaims, 'x-hasura-allowed-roles': '{user,"me"}' } })),
      'x-hasura-role': 'me',
    }),
    session: { role: 'me' },
  },
  {
    name: 'claim names are case-insensitive and lower-cased',
    headers: async () =>
      bearer(
        await token({
          claims: { 'X-Hasura-Allowed-Roles': ['user'], 'X-Hasura-Default-Role': 'user', 'X-Hasura-Org-Id': '{1,2}', other: 'x' },
        }),
      ),
    session: { role: 'user', variables: { 'x-hasura-role': 'user', 'x-hasura-org-id': '{1,2}' } },
  },
  {
    name: 'expired token',
    headers: async () => bearer(await token({ payload: { exp: now() - 60 } })),
    error: { code: 'invalid-jwt', message: 'Could not verify JWT: JWTExpired' },
  },
  {
    name: 'expired within allowed_skew',
    config: { ...hmacConfig, jwtSecret: parseJwtSecret(JSON.stringify({ type: 'HS256', key: HMAC_KEY, allowed_skew: 120 })) },
    headers: async () => bearer(await token({ payload: { exp: now() - 60 } })),
    session: { role: 'user' },
  },
  {
    name: 'not valid yet',
    headers: async () => bearer(await token({ payload: { nbf: now() + 600 } })),
    error: { code: 'invalid-jwt', message: 'Could not verify JWT: JWTNotYetValid' },
  },
  {
    name: 'signed with another key',
    headers: async () => bearer(await token({ key: 'another-key-that-is-also-32-characters-long' })),
    error: { code: 'invalid-jwt', message: 'Could not verify JWT: JWSError JWSInvalidSignature' },
  },
  {
    name: 'HS512 with the configured HMAC key verifies, as with hs-jose',
    headers: async () => bearer(await token({ alg: 'HS512' })),
    session: { role: 'user' },
  },
  {
    name: 'alg none',
    headers: async () => bearer(new UnsecuredJWT({ [NAMESPACE]: userClaims }).setExpirationTime(now() + 60).encode()),
    error: { code: 'invalid-jwt', message: 'Could not verify JWT: JWSError JWSNoSignatures' },
  },
  {
    name: 'malformed token',
    headers: () => bearer('not-a-jwt'),
    error: {
      code: 'invalid-jwt',
      message: 'Could not verify JWT: JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)',
    },
  },
  {
    name: 'Authorization without Bearer',
    headers: () => ({ authorization: 'Basic dXNlcjpwYXNz' }),
    error: { code: 'invalid-headers', message: 'Malformed Authorization header' },
  },
  {
    name: 'missing allowed roles',
    headers: async () => bearer(await token({ claims: { 'x-hasura-default-role': 'user' } })),
    error: { code: 'jwt-missing-role-claims', message: 'JWT claim does not contain x-hasura-allowed-roles' },
  },
  {
    name: 'missing default role',
    headers: async () => bearer(await token({ claims: { 'x-hasura-allowed-roles': ['user'] } })),
    error: { code: 'jwt-missing-role-claims', message: 'JWT claim does not contain x-hasura-default-role' },
  },
  {
    name: 'allowed roles that are not a list',
    headers: async () => bearer(await token({ claims: { ...userClaims, 'x-hasura-allowed-roles': 'user' } })),
    error: {
      code: 'jwt-invalid-claims',
      message: 'invalid x-hasura-allowed-roles; should be a list of roles: parsing [] failed, expected Array, but encountered String',
    },
  },
  {
    name: 'a session variable that is not text',
    headers: async () => bearer(await token({ claims: { ...userClaims, 'x-hasura-org-ids': [1, 2] } })),
    error: { code: 'jwt-invalid-claims', message: 'x-hasura-* claims: parsing Text failed, expected String, but encountered Array' },
  },
  {
    name: 'no claims under the namespace',
    headers: async () =>
      bearer(await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(HMAC_KEY))),
    error: { code: 'jwt-invalid-claims', message: "claims key: 'https://hasura.io/jwt/claims' not found" },
  },
  {
    name: 'stringified claims when the format is json',
    headers: async () => bearer(await token({ claims: JSON.stringify(userClaims) })),
    error: { code: 'jwt-invalid-claims', message: 'expecting a json object when claims_format is json' },
  },
  {
    name: 'stringified_json claims format',
    config: {
      ...hmacConfig,
      jwtSecret: parseJwtSecret(JSON.stringify({ type: 'HS256', key: HMAC_KEY, claims_format: 'stringified_json' })),
    },
    headers: async () => bearer(await token({ claims: JSON.stringify(userClaims) })),
    session: { role: 'user', variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': 'u1' } },
  },
  {
    name: 'issuer and audience checked when configured',
    config: {
      ...hmacConfig,
      jwtSecret: parseJwtSecret(JSON.stringify({ type: 'HS256', key: HMAC_KEY, issuer: 'nhost', audience: ['a', 'b'] })),
    },
    headers: async () => bearer(await token({ payload: { iss: 'nhost', aud: 'b' } })),
    session: { role: 'user' },
  },
  {
    name: 'wrong issuer',
    config: { ...hmacConfig, jwtSecret: parseJwtSecret(JSON.stringify({ type: 'HS256', key: HMAC_KEY, issuer: 'nhost' })) },
    headers: async () => bearer(await token({ payload: { iss: 'someone-else' } })),
    error: { code: 'invalid-jwt', message: 'Could not verify JWT: JWTNotInIssuer' },
  },
  {
    name: 'wrong audience',
    config: { ...hmacConfig, jwtSecret: parseJwtSecret(JSON.stringify({ type: 'HS256', key: HMAC_KEY, audience: 'pulseboard' })) },
    headers: async () => bearer(await token({ payload: { aud: ['other'] } })),
    error: { code: 'invalid-jwt', message: 'Could not verify JWT: JWTNotInAudience' },
  },
]

describe('resolveSession', () => {
  it.each(scenarios)('$name', async (scenario) => {
    const attempt = resolveSession(await scenario.headers(), scenario.config ?? hmacConfig)
    if (scenario.error) {
      const error = await attempt.then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(SessionError)
      expect(error).toMatchObject(scenario.error)
    } else {
      await expect(attempt).resolves.toMatchObject(scenario.session!)
    }
  })

  it('keeps variables to exactly what the token or headers say', async () => {
    const session = await resolveSession(bearer(await token()), hmacConfig)
    expect(session.variables).toEqual({ 'x-hasura-role': 'user', 'x-hasura-user-id': 'u1' })
    expect(session.expiresAt).toBeInstanceOf(Date)
  })

  it('remembers a connection that proved the admin secret only for that connection and that secret', async () => {
    const connection = {}
    const other = {}
    const admin = { 'x-hasura-admin-secret': 'the-admin-secret' }
    const wrong = { 'x-hasura-admin-secret': 'the-admin-secreT' }
    await expect(resolveSession(admin, hmacConfig, connection)).resolves.toMatchObject({ role: 'admin' })
    await expect(resolveSession(admin, hmacConfig, connection)).resolves.toMatchObject({ role: 'admin' })
    await expect(resolveSession(wrong, hmacConfig, connection)).rejects.toMatchObject({ code: 'access-denied' })
    await expect(resolveSession(wrong, hmacConfig, other)).rejects.toMatchObject({ code: 'access-denied' })
    // A server started with another secret does not take what the connection proved to this one.
    await expect(resolveSession(admin, { ...hmacConfig, adminSecret: 'another-secret' }, connection)).rejects.toMatchObject({
      code: 'access-denied',
    })
  })

  describe('RS256', () => {
    it('verifies a token signed with the private key', async () => {
      const jwt = await token({ alg: 'RS256', key: rsa.privateKey })
      await expect(resolveSession(bearer(jwt), rsa.config)).resolves.toMatchObject({ role: 'user' })
    })

    it('refuses an HS256 token made with the public key as the HMAC secret', async () => {
      const jwt = await token({ alg: 'HS256', key: rsa.publicPem })
      await expect(resolveSession(bearer(jwt), rsa.config)).rejects.toMatchObject({
        code: 'invalid-jwt',
        message: 'Could not verify JWT: JWSError JWSInvalidSignature',
      })
    })
  })

  describe('token cache', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('still refuses a cached token once it has expired', async () => {
      const jwt = await token({ payload: { exp: now() + 10 } })
      await expect(resolveSession(bearer(jwt), hmacConfig)).resolves.toMatchObject({ role: 'user' })
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Date.now() + 20_000)
      await expect(resolveSession(bearer(jwt), hmacConfig)).rejects.toMatchObject({ message: 'Could not verify JWT: JWTExpired' })
    })

    it('checks the requested role on every request, cached or not', async () => {
      const jwt = await token()
      await expect(resolveSession(bearer(jwt), hmacConfig)).resolves.toMatchObject({ role: 'user' })
      await expect(resolveSession({ ...bearer(jwt), 'x-hasura-role': 'admin' }, hmacConfig)).rejects.toMatchObject({
        code: 'access-denied',
      })
    })
  })
})
