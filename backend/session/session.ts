/**
 * Who a request runs as, resolved once from its headers (Hasura's `UserInfo`).
 *
 * Backend-only permissions: Hasura grants them only when the admin secret was sent and the
 * `x-hasura-use-backend-only-permissions` header is true, i.e.
 * `adminSecretUsed && variables['x-hasura-use-backend-only-permissions']` is `true`/`t`/`yes`/`y`/`1`.
 */
export interface Session {
  /** The role the request runs as. */
  role: string
  /** `role === 'admin'`: no permission checks at all. */
  isAdmin: boolean
  /** The request carried the right admin secret (it may still act as another role through `x-hasura-role`). */
  adminSecretUsed: boolean
  /**
   * Session variables with lower-cased names, always including `x-hasura-role`. Values are text
   * as Hasura keeps them: an array is sent as a Postgres array literal such as `{1,2}`.
   */
  variables: Record<string, string>
  /** The JWT's `exp`: websocket connections end then. */
  expiresAt?: Date
}
