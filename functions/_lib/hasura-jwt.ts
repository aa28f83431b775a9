import { jwtVerify, SignJWT } from 'jose'
import { requiredEnv } from './required-env.ts'

/** NHOST_JWT_SECRET in Hasura's JSON form; functions sign and verify with its HMAC key (Nhost's default). */
function jwtSecret(): { algorithm: string; key: Uint8Array; namespace: string } {
  const secret = JSON.parse(requiredEnv('NHOST_JWT_SECRET')) as { type: string; key: string; claims_namespace?: string }
  if (!secret.type.startsWith('HS')) throw new Error('NHOST_JWT_SECRET: these functions need an HS256/384/512 key')
  return {
    algorithm: secret.type,
    key: new TextEncoder().encode(secret.key),
    namespace: secret.claims_namespace ?? 'https://hasura.io/jwt/claims',
  }
}

/** The signed-in caller's user id from `Authorization: Bearer <access token>`, or null. */
export async function callerUserId(authorization: string | undefined): Promise<string | null> {
  const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]
  if (!token) return null
  const { key, namespace } = jwtSecret()
  try {
    const { payload } = await jwtVerify(token, key)
    const claims = payload[namespace] as Record<string, unknown> | undefined
    const userId = claims?.['x-hasura-user-id']
    return typeof userId === 'string' ? userId : null
  } catch {
    return null
  }
}

/** A JWT for Hasura with one role and its session variables, valid `seconds`. */
export async function signRoleJwt(role: string, variables: Record<string, string>, seconds: number): Promise<string> {
  const { algorithm, key, namespace } = jwtSecret()
  return new SignJWT({ [namespace]: { 'x-hasura-allowed-roles': [role], 'x-hasura-default-role': role, ...variables } })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`)
    .sign(key)
}
