import type { MiddlewareHandler } from 'hono'
import { resolveSession, type SessionConfig } from '../session/resolve-session.ts'
import { SessionError } from '../session/session-error.ts'
import { AdminApiError, respondWithAdminError } from './admin-api-error.ts'

/**
 * Admin-only access to `/v1/metadata`, `/v2/query` and `/v1/query`, as Hasura decides it: the
 * session is resolved as for any request (admin secret, JWT or the unauthorized role, with
 * Hasura's errors, e.g. 401 `invalid x-hasura-admin-secret/x-hasura-access-key`), then any role
 * but `admin` is refused with 400 `restricted access : admin only` at `$.args`
 * (`authorizeV1MetadataApi` in graphql-engine `Hasura/Server/App.hs`). So the right secret with
 * `x-hasura-role: user` is refused, and a JWT whose role is `admin` is let in, as by Hasura.
 */
export function requireAdmin(config: SessionConfig): MiddlewareHandler {
  return async function requireAdminMiddleware(c, next) {
    let isAdmin: boolean
    try {
      isAdmin = (await resolveSession(c.req.header(), config)).isAdmin
    } catch (error) {
      if (error instanceof SessionError) return respondWithAdminError(c, new AdminApiError(error.status, error.code, error.message))
      throw error
    }
    if (!isAdmin) return respondWithAdminError(c, new AdminApiError(400, 'access-denied', 'restricted access : admin only', '$.args'))
    await next()
  }
}
