import type { IncomingMessage, ServerResponse } from 'node:http'
import type { GraphqlPost, GraphqlPostAnswer } from '../engine/graphql-routes.ts'
import type { ClientGone } from '../lib/client-gone.ts'
import type { Logger } from '../lib/logger.ts'
import type { RequestHeaders } from '../session/resolve-session.ts'

const GRAPHQL_PATHS = new Set(['/v1/graphql', '/v1alpha1/graphql'])

/** Whether node:http should hand this request to `serveGraphqlPost` rather than to the Hono app. */
export function isGraphqlPost(req: IncomingMessage): boolean {
  if (req.method !== 'POST' || !req.url) return false
  const query = req.url.indexOf('?')
  return GRAPHQL_PATHS.has(query === -1 ? req.url : req.url.slice(0, query))
}

/**
 * `POST /v1/graphql` straight from node:http, without the web Request and Response objects the
 * Hono adapter builds for every request (headers, body stream, an AbortSignal): the API's hottest
 * path, answered by the same `graphqlPostHandler` as the Hono route.
 */
export function serveGraphqlPost(handle: (post: GraphqlPost) => Promise<GraphqlPostAnswer>, log: Logger) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    let refused = false
    const post: GraphqlPost = {
      headers: requestHeaders(req),
      readBody: async (limit) => {
        const text = await readBody(req, limit)
        refused = text === null
        return text
      },
      clientAddress: req.socket.remoteAddress ?? 'unknown',
      clientGone: new ResponseClient(res),
    }
    handle(post).then(
      (answer) => {
        const { headers } = answer
        headers['content-length'] = String(Buffer.byteLength(answer.body))
        // A body refused half-read is not read on: the connection closes after the answer.
        if (refused) headers.connection = 'close'
        res.writeHead(answer.status, headers)
        res.end(answer.body)
      },
      (error: unknown) => {
        log.error('unhandled error', { path: req.url, error: String(error), stack: (error as Error).stack })
        if (res.headersSent) return void res.destroy()
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify({ error: 'internal-error', message: 'Internal server error' }))
      },
    )
  }
}

/** The client of one response: gone once the response closes before it was written in full. */
class ResponseClient implements ClientGone {
  constructor(private readonly res: ServerResponse) {}

  get gone(): boolean {
    return this.res.destroyed && !this.res.writableFinished
  }

  onGone(listener: () => void): () => void {
    const onClose = () => {
      if (!this.res.writableFinished) listener()
    }
    this.res.once('close', onClose)
    return () => this.res.off('close', onClose)
  }
}

/**
 * Node's headers as they are (names lower-cased, a repeated header joined with ", " as the Fetch
 * API does), without a copy: only `set-cookie` can be a list there, and neither sessions nor the
 * GraphQL route read it.
 */
function requestHeaders(req: IncomingMessage): RequestHeaders {
  return req.headers as RequestHeaders
}

/**
 * The body as UTF-8 text, or null once it passes `limit` bytes, declared or not (the rest is left
 * unread); rejects when the client goes away mid-body (Node reports it as an 'aborted' error).
 * Stream events rather than an async iterator: this runs for every GraphQL request.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let length = 0
    const onData = (chunk: Buffer) => {
      length += chunk.length
      if (length <= limit) return void chunks.push(chunk)
      req.pause()
      done()
      resolve(null)
    }
    const onEnd = () => {
      done()
      resolve(Buffer.concat(chunks, length).toString('utf8'))
    }
    const onError = (error: Error) => {
      done()
      reject(error)
    }
    const done = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
  })
}
