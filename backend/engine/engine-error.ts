/**
 * Hasura's error codes that the GraphQL engine answers with (`Code` in nhost/graphql-engine
 * `server/lib/hasura-base/src/Hasura/Base/Error.hs`).
 */
export type EngineErrorCode =
  | 'validation-failed'
  | 'parse-failed'
  | 'invalid-json'
  | 'not-found'
  | 'not-supported'
  | 'permission-error'
  | 'access-denied'
  | 'invalid-jwt'
  | 'invalid-headers'
  | 'jwt-invalid-claims'
  | 'jwt-missing-role-claims'
  | 'constraint-violation'
  | 'constraint-error'
  | 'data-exception'
  | 'bad-request'
  | 'concurrent-update'
  | 'postgres-error'
  | 'timeout'
  | 'rate-limit-exceeded'
  | 'unexpected'

/**
 * One GraphQL error in Hasura's shape: `path` is a Hasura JSONPath (`$.selectionSet.x.args.where`)
 * and `internal` (the SQL error, hints) is shown to admins only.
 */
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly path = '$',
    readonly internal?: unknown,
  ) {
    super(message)
    this.name = 'EngineError'
  }
}

export function validationError(path: string, message: string): EngineError {
  return new EngineError('validation-failed', message, path)
}
