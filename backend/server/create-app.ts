import { Hono } from 'hono'
import { authRoutes } from '../auth/auth-routes.ts'
import { createGraphqlEngine, type GraphqlEngine } from '../engine/execute/graphql-engine.ts'
import { graphqlRoutes } from './graphql-routes.ts'
import { honoErrorHandler, requestIdOf, setRequestId } from '../lib/error-answer.ts'
import { HasuraRestError } from '../lib/http-error.ts'
import { REQUEST_ID_HEADER } from '../lib/request-id.ts'
import { mountAdminApi } from '../admin-api/admin-api.ts'
import { storageRoutes } from '../storage/storage-routes.ts'
import { databaseHealth } from './database-health.ts'
import type { BackendContext } from '../context/backend-context.ts'

/** Hasura's `/v1/version` answer; clients such as the Hasura CLI read `version`. */
export const ENGINE_VERSION = 'v2.48.0-pulseboard'

/**
 * The one HTTP application: every service is mounted here under Nhost's local URL layout
 * (ARCHITECTURE.md, "The embedded backend").
 */
export function createApp(context: BackendContext, engine: GraphqlEngine = createGraphqlEngine(context)): Hono {
  const app = new Hono()

  // Every answer names its request; start-backend.ts has already chosen the id for node:http's
  // requests (this keeps it), and calls of `app.fetch` get one here.
  app.use(async (c, next) => {
    const requestId = requestIdOf(c)
    setRequestId(c, requestId)
    await next()
    c.header(REQUEST_ID_HEADER, requestId)
  })
  // Hasura answers 500 `ERROR` when its database cannot be reached.
  const databaseAnswers = databaseHealth(context.db, { intervalMs: 1000, timeoutMs: 5000 })
  app.get('/healthz', (c) => (databaseAnswers() ? c.text('OK') : c.text('ERROR', 500)))
  app.get('/v1/version', (c) => c.json({ version: ENGINE_VERSION }))
  app.route('/v1/auth', authRoutes(context))
  app.route('/v1/storage', storageRoutes(context, engine))
  mountAdminApi(app, context)
  app.route('/', graphqlRoutes(context, engine))
  // An API path no service owns is a 404 in Hasura's shape, never the web app's index.html.
  app.all('/v1/*', () => {
    throw new HasuraRestError(404, 'not-found', 'resource does not exist')
  })

  // GraphQL's Hono routes and the admin APIs: Hasura's `unexpected` error, as Hasura answers.
  app.onError(honoErrorHandler({ service: 'hasura', internal: new HasuraRestError(500, 'unexpected', 'internal error'), log: context.log }))
  return app
}
