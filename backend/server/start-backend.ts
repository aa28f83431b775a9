import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { loadConfig, type BackendConfig, type LoadConfigOptions } from '../config/load-config.ts'
import type { Database } from '../db/database.ts'
import { openDatabase } from '../db/open-database.ts'
import { createGraphqlEngine } from '../engine/execute/graphql-engine.ts'
import { createFunctionsService, type FunctionsService } from '../functions/functions-service.ts'
import { createLogger, type Logger } from '../lib/logger.ts'
import { sendNodeSources } from '../lib/node-response-body.ts'
import { REQUEST_ID_HEADER, requestIdFrom } from '../lib/request-id.ts'
import { loadMetadataAtStart } from '../metadata/store/load-metadata-at-start.ts'
import { followOtherInstances } from '../metadata/store/metadata-notifications.ts'
import { MetadataStore } from '../metadata/store/metadata-store.ts'
import { serveGraphqlWebSocket } from '../realtime/serve-graphql-websocket.ts'
import { isGraphqlHttpRequest, serveGraphqlHttp } from './serve-graphql-http.ts'
import { graphqlGetHandler, graphqlPostHandler } from './graphql-routes.ts'
import { startTriggers } from '../triggers/start-triggers.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { createApp } from './create-app.ts'
import { prepareDatabase } from './prepare-database.ts'
import { reportConnectionBudget } from './report-connection-budget.ts'
import { settleGeneratedSecrets } from './settle-generated-secrets.ts'
import { serveWebApp } from './serve-web-app.ts'
import { serveNhostBasePaths } from './service-base-paths.ts'
import { answerClientErrors } from './answer-client-errors.ts'

export interface StartOptions extends LoadConfigOptions {
  /** Serve the built web app from this folder for every path no service owns. */
  webAppDir?: string
  /** Reload a function when its file changes (`npm run dev`). */
  watchFunctions?: boolean
  /**
   * The configured database, already being opened: `npm start` opens it while this module's
   * imports load.
   */
  openingDatabase?: Promise<Database>
  log?: Logger
}

export interface RunningBackend {
  context: BackendContext
  functions: FunctionsService
  server: Server
  url: string
  stop(): Promise<void>
}

/** Opens the database, brings it up to date with the project folder, and serves every API on one port. */
export async function startBackend(options: StartOptions = {}): Promise<RunningBackend> {
  const configured: BackendConfig = loadConfig(options)
  const log = options.log ?? createLogger()
  const db = await (options.openingDatabase ?? openDatabase(configured.database))
  let config: BackendConfig
  try {
    await prepareDatabase({ config: configured, db, log })
    // Before any service is built: each one takes the secrets from the config it is given.
    config = await settleGeneratedSecrets(db, configured, log)
  } catch (error) {
    await db.close()
    throw error
  }
  const context: BackendContext = { config, db, log, metadata: new MetadataStore() }
  const functions = createFunctionsService(context)
  try {
    // After migrations, so that the metadata's tables exist when it is checked for consistency.
    await loadMetadataAtStart(context)
    const unfollow = await followOtherInstances(context)
    // One engine (one schema and plan cache) serves HTTP and WebSocket.
    const engine = createGraphqlEngine(context)
    const app = createApp(context, engine)
    if (options.webAppDir) serveWebApp(app, options.webAppDir)
    // Downloads leave Hono's Web Response for a pipe from their file (lib/node-response-body.ts).
    const serveApp = getRequestListener(
      sendNodeSources(app.fetch, (error, request) =>
        log.warn('a streamed answer failed midway', { requestId: request.headers.get(REQUEST_ID_HEADER), message: String(error) }),
      ),
    )
    const graphqlHttp = serveGraphqlHttp({ post: graphqlPostHandler(context, engine), get: graphqlGetHandler(context, engine) }, log)
    // Two paths bypass Hono: /v1/functions, whose calls stream to worker processes as Node
    // requests, and POST and GET /v1/graphql, the hottest path, which skip the web Request it would build.
    const server = createServer((req, res) => {
      // One id per request, the client's own when sane, on every answer (whichever code writes
      // it) and in the request's headers, where every handler, log line and function finds it.
      const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER])
      req.headers[REQUEST_ID_HEADER] = requestId
      res.setHeader(REQUEST_ID_HEADER, requestId)
      if (functions.owns(req.url ?? '/')) functions.handle(req, res)
      else if (isGraphqlHttpRequest(req)) graphqlHttp(req, res)
      else void serveApp(req, res)
    })
    answerClientErrors(server)
    // Before the WebSocket's upgrade listener: `/graphql/v1` upgrades as `/v1/graphql` does.
    serveNhostBasePaths(server)
    const websocket = await serveGraphqlWebSocket(server, context, engine)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, config.host, () => resolve())
    })
    const { port } = server.address() as AddressInfo
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`
    context.listeningUrl = url
    // Workers start in the background: the backend answers while they load the functions.
    functions.start(url, { env: options.env, watch: options.watchFunctions })
    // Once the URL is known: webhook templates such as {{NHOST_FUNCTIONS_URL}} point at this port.
    const stopTriggers = await startTriggers(context, url, options.env)
    // Once this instance beats: the check counts every instance running.
    await reportConnectionBudget(context)
    return {
      context,
      functions,
      server,
      url,
      async stop() {
        // No new connections first (a load balancer's health check fails over), while requests in
        // flight and event deliveries finish: a webhook that is a function of this instance
        // still reaches it.
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        await stopTriggers()
        await functions.stop()
        await websocket.close()
        server.closeAllConnections()
        await closed
        await unfollow()
        await db.close()
      },
    }
  } catch (error) {
    await functions.stop()
    await db.close()
    throw error
  }
}
