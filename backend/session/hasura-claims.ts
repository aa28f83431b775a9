import type { JwtSecret } from '../config/jwt-secret.ts'
import { parsePostgresTextArray } from './postgres-text-array.ts'
import { SessionError } from './session-error.ts'

const ALLOWED_ROLES = 'x-hasura-allowed-roles'
const DEFAULT_ROLE = 'x-hasura-default-role'

/** What a verified token says about its bearer, before a role is picked. */
export interface HasuraClaims {
  allowedRoles: string[]
  defaultRole: string
  /** The other `x-hasura-*` claims, names lower-cased. */
  variables: Record<string, string>
}

/**
 * Reads the Hasura claims from a verified JWT payload with Hasura's rules and messages
 * (`parseClaimsMap` and `parseHasuraClaims` in graphql-engine `Hasura/Server/Auth/JWT.hs`, cases in
 * `server/tests-py/test_jwt.py`). One deliberate extension: `x-hasura-allowed-roles` may also be a
 * Postgres array literal such as `{user,me}`, where Hasura accepts only a JSON list.
 */
export function parseHasuraClaims(payload: Record<string, unknown>, secret: JwtSecret): HasuraClaims {
  const namespace = secret.claimsNamespace
  const raw = payload[namespace]
  if (raw === undefined) throw invalidClaims(`claims key: '${namespace}' not found`)
  const object = claimsObject(raw, namespace, secret.claimsFormat)

  // Session variable names are case-insensitive; only `x-hasura-*` claims become variables.
  const claims = new Map<string, unknown>()
  for (const [name, value] of Object.entries(object)) {
    const lower = name.toLowerCase()
    if (lower.startsWith('x-hasura-')) claims.set(lower, value)
  }

  const allowedRoles = readAllowedRoles(claims.get(ALLOWED_ROLES))
  const defaultRole = readDefaultRole(claims.get(DEFAULT_ROLE))
  const variables: Record<string, string> = {}
  for (const [name, value] of claims) {
    if (name === ALLOWED_ROLES || name === DEFAULT_ROLE) continue
    // Hasura keeps session variables as text: arrays must arrive as Postgres array literals.
    if (typeof value !== 'string') throw invalidClaims(`x-hasura-* claims: ${expected('Text', 'String', value)}`)
    variables[name] = value
  }
  return { allowedRoles, defaultRole, variables }
}

function claimsObject(raw: unknown, namespace: string, format: JwtSecret['claimsFormat']): Record<string, unknown> {
  if (format === 'stringified_json') {
    if (typeof raw !== 'string') throw invalidClaims('expecting a string when claims_format is stringified_json')
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      parsed = undefined
    }
    if (!isObject(parsed)) throw invalidClaims(`expecting stringified json at: 'claims_namespace ${namespace}', but found: ${raw}`)
    return parsed
  }
  if (!isObject(raw)) throw invalidClaims('expecting a json object when claims_format is json')
  return raw
}

function readAllowedRoles(value: unknown): string[] {
  if (value === undefined) throw missingClaim(ALLOWED_ROLES)
  const hint = `invalid ${ALLOWED_ROLES}; should be a list of roles`
  const list = typeof value === 'string' ? (parsePostgresTextArray(value) ?? value) : value
  if (!Array.isArray(list)) throw invalidClaims(`${hint}: ${expected('[]', 'Array', value)}`)
  for (const role of list) {
    if (typeof role !== 'string') throw invalidClaims(`${hint}: ${expected('String', 'String', role)}`)
    if (role === '') throw invalidClaims(`${hint}: empty string not allowed`)
  }
  return list as string[]
}

function readDefaultRole(value: unknown): string {
  if (value === undefined) throw missingClaim(DEFAULT_ROLE)
  const hint = `invalid ${DEFAULT_ROLE}; should be a single role name`
  if (typeof value !== 'string') throw invalidClaims(`${hint}: ${expected('String', 'String', value)}`)
  if (value === '') throw invalidClaims(`${hint}: empty string not allowed`)
  return value
}

/** Aeson's wording for a JSON value of the wrong type, which Hasura passes through. */
function expected(parser: string, want: string, value: unknown): string {
  return `parsing ${parser} failed, expected ${want}, but encountered ${jsonTypeName(value)}`
}

function jsonTypeName(value: unknown): string {
  if (value === null) return 'Null'
  if (Array.isArray(value)) return 'Array'
  switch (typeof value) {
    case 'string':
      return 'String'
    case 'number':
      return 'Number'
    case 'boolean':
      return 'Boolean'
    default:
      return 'Object'
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function invalidClaims(message: string): SessionError {
  return new SessionError('jwt-invalid-claims', message)
}

function missingClaim(name: string): SessionError {
  return new SessionError('jwt-missing-role-claims', `JWT claim does not contain ${name}`)
}
