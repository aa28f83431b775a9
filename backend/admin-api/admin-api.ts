import type { Hono } from 'hono'
import type { BackendContext } from '../context/backend-context.ts'
import { metadataRoutes } from './metadata-routes.ts'
import { queryRoutes } from './query-routes.ts'
import { requireAdmin } from './require-admin.ts'

/** Mounts Hasura's admin APIs, all behind the admin secret: `/v1/metadata`, `/v2/query`, `/v1/query`. */
export function mountAdminApi(app: Hono, context: BackendContext): void {
  const admin = requireAdmin(context.config)
  for (const path of ['/v1/metadata', '/v2/query', '/v1/query']) app.use(path, admin)
  app.route('/', metadataRoutes(context))
  app.route('/', queryRoutes(context))
}
