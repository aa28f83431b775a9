import { createPublicKey, type KeyObject } from 'node:crypto'
import { compactVerify, decodeProtectedHeader, errors } from 'jose'
import type { JwtSecret } from '../config/jwt-secret.ts'
import { SessionError } from './session-error.ts'

export interface VerifiedJwt {
  payload: Record<string, unknown>
  /** `exp` in seconds since the epoch, when the token has one. */
  exp?: number
}

/**
 * Hasura checks the signature with hs-jose, which verifies any algorithm of the configured key's
 * family (an HMAC secret configured as HS256 also verifies HS512 tokens) and rejects the rest as
 * an invalid signature; algorithms hs-jose does not validate at all (`none`) leave the token
 * with no signature to check.
 */
const FAMILIES = {
  hmac: ['HS256', 'HS384', 'HS512'],
  rsa: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'],
}
const KNOWN_ALGORITHMS = new Set([...FAMILIES.hmac, ...FAMILIES.rsa, 'ES256', 'ES384', 'ES512', 'EdDSA'])

const keys = new WeakMap<JwtSecret, Uint8Array | KeyObject>()

function verificationKey(secret: JwtSecret): Uint8Array | KeyObject {
  let key = keys.get(secret)
  if (key === undefined) {
    // Hasura uses the HMAC key's UTF-8 bytes as they are; an RSA key may be a public key or an X.509 certificate.
    key = secret.type.startsWith('HS') ? new TextEncoder().encode(secret.key) : createPublicKey(secret.key)
    keys.set(secret, key)
  }
  return key
}

/** Hasura's message for a token it cannot verify: `Could not verify JWT: <hs-jose error>`. */
export function invalidJwt(reason: string): SessionError {
  return new SessionError('invalid-jwt', `Could not verify JWT: ${reason}`)
}

/**
 * Verifies the signature and the registered claims the way Hasura's `verifyJwt` does
 * (nhost/graphql-engine `server/src-lib/Hasura/Server/Auth/JWT.hs`), in hs-jose's order:
 * exp, iat, nbf, iss, aud, each with `allowed_skew`.
 */
export async function verifyJwt(token: string, secret: JwtSecret, nowMs = Date.now()): Promise<VerifiedJwt> {
  const parts = token.split('.').length
  if (parts !== 3) throw invalidJwt(`JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts})`)

  let alg: unknown
  try {
    alg = decodeProtectedHeader(token).alg
  } catch {
    throw invalidJwt('JWSError (CompactDecodeError Invalid header)')
  }
  const family = secret.type.startsWith('HS') ? FAMILIES.hmac : FAMILIES.rsa
  if (typeof alg !== 'string' || !KNOWN_ALGORITHMS.has(alg)) throw invalidJwt('JWSError JWSNoSignatures')
  if (!family.includes(alg)) throw invalidJwt('JWSError JWSInvalidSignature')

  let payloadBytes: Uint8Array
  try {
    payloadBytes = (await compactVerify(token, verificationKey(secret), { algorithms: family })).payload
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) throw invalidJwt('JWSError JWSInvalidSignature')
    if (error instanceof errors.JOSEError) throw invalidJwt(`JWSError (CompactDecodeError ${error.message})`)
    throw error
  }

  let payload: unknown
  try {
    payload = JSON.parse(new TextDecoder().decode(payloadBytes))
  } catch {
    throw invalidJwt('JWTClaimsSetDecodeError "payload is not JSON"')
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw invalidJwt('JWTClaimsSetDecodeError "payload is not a JSON object"')
  }
  const claims = payload as Record<string, unknown>
  const now = nowMs / 1000
  const skew = secret.allowedSkew
  const exp = numericDate(claims, 'exp')
  if (exp !== undefined && now > exp + skew) throw invalidJwt('JWTExpired')
  const iat = numericDate(claims, 'iat')
  if (iat !== undefined && iat > now + skew) throw invalidJwt('JWTIssuedAtFuture')
  const nbf = numericDate(claims, 'nbf')
  if (nbf !== undefined && nbf > now + skew) throw invalidJwt('JWTNotYetValid')
  // hs-jose only compares iss and aud when the token has them; a token without them passes.
  if (secret.issuer !== undefined && claims.iss !== undefined && claims.iss !== secret.issuer) {
    throw invalidJwt('JWTNotInIssuer')
  }
  if (secret.audience !== undefined && claims.aud !== undefined) {
    const wanted = typeof secret.audience === 'string' ? [secret.audience] : secret.audience
    const given = typeof claims.aud === 'string' ? [claims.aud] : claims.aud
    if (!Array.isArray(given) || !given.some((aud) => wanted.includes(aud as string))) throw invalidJwt('JWTNotInAudience')
  }
  return exp === undefined ? { payload: claims } : { payload: claims, exp }
}

function numericDate(claims: Record<string, unknown>, name: string): number | undefined {
  const value = claims[name]
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalidJwt(`JWTClaimsSetDecodeError "Error in $.${name}: expected NumericDate"`)
  }
  return value
}
