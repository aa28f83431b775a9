/**
 * Hasura's error codes for failed authentication (`Code` in nhost/graphql-engine
 * `server/lib/hasura-base/src/Hasura/Base/Error.hs`).
 */
export type SessionErrorCode = 'access-denied' | 'invalid-headers' | 'invalid-jwt' | 'jwt-invalid-claims' | 'jwt-missing-role-claims'

/**
 * A request whose session cannot be resolved. `status` is the HTTP status Hasura gives this error
 * on its admin endpoints; on `/v1/graphql` Hasura answers 200 with `{"errors":[{"message",
 * "extensions":{"path":"$","code"}}]}` whatever the status.
 */
export class SessionError extends Error {
  constructor(
    readonly code: SessionErrorCode,
    message: string,
    readonly status: 400 | 401 = 400,
  ) {
    super(message)
    this.name = 'SessionError'
  }
}
