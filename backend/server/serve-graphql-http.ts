import type { IncomingMessage, ServerResponse } from 'node:http'
import { searchOf, type GraphqlGet, type GraphqlHttpAnswer, type GraphqlPost } from './graphql-routes.ts'
import type { ClientGone } from '../lib/client-gone.ts'
import { errorAnswer, sendErrorAnswer, type ErrorSurface } from '../lib/error-answer.ts'
import { HasuraGraphqlError } from '../lib/http-error.ts'
import type { Logger } from '../lib/logger.ts'
import { REQUEST_ID_HEADER, requestIdFrom } from '../lib/request-id.ts'
import type { RequestHeaders } from '../session/resolve-session.ts'

const GRAPHQL_PATHS = new Set(['/v1/graphql', '/v1alpha1/graphql'])

/** Whether node:http should hand this request to `serveGraphqlHttp` rather than to the Hono app. */
export function isGraphqlHttpRequest(req: IncomingMessage): boolean {
  if ((req.method !== 'POST' && req.method !== 'GET') || !req.url) return false
  const query = req.url.indexOf('?')
  return GRAPHQL_PATHS.has(query === -1 ? req.url : req.url.slice(0, query))
}

/** The handlers of `POST` and `GET /v1/graphql` (backend/server/graphql-routes.ts). */
export interface GraphqlHttpHandlers {
  post(post: GraphqlPost): Promise<GraphqlHttpAnswer>
  get(get: GraphqlGet): Promise<GraphqlHttpAnswer>
}

/**
 * `POST` and `GET /v1/graphql` straight from node:http, without the web Request and Response
 * objects the Hono adapter builds for every request (headers, body stream, an AbortSignal): the
 * API's hottest path, answered by the same handlers as the Hono routes. It creates no closures
 * per request: under tsx each closure also costs a `name` property defined on it (esbuild's
 * keepNames), 1.4 µs a request here before.
 */
export function serveGraphqlHttp(handlers: GraphqlHttpHandlers, log: Logger) {
  const surface: ErrorSurface = { service: 'graphql', internal: new HasuraGraphqlError(500, 'unexpected', 'internal error'), log }
  return (req: IncomingMessage, res: ServerResponse): void => void respond(handlers, surface, new NodeGraphqlRequest(req, res))
}

/** What is left of a body unread when the handler fails, read and dropped so that the client gets the answer. */
const DRAIN_BYTES = 1_000_000

async function respond(handlers: GraphqlHttpHandlers, surface: ErrorSurface, request: NodeGraphqlRequest): Promise<void> {
  const { req, res } = request
  let answer: GraphqlHttpAnswer
  try {
    answer = await (req.method === 'GET' ? handlers.get(request) : handlers.post(request))
  } catch (error) {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER])
    return sendErrorAnswer(req, res, errorAnswer(error, surface, { requestId, method: req.method, path: req.url }), DRAIN_BYTES)
  }
  const { headers } = answer
  headers['content-length'] = String(Buffer.byteLength(answer.body))
  // A body refused half-read is not read on: the connection closes after the answer.
  if (request.refused) headers.connection = 'close'
  res.writeHead(answer.status, headers)
  res.end(answer.body)
}

/** One request as the handlers see it, and its client: gone once the response closes before it was written in full. */
class NodeGraphqlRequest implements GraphqlPost, GraphqlGet, ClientGone {
  readonly headers: RequestHeaders
  readonly clientAddress: string
  readonly connection: object
  readonly clientGone: ClientGone = this
  /** The body passed its limit: left unread. */
  refused = false
  /** `onGone`'s listener of the response's 'close' (a field: a named closure would cost a `name` under tsx). */
  #onClose: (() => void) | undefined

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
  ) {
    // Node's headers as they are (names lower-cased, a repeated header joined with ", " as the
    // Fetch API does), without a copy: only `set-cookie` can be a list there, and neither
    // sessions nor the GraphQL route read it.
    this.headers = req.headers as RequestHeaders
    this.clientAddress = req.socket.remoteAddress ?? 'unknown'
    this.connection = req.socket
  }

  get search(): string {
    return searchOf(this.req.url as string)
  }

  async readBody(limit: number): Promise<string | null> {
    const text = await readBody(this.req, limit)
    this.refused = text === null
    return text
  }

  get gone(): boolean {
    return this.res.destroyed && !this.res.writableFinished
  }

  /** One listener at a time: the database listens while one of the request's statements runs. */
  onGone(listener: () => void): () => void {
    const { res } = this
    res.once(
      'close',
      (this.#onClose = () => {
        if (!res.writableFinished) listener()
      }),
    )
    return () => res.off('close', this.#onClose as () => void)
  }
}

/** A body being read; the stream's listeners are module functions that find it through the request. */
interface BodyRead {
  chunks: Buffer[]
  length: number
  limit: number
  resolve(text: string | null): void
  reject(error: Error): void
}

const bodyReads = new WeakMap<IncomingMessage, BodyRead>()

/**
 * The body as UTF-8 text, or null once it passes `limit` bytes, declared or not (the rest is left
 * unread); rejects when the client goes away mid-body (Node reports it as an 'aborted' error).
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    bodyReads.set(req, { chunks: [], length: 0, limit, resolve, reject })
    req.on('data', onBodyData)
    req.on('end', onBodyEnd)
    req.on('error', onBodyError)
  })
}

function onBodyData(this: IncomingMessage, chunk: Buffer): void {
  const read = bodyReads.get(this) as BodyRead
  read.length += chunk.length
  if (read.length <= read.limit) return void read.chunks.push(chunk)
  this.pause()
  stopReading(this).resolve(null)
}

function onBodyEnd(this: IncomingMessage): void {
  const read = stopReading(this)
  read.resolve(Buffer.concat(read.chunks, read.length).toString('utf8'))
}

function onBodyError(this: IncomingMessage, error: Error): void {
  stopReading(this).reject(error)
}

function stopReading(req: IncomingMessage): BodyRead {
  req.off('data', onBodyData)
  req.off('end', onBodyEnd)
  req.off('error', onBodyError)
  const read = bodyReads.get(req) as BodyRead
  bodyReads.delete(req)
  return read
}
