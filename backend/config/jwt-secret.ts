import { ConfigError } from './config-error.ts'

const ALGORITHMS = ['HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'RS512'] as const
export type JwtAlgorithm = (typeof ALGORITHMS)[number]

/** Hasura's `HASURA_GRAPHQL_JWT_SECRET` JSON form, with the fields this backend honours. */
export interface JwtSecret {
  type: JwtAlgorithm
  /** HMAC secret, or the PEM public key for RS*. */
  key: string
  /** PEM private key for RS*, used by the auth service to sign (Nhost Auth's `signing_key`). */
  signingKey?: string
  claimsNamespace: string
  /** Hasura's `claims_format`: the namespace holds a JSON object, or that object as a JSON string. */
  claimsFormat: 'json' | 'stringified_json'
  issuer?: string
  audience?: string | string[]
  /** Seconds of clock skew tolerated on `exp`/`nbf`. */
  allowedSkew: number
}

export const DEFAULT_CLAIMS_NAMESPACE = 'https://hasura.io/jwt/claims'

export function parseJwtSecret(text: string, setting = 'HASURA_GRAPHQL_JWT_SECRET'): JwtSecret {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ConfigError(setting, 'must be JSON such as {"type":"HS256","key":"<at least 32 characters>"}')
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ConfigError(setting, 'must be a JSON object')
  const o = json as Record<string, unknown>
  if (!ALGORITHMS.includes(o.type as JwtAlgorithm)) {
    throw new ConfigError(setting, `"type" must be one of ${ALGORITHMS.join(', ')}`)
  }
  const type = o.type as JwtAlgorithm
  if (typeof o.key !== 'string') throw new ConfigError(setting, '"key" must be a string')
  // Hasura refuses HMAC keys shorter than 32 characters for the same reason.
  if (type.startsWith('HS') && o.key.length < 32) throw new ConfigError(setting, '"key" must have at least 32 characters')
  if (type.startsWith('RS') && !o.key.includes('BEGIN')) throw new ConfigError(setting, '"key" must be a PEM public key')
  const optionalString = (name: string): string | undefined => {
    if (o[name] === undefined) return undefined
    if (typeof o[name] !== 'string') throw new ConfigError(setting, `"${name}" must be a string`)
    return o[name] as string
  }
  const audience = o.audience
  if (
    audience !== undefined &&
    typeof audience !== 'string' &&
    !(Array.isArray(audience) && audience.every((a) => typeof a === 'string'))
  ) {
    throw new ConfigError(setting, '"audience" must be a string or a list of strings')
  }
  const claimsFormat = o.claims_format ?? 'json'
  if (claimsFormat !== 'json' && claimsFormat !== 'stringified_json') {
    throw new ConfigError(setting, '"claims_format" must be "json" or "stringified_json"')
  }
  const skew = o.allowed_skew ?? 0
  if (typeof skew !== 'number' || !Number.isFinite(skew) || skew < 0)
    throw new ConfigError(setting, '"allowed_skew" must be a number of seconds')
  return {
    type,
    key: o.key,
    signingKey: optionalString('signing_key'),
    claimsNamespace: optionalString('claims_namespace') ?? DEFAULT_CLAIMS_NAMESPACE,
    claimsFormat,
    issuer: optionalString('issuer'),
    audience: audience as string | string[] | undefined,
    allowedSkew: skew,
  }
}
