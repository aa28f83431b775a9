import { generateKeyPairSync } from 'node:crypto'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { parseJwtSecret } from '../../config/jwt-secret.ts'
import { AccessTokens } from './access-token.ts'
import { UnauthorizedError } from '../auth-error.ts'

const claims = { userId: '2c35b6f3-c4b9-48e3-978a-d4d0f1d42e24', defaultRole: 'user', allowedRoles: ['user', 'me'], isAnonymous: false }

describe('AccessTokens', () => {
  it('signs HS256 tokens with the configured namespace and issuer, and verifies them', async () => {
    const secret = parseJwtSecret(
      JSON.stringify({ type: 'HS256', key: 'k'.repeat(40), claims_namespace: 'https://example.com/claims', issuer: 'pulseboard' }),
    )
    const tokens = AccessTokens.create(secret, 600)
    const token = await tokens.sign(claims)
    const { payload } = await jwtVerify(token, new TextEncoder().encode('k'.repeat(40)))
    expect(payload).toMatchObject({
      sub: claims.userId,
      iss: 'pulseboard',
      'https://example.com/claims': { 'x-hasura-allowed-roles': ['user', 'me'] },
    })
    expect(payload.exp! - payload.iat!).toBe(600)
    expect(await tokens.verify(token)).toEqual({ userId: claims.userId, isAnonymous: false })
    expect(tokens.jwks).toEqual([])
  })

  it('signs RS256 tokens with signing_key and publishes the public key in the JWK Set', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const secret = parseJwtSecret(
      JSON.stringify({
        type: 'RS256',
        key: publicKey.export({ type: 'spki', format: 'pem' }),
        signing_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      }),
    )
    const tokens = AccessTokens.create(secret, 900)
    const token = await tokens.sign(claims)
    expect(tokens.jwks).toEqual([expect.objectContaining({ alg: 'RS256', kty: 'RSA', use: 'sig', e: 'AQAB', kid: expect.any(String) })])
    // A third party verifies with the published set alone.
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys: tokens.jwks }))
    expect(protectedHeader.kid).toBe(tokens.jwks[0]!.kid)
    expect(payload.iss).toBe('hasura-auth')
    // The key id is stable across restarts.
    expect(AccessTokens.create(secret, 900).jwks[0]!.kid).toBe(tokens.jwks[0]!.kid)
  })

  it('refuses an RS256 secret without signing_key, naming the setting', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const secret = parseJwtSecret(JSON.stringify({ type: 'RS256', key: publicKey.export({ type: 'spki', format: 'pem' }) }))
    expect(() => AccessTokens.create(secret, 900)).toThrow(/signing_key/)
  })

  it('refuses a token from another issuer', async () => {
    const key = 'k'.repeat(40)
    const other = AccessTokens.create(parseJwtSecret(JSON.stringify({ type: 'HS256', key, issuer: 'someone-else' })), 900)
    const ours = AccessTokens.create(parseJwtSecret(JSON.stringify({ type: 'HS256', key })), 900)
    await expect(ours.verify(await other.sign(claims))).rejects.toThrow(UnauthorizedError)
  })
})
