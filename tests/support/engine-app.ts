import { readFileSync } from 'node:fs'
import { applySystemSchemas } from '../../backend/db/system/apply-system-schemas.ts'
import { Hono } from 'hono'
import type { BackendConfig, GraphqlLimits } from '../../backend/config/load-config.ts'
import { parseJwtSecret } from '../../backend/config/jwt-secret.ts'
import type { Database } from '../../backend/db/database.ts'
import { createGraphqlEngine, type GraphqlEngine } from '../../backend/engine/execute/graphql-engine.ts'
import { graphqlRoutes } from '../../backend/server/graphql-routes.ts'
import { createLogger } from '../../backend/lib/logger.ts'
import { MetadataStore } from '../../backend/metadata/store/metadata-store.ts'
import type { Metadata } from '../../backend/metadata/model/types.ts'
import type { BackendContext } from '../../backend/context/backend-context.ts'
import { sendRequest, type ScenarioRequest } from './api-scenario.ts'
import { openTestDatabase } from './test-database.ts'

export const ADMIN_SECRET = 'engine-test-admin-secret'
export const JWT_KEY = 'engine-test-jwt-secret-0123456789-0123456789'
const GOLDEN = new URL('../../backend/engine/golden/', import.meta.url)

export interface EngineApp {
  app: Hono
  context: BackendContext
  engine: GraphqlEngine
  db: Database
  dispose(): Promise<void>
}

/**
 * The GraphQL routes alone on a fresh database seeded with `backend/engine/golden/setup.sql` and
 * its metadata, as the conformance setups do it: plain SQL, then replace_metadata.
 */
export async function openEngineApp(options: Partial<GraphqlLimits> & { stringifyNumericTypes?: boolean } = {}): Promise<EngineApp> {
  const { stringifyNumericTypes, ...limits } = options
  const db = await openTestDatabase()
  // The engine runs on a database the backend prepared: permission checks call hdb_catalog's helper.
  await applySystemSchemas(db)
  await db.script(readFileSync(new URL('setup.sql', GOLDEN), 'utf8'))
  const metadata = JSON.parse(readFileSync(new URL('metadata.json', GOLDEN), 'utf8')) as Metadata
  const context: BackendContext = {
    config: {
      adminSecret: ADMIN_SECRET,
      jwtSecret: parseJwtSecret(JSON.stringify({ type: 'HS256', key: JWT_KEY })),
      unauthorizedRole: 'anonymous',
      stringifyNumericTypes: stringifyNumericTypes ?? true,
      graphql: { maxRequestBytes: 100_000, maxDepth: 10, maxNodes: 2000, maxAliases: 200, maxBatch: 20, timeLimitMs: 10_000, ...limits },
    } as BackendConfig,
    db,
    log: createLogger('silent'),
    metadata: new MetadataStore(metadata),
  }
  const engine = createGraphqlEngine(context)
  const app = new Hono()
  app.route('/', graphqlRoutes(context, engine))
  return { app, context, engine, db, dispose: () => db.dispose() }
}

export interface GraphqlCall {
  query: string
  variables?: Record<string, unknown>
  operationName?: string
  /** Runs as this role through the admin secret, with `x-hasura-*` headers as session variables. */
  role?: string
  headers?: Record<string, string>
  /** Send no admin secret: the unauthorized role, or whatever `headers` authenticate. */
  anonymous?: boolean
}

function authHeaders(call: GraphqlCall): Record<string, string> {
  const auth: Record<string, string> = call.anonymous ? {} : { 'x-hasura-admin-secret': ADMIN_SECRET }
  if (call.role) auth['x-hasura-role'] = call.role
  return auth
}

/** The call as `POST /v1/graphql`. */
export function graphqlPostRequest(call: GraphqlCall): ScenarioRequest {
  return {
    method: 'POST',
    url: '/v1/graphql',
    headers: { ...authHeaders(call), ...call.headers },
    body: { query: call.query, variables: call.variables, operationName: call.operationName },
  }
}

/** A `POST /v1/graphql` request as `GET /v1/graphql?query=…`, as GraphQL over HTTP encodes it (JSON `variables`). */
export function graphqlGetRequest(post: ScenarioRequest): ScenarioRequest {
  const { query, variables, operationName } = post.body as { query: string; variables?: unknown; operationName?: string }
  const search = new URLSearchParams({ query })
  if (variables) search.set('variables', JSON.stringify(variables))
  if (operationName) search.set('operationName', operationName)
  const { 'content-type': _json, ...headers } = post.headers ?? {}
  return { method: 'GET', url: `/v1/graphql?${search}`, headers }
}

/** Sends `request`; the answer must be JSON, as every answer of the GraphQL routes is. */
export async function sendGraphql(app: Hono, request: ScenarioRequest): Promise<{ status: number; json: unknown; headers: Headers }> {
  const { status, json, headers, text } = await sendRequest(app, request)
  if (json === undefined) throw new Error(`${request.method} ${request.url} answered ${status} without JSON: ${text}`)
  return { status, json, headers }
}

export async function postGraphql(app: Hono, call: GraphqlCall): Promise<{ status: number; json: unknown }> {
  const { status, json } = await sendGraphql(app, graphqlPostRequest(call))
  return { status, json }
}

export const getGraphql = (app: Hono, call: GraphqlCall) => sendGraphql(app, graphqlGetRequest(graphqlPostRequest(call)))
