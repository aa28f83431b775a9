import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { AdminApiError, respondWithAdminError } from './admin-api-error.ts'

const digest = (text: string) => createHash('sha512').update(text).digest()

/**
 * Admin-only access to `/v1/metadata`, `/v2/query` and `/v1/query`, answered as Hasura answers
 * (`Hasura/Server/Auth.hs`, `authorizeV1MetadataApi`):
 * - a wrong `x-hasura-admin-secret` (or the older `x-hasura-access-key`) is 401
 *   `invalid x-hasura-admin-secret/x-hasura-access-key`;
 * - no secret means the request runs as the unauthorized role (or a JWT's role), never admin, so
 *   it is 400 `restricted access : admin only` at `$.args`; so is the right secret together with
 *   `x-hasura-role` naming another role.
 * Secrets are compared as SHA-512 digests in constant time, as Hasura compares them.
 */
export function requireAdmin(adminSecret: string): MiddlewareHandler {
  return async function requireAdminMiddleware(c, next) {
    const sent = c.req.header('x-hasura-admin-secret') ?? c.req.header('x-hasura-access-key')
    if (sent !== undefined && !timingSafeEqual(digest(sent), digest(adminSecret))) {
      return respondWithAdminError(c, new AdminApiError(401, 'access-denied', 'invalid x-hasura-admin-secret/x-hasura-access-key'))
    }
    const role = c.req.header('x-hasura-role')
    if (sent === undefined || (role !== undefined && role !== 'admin')) {
      return respondWithAdminError(c, new AdminApiError(400, 'access-denied', 'restricted access : admin only', '$.args'))
    }
    await next()
  }
}
