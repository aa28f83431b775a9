import { hash, timingSafeEqual } from 'node:crypto'
import type { BackendConfig } from '../config/load-config.ts'
import type { JwtSecret } from '../config/jwt-secret.ts'
import { LruCache } from '../lib/lru-cache.ts'
import { parseHasuraClaims, type HasuraClaims } from './hasura-claims.ts'
import type { Session } from './session.ts'
import { SessionError } from './session-error.ts'
import { invalidJwt, verifyJwt } from './verify-jwt.ts'

export type SessionConfig = Pick<BackendConfig, 'adminSecret' | 'jwtSecret' | 'unauthorizedRole'>

/** Request headers with lower-cased names, as Hono's `c.req.header()` returns them. */
export type RequestHeaders = Record<string, string | undefined>

const ADMIN_SECRET = 'x-hasura-admin-secret'
const ACCESS_KEY = 'x-hasura-access-key'
const ROLE = 'x-hasura-role'
const ADMIN_ROLE = 'admin'

/**
 * Resolves who a request runs as, as Hasura v2 does in JWT mode (`getUserInfoWithExpTime_` in
 * graphql-engine `server/src-lib/Hasura/Server/Auth.hs`, `processJwt_` in `Auth/JWT.hs`):
 *
 * 1. An admin secret header (`x-hasura-admin-secret`, or the deprecated `x-hasura-access-key`)
 *    decides alone, even next to a JWT: a wrong one is refused; the right one runs as `admin`, or
 *    as the `x-hasura-role` header, with every `x-hasura-*` header as a session variable.
 * 2. Otherwise an `Authorization: Bearer <JWT>` header: verified, its claims give the allowed and
 *    default roles and the session variables; `x-hasura-role` picks one of the allowed roles.
 *    Other `x-hasura-*` headers are ignored: only the token speaks for the user.
 * 3. Neither: the unauthorized role, with the `x-hasura-*` headers as session variables (as
 *    Hasura does; permissions must not trust them for that role).
 *
 * `connection`: the client's keep-alive connection when the transport has one (isAdminSecret).
 */
export async function resolveSession(headers: RequestHeaders, config: SessionConfig, connection?: object): Promise<Session> {
  const sentSecret = headers[ADMIN_SECRET] ?? headers[ACCESS_KEY]
  if (sentSecret !== undefined) {
    if (!isAdminSecret(sentSecret, config.adminSecret, connection)) {
      throw new SessionError('access-denied', `invalid ${ADMIN_SECRET}/${ACCESS_KEY}`, 401)
    }
    return sessionFromHeaders(headers, requestedRole(headers) ?? ADMIN_ROLE, true)
  }

  const authorization = headers.authorization
  if (authorization === undefined) {
    if (!config.unauthorizedRole) {
      throw new SessionError('invalid-headers', "Missing 'Authorization' or 'Cookie' header in JWT authentication mode")
    }
    return sessionFromHeaders(headers, config.unauthorizedRole, false)
  }

  const words = authorization.split(/\s+/).filter((word) => word !== '')
  if (words.length !== 2 || words[0] !== 'Bearer') throw new SessionError('invalid-headers', 'Malformed Authorization header')
  const { claims, exp } = await claimsOf(words[1]!, config.jwtSecret)
  const role = requestedRole(headers) ?? claims.defaultRole
  if (!claims.allowedRoles.includes(role)) throw new SessionError('access-denied', 'Your requested role is not in allowed roles')
  const session: Session = {
    role,
    isAdmin: role === ADMIN_ROLE,
    adminSecretUsed: false,
    variables: { ...claims.variables, [ROLE]: role },
  }
  if (exp !== undefined) session.expiresAt = new Date(exp * 1000)
  return session
}

function requestedRole(headers: RequestHeaders): string | undefined {
  const role = headers[ROLE]
  return role === undefined || role === '' ? undefined : role
}

function sessionFromHeaders(headers: RequestHeaders, role: string, adminSecretUsed: boolean): Session {
  const variables: Record<string, string> = {}
  for (const name in headers) {
    const value = headers[name]
    if (value === undefined) continue
    const lower = name.toLowerCase()
    // Hasura never lets the secret itself become a session variable.
    if (lower.startsWith('x-hasura-') && lower !== ADMIN_SECRET && lower !== ACCESS_KEY) variables[lower] = value
  }
  variables[ROLE] = role
  return { role, isAdmin: role === ADMIN_ROLE, adminSecretUsed, variables }
}

/**
 * Compares SHA-512 digests of equal length, as Hasura compares hashes, so the time taken says
 * nothing about how much of the secret was right. A keep-alive `connection` (its socket) that
 * has sent the right secret is remembered with what it sent: its next requests carry the same
 * header, and comparing it with what the same connection sent before tells nothing new (the
 * hash was a tenth of a cheap query's cost in the engine).
 */
function isAdminSecret(sent: string, expected: string, connection: object | undefined): boolean {
  const proven = connection && provenSecrets.get(connection)
  if (proven !== undefined && proven.expected === expected && proven.sent === sent) return true
  if (expectedDigest?.secret !== expected) expectedDigest = { secret: expected, digest: sha512(expected) }
  const right = timingSafeEqual(sha512(sent), expectedDigest.digest)
  if (right && connection) provenSecrets.set(connection, { sent, expected })
  return right
}

const provenSecrets = new WeakMap<object, { sent: string; expected: string }>()

/** The configured secret's digest, computed once (the process has one admin secret). */
let expectedDigest: { secret: string; digest: Buffer } | undefined

function sha512(text: string): Buffer {
  return hash('sha512', text, 'buffer')
}

interface VerifiedClaims {
  claims: HasuraClaims
  exp?: number
}

/**
 * Verified tokens, per JWT secret: a client sends the same token on every request for its
 * lifetime (15 minutes with Nhost Auth), so signature checking and claim parsing happen once.
 * Only successes are kept; expiry is checked again on every hit.
 */
const TOKEN_CACHE_SIZE = 10_000
const tokenCaches = new WeakMap<JwtSecret, LruCache<string, VerifiedClaims>>()

async function claimsOf(token: string, secret: JwtSecret): Promise<VerifiedClaims> {
  let cache = tokenCaches.get(secret)
  if (cache === undefined) {
    cache = new LruCache(TOKEN_CACHE_SIZE)
    tokenCaches.set(secret, cache)
  }
  const cached = cache.get(token)
  if (cached !== undefined) {
    if (cached.exp !== undefined && Date.now() / 1000 > cached.exp + secret.allowedSkew) {
      cache.delete(token)
      throw invalidJwt('JWTExpired')
    }
    return cached
  }
  const { payload, exp } = await verifyJwt(token, secret)
  const verified: VerifiedClaims = { claims: parseHasuraClaims(payload, secret) }
  if (exp !== undefined) verified.exp = exp
  cache.set(token, verified)
  return verified
}
