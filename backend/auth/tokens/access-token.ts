import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import { jwtVerify, SignJWT, type JWK } from 'jose'
import { ConfigError } from '../../config/config-error.ts'
import type { JwtSecret } from '../../config/jwt-secret.ts'
import { UnauthorizedError } from '../auth-error.ts'

/**
 * The issuer when the JWT secret names none: Nhost Auth's earlier default. Current Nhost Auth
 * uses its server URL, which here varies with the address a request came in on.
 */
export const DEFAULT_ISSUER = 'hasura-auth'

export interface AccessTokenClaims {
  userId: string
  defaultRole: string
  allowedRoles: string[]
  isAnonymous: boolean
}

export interface VerifiedAccessToken {
  userId: string
  isAnonymous: boolean
}

type Key = KeyObject | Uint8Array

/**
 * Signs and verifies access tokens with the project's JWT secret, exactly shaped as Nhost Auth's
 * (`services/auth/go/controller/jwt.go`, `GetToken`): `sub`, `iat`, `exp`, `iss` and the Hasura
 * claims under the configured namespace, with `x-hasura-user-is-anonymous` as the string
 * "true"/"false" because Hasura session variables are strings.
 */
export class AccessTokens {
  private constructor(
    private readonly secret: JwtSecret,
    private readonly signingKey: Key,
    private readonly verifyingKey: Key,
    private readonly kid: string | undefined,
    readonly jwks: JWK[],
    readonly expiresIn: number,
  ) {}

  static create(secret: JwtSecret, expiresIn: number): AccessTokens {
    if (secret.type.startsWith('HS')) {
      const key = new TextEncoder().encode(secret.key)
      // A symmetric key has nothing to publish: Nhost answers `{"keys": []}`.
      return new AccessTokens(secret, key, key, undefined, [], expiresIn)
    }
    if (!secret.signingKey) {
      throw new ConfigError(
        'HASURA_GRAPHQL_JWT_SECRET',
        `type ${secret.type} needs "signing_key" (the PEM private key) for the auth service to sign tokens`,
      )
    }
    const signingKey = createPrivateKey(secret.signingKey)
    const verifyingKey = createPublicKey(secret.key)
    const { n, e } = verifyingKey.export({ format: 'jwk' })
    // An RFC 7638 thumbprint is a key id that stays the same across restarts (Nhost draws a random one).
    const kid = createHash('sha256')
      .update(JSON.stringify({ e, kty: 'RSA', n }))
      .digest('base64url')
    const jwk: JWK = { alg: secret.type, e, kid, kty: 'RSA', n, use: 'sig' }
    return new AccessTokens(secret, signingKey, verifyingKey, kid, [jwk], expiresIn)
  }

  get issuer(): string {
    return this.secret.issuer ?? DEFAULT_ISSUER
  }

  async sign(claims: AccessTokenClaims): Promise<string> {
    const now = Math.floor(Date.now() / 1000)
    const jwt = new SignJWT({
      [this.secret.claimsNamespace]: {
        'x-hasura-allowed-roles': claims.allowedRoles,
        'x-hasura-default-role': claims.defaultRole,
        'x-hasura-user-id': claims.userId,
        'x-hasura-user-is-anonymous': String(claims.isAnonymous),
      },
    })
      .setProtectedHeader({ alg: this.secret.type, typ: 'JWT', ...(this.kid ? { kid: this.kid } : {}) })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + this.expiresIn)
    if (this.secret.audience !== undefined) jwt.setAudience(this.secret.audience)
    return jwt.sign(this.signingKey)
  }

  /** Verifies a bearer token as Nhost Auth's middleware does; any failure is the same 401. */
  async verify(token: string): Promise<VerifiedAccessToken> {
    let payload: Record<string, unknown>
    try {
      ;({ payload } = await jwtVerify(token, this.verifyingKey, {
        algorithms: [this.secret.type],
        issuer: this.issuer,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: this.secret.allowedSkew,
        ...(this.secret.audience !== undefined ? { audience: this.secret.audience } : {}),
      }))
    } catch {
      throw new UnauthorizedError('invalid or expired token')
    }
    const claims = payload[this.secret.claimsNamespace] as Record<string, unknown> | undefined
    const userId = payload.sub
    if (typeof userId !== 'string' || !UUID.test(userId)) throw new UnauthorizedError('invalid token')
    return { userId, isAnonymous: claims?.['x-hasura-user-is-anonymous'] === 'true' }
  }

  /** Reads `Authorization: Bearer <jwt>`; Nhost requires exactly that form. */
  async verifyHeader(header: string | undefined): Promise<VerifiedAccessToken> {
    const parts = (header ?? '').split(' ')
    if (parts.length !== 2 || parts[0] !== 'Bearer' || !parts[1]) {
      throw new UnauthorizedError('missing or malformed authorization header')
    }
    return this.verify(parts[1])
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
