import { Hono, type Context } from 'hono'
import { clientGoneFromSignal, type ClientGone } from '../lib/client-gone.ts'
import { httpErrorAnswer, requestIdOf } from '../lib/error-answer.ts'
import { HasuraRestError } from '../lib/http-error.ts'
import { BodyTooLargeError, readBodyText } from '../lib/read-body-text.ts'
import { REQUEST_ID_HEADER, requestIdFrom } from '../lib/request-id.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { resolveSession, type RequestHeaders } from '../session/resolve-session.ts'
import { SessionError } from '../session/session-error.ts'
import { errorResponse, type GraphqlEngine, type GraphqlRequest } from '../engine/execute/graphql-engine.ts'
import { EngineError } from '../engine/engine-error.ts'
import { operationTypeReader, readGraphqlRequestWithExtensions, type GraphqlRequestWithExtensions } from './graphql-get-request.ts'

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' }

/** One request to `/v1/graphql` as a transport hands it over (Hono's routes here, or node:http directly). */
interface GraphqlHttpRequest {
  headers: RequestHeaders
  clientAddress: string
  /** The client's connection (its socket) when the transport has one: sessions remember what it proved. */
  connection?: object
  clientGone: ClientGone
}

/** One `POST /v1/graphql`. */
export interface GraphqlPost extends GraphqlHttpRequest {
  /** The body as UTF-8 text, or null once it passes `limit` bytes (declared or not). */
  readBody(limit: number): Promise<string | null>
}

/** One `GET /v1/graphql`. */
export interface GraphqlGet extends GraphqlHttpRequest {
  /** The URL's query string, without its `?`. */
  search: string
}

export interface GraphqlHttpAnswer {
  status: number
  /** The answer's own object: a transport may add to it. */
  headers: Record<string, string>
  body: string
}

/**
 * `POST /v1/graphql` (and Hasura's older `/v1alpha1/graphql`): one request or an Apollo-style
 * batch (a JSON array, answered with an array). A body that is too large, not JSON or without a
 * query is refused before any session or database work. Transport-free, so that the server can
 * call it straight from node:http (backend/server/serve-graphql-http.ts), the hottest path.
 */
export function graphqlPostHandler(context: BackendContext, engine: GraphqlEngine): (post: GraphqlPost) => Promise<GraphqlHttpAnswer> {
  const answer = operationsAnswerer(context, engine)
  return async (post) => {
    // The client's `x-request-id` (REQUEST_ID), else a new one, as Hasura does.
    const requestId = requestIdFrom(post.headers[REQUEST_ID_HEADER])
    const { maxRequestBytes } = context.config.graphql
    const text = await post.readBody(maxRequestBytes)
    if (text === null) return refusedRequest(413, 'request-too-large', `the request body exceeds ${maxRequestBytes} bytes`, requestId)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return refusedRequest(400, 'invalid-json', 'invalid json', requestId)
    }
    const requests = Array.isArray(body) ? body : [body]
    const invalid = firstInvalid(requests)
    if (invalid >= 0 || requests.length === 0) {
      const where = Array.isArray(body) ? ` in request ${invalid}` : ''
      return refusedRequest(400, 'parse-failed', `key "query" not found or not a string${where}`, requestId)
    }
    return answer(post, requests as GraphqlRequestWithExtensions[], Array.isArray(body), requestId)
  }
}

/**
 * `GET /v1/graphql?query=…&variables=…&operationName=…&extensions=…` as GraphQL over HTTP has
 * it: queries only (a mutation changes data, which a GET must not; a subscription belongs on the
 * WebSocket), refused with 405 before any session or database work. Every answer is `no-store`:
 * it is one session's data, which no browser or shared cache should keep or hand to another.
 */
export function graphqlGetHandler(context: BackendContext, engine: GraphqlEngine): (get: GraphqlGet) => Promise<GraphqlHttpAnswer> {
  const answer = operationsAnswerer(context, engine)
  const operationTypeOf = operationTypeReader()
  return async (get) => {
    const requestId = requestIdFrom(get.headers[REQUEST_ID_HEADER])
    const answered = await answerGet(get, requestId)
    answered.headers['cache-control'] = 'no-store'
    return answered
  }

  async function answerGet(get: GraphqlGet, requestId: string): Promise<GraphqlHttpAnswer> {
    const { maxRequestBytes } = context.config.graphql
    if (get.search.length > maxRequestBytes) {
      return refusedRequest(
        414,
        'request-too-large',
        `the URL's query string exceeds ${maxRequestBytes} bytes: send the request with POST`,
        requestId,
      )
    }
    const request = readGraphqlRequestWithExtensions(get.search)
    if ('refused' in request) return refusedRequest(400, request.refused.code, request.refused.message, requestId)
    const operationType = operationTypeOf(request)
    if (operationType === 'mutation' || operationType === 'subscription') {
      const refused = refusedRequest(405, 'method-not-allowed', GET_REFUSALS[operationType], requestId)
      refused.headers.allow = 'POST'
      return refused
    }
    return answer(get, [request], false, requestId)
  }
}

const GET_REFUSALS = {
  mutation: 'a mutation cannot be sent with GET: send it with POST',
  subscription: 'a subscription cannot be sent with GET: subscribe over the WebSocket (graphql-ws) at this path',
}

/**
 * Runs parsed requests as the transport's session, within the role's limits, and answers with
 * one response or, for a batch, an array of them.
 */
function operationsAnswerer(context: BackendContext, engine: GraphqlEngine) {
  return async (
    transport: GraphqlHttpRequest,
    requests: GraphqlRequestWithExtensions[],
    batch: boolean,
    requestId: string,
  ): Promise<GraphqlHttpAnswer> => {
    let session
    try {
      session = await resolveSession(transport.headers, context.config, transport.connection)
    } catch (error) {
      if (!(error instanceof SessionError)) throw error
      // Hasura answers authentication failures on /v1/graphql as GraphQL errors with HTTP 200.
      return httpAnswer(200, errorResponse(new EngineError(error.code, error.message), false), requestId)
    }
    const limits = engine.limits(session.role)
    if (requests.length > limits.maxBatch) {
      const message = `the batch holds ${requests.length} operations; the limit is ${limits.maxBatch}`
      return refusedRequest(400, 'batch-too-large', message, requestId)
    }
    const limited = await engine.rateLimit(session, transport.clientAddress, requests.length)
    if (limited) return httpAnswer(429, errorResponse(limited.error, false), requestId, limited.retryAfterSeconds)
    const answers: string[] = []
    for (const request of requests) {
      // Hasura answers Automatic Persisted Queries this way unless they are enabled (they are not here).
      const extensions = request.extensions as { persistedQuery?: unknown } | null | undefined
      answers.push(
        extensions?.persistedQuery !== undefined
          ? errorResponse(new EngineError('not-supported', 'Automatic Persisted Queries is not enabled'), false)
          : await engine.execute(request, session, {
              clientGone: transport.clientGone,
              requestId,
              traceparent: transport.headers.traceparent,
            }),
      )
    }
    return httpAnswer(200, batch ? `[${answers.join(',')}]` : (answers[0] as string), requestId)
  }
}

/** An answer's headers are its own (the transport adds to them); `retryAfterSeconds` for a refused rate. */
function httpAnswer(status: number, body: string, requestId: string, retryAfterSeconds?: number): GraphqlHttpAnswer {
  const headers: Record<string, string> = { 'content-type': JSON_TYPE['content-type'], 'x-request-id': requestId }
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds)
  return { status, body, headers }
}

/** A request refused before GraphQL processing, in Hasura's shape, by the one error answer. */
function refusedRequest(status: 400 | 405 | 413 | 414, code: string, message: string, requestId: string): GraphqlHttpAnswer {
  return httpErrorAnswer(new HasuraRestError(status, code, message), requestId)
}

/** The index of the first element that is not a GraphQL request, or -1. */
function firstInvalid(requests: unknown[]): number {
  for (let i = 0; i < requests.length; i++) if (!isGraphqlRequest(requests[i])) return i
  return -1
}

/**
 * The GraphQL API as Hono routes: `POST /v1/graphql` (`graphqlPostHandler`), `GET /v1/graphql`
 * (`graphqlGetHandler`) and Hasura's explain API.
 */
export function graphqlRoutes(context: BackendContext, engine: GraphqlEngine): Hono {
  const app = new Hono()
  const handlePost = graphqlPostHandler(context, engine)
  const handleGet = graphqlGetHandler(context, engine)
  const transport = (c: Context) => ({
    headers: { ...c.req.header(), [REQUEST_ID_HEADER]: requestIdOf(c) },
    clientAddress: clientAddress(c),
    clientGone: clientGoneFromSignal(c.req.raw.signal),
  })
  const send = (c: Context, answer: GraphqlHttpAnswer) => c.body(answer.body, answer.status as 200, answer.headers)
  const post = async (c: Context) => send(c, await handlePost({ ...transport(c), readBody: (limit) => readLimited(c, limit) }))
  const get = async (c: Context) => send(c, await handleGet({ ...transport(c), search: searchOf(c.req.url) }))
  // Hasura's explain API: admin secret required; the query runs as `user` (role and variables).
  app.post('/v1/graphql/explain', async (c) => {
    let admin
    try {
      admin = await resolveSession(c.req.header(), context.config)
    } catch (error) {
      if (!(error instanceof SessionError)) throw error
      return requestError(c, error.status, error.code, error.message)
    }
    if (!admin.adminSecretUsed) return requestError(c, 400, 'access-denied', 'restricted access : admin only')
    let body: { query?: unknown; user?: Record<string, unknown> }
    try {
      const text = await readLimited(c, context.config.graphql.maxRequestBytes)
      if (text === null)
        return requestError(c, 413, 'request-too-large', `the request body exceeds ${context.config.graphql.maxRequestBytes} bytes`)
      body = JSON.parse(text) as typeof body
    } catch {
      return requestError(c, 400, 'invalid-json', 'invalid json')
    }
    if (!isGraphqlRequest(body.query)) return requestError(c, 400, 'parse-failed', 'key "query" not found or not a string')
    const variables = Object.fromEntries(
      Object.entries(body.user ?? {})
        .filter(([, v]) => typeof v === 'string')
        .map(([k, v]) => [k.toLowerCase(), v as string]),
    )
    const role = variables['x-hasura-role'] ?? 'admin'
    const session = { role, isAdmin: role === 'admin', adminSecretUsed: true, variables: { ...variables, 'x-hasura-role': role } }
    return c.body(await engine.explain(body.query, session), 200, JSON_TYPE)
  })
  for (const path of ['/v1/graphql', '/v1alpha1/graphql']) {
    app.post(path, post)
    app.get(path, get)
  }
  return app
}

function isGraphqlRequest(value: unknown): value is GraphqlRequest {
  if (typeof value !== 'object' || value === null) return false
  const { query, variables, operationName } = value as Record<string, unknown>
  return (
    typeof query === 'string' &&
    (variables === undefined || variables === null || (typeof variables === 'object' && !Array.isArray(variables))) &&
    (operationName === undefined || operationName === null || typeof operationName === 'string')
  )
}

/** A URL's query string without its `?` (empty when it has none). */
export function searchOf(url: string): string {
  const start = url.indexOf('?')
  return start === -1 ? '' : url.slice(start + 1)
}

/** The client's address as the socket reports it (no proxy headers are trusted). */
function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'unknown'
}

/** The body, or null when it passes `limit` bytes (declared or not). */
async function readLimited(c: Context, limit: number): Promise<string | null> {
  try {
    return await readBodyText(c.req.raw, limit)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null
    throw error
  }
}

/** An explain request refused before GraphQL processing, in Hasura's shape, by the one error answer. */
function requestError(c: Context, status: 400 | 401 | 413, code: string, message: string) {
  const answer = httpErrorAnswer(new HasuraRestError(status, code, message), requestIdOf(c))
  return c.body(answer.body, status, answer.headers)
}
