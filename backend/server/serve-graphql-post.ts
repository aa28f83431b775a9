import type { IncomingMessage, ServerResponse } from 'node:http'
import type { GraphqlPost, GraphqlPostAnswer } from '../engine/graphql-routes.ts'
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
 * Hono adapter builds for every request (headers, body stream, abort signal): the API's hottest
 * path, answered by the same `graphqlPostHandler` as the Hono route.
 */
export function serveGraphqlPost(handle: (post: GraphqlPost) => Promise<GraphqlPostAnswer>, log: Logger) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const gone = new AbortController()
    res.once('close', () => {
      if (!res.writableFinished) gone.abort()
    })
    let refused = false
    const post: GraphqlPost = {
      headers: requestHeaders(req),
      readBody: async (limit) => {
        const text = await readBody(req, limit)
        refused = text === null
        return text
      },
      clientAddress: req.socket.remoteAddress ?? 'unknown',
      signal: gone.signal,
    }
    handle(post).then(
      (answer) => {
        // A body refused half-read is not read on: the connection closes after the answer.
        const headers = refused ? { ...answer.headers, connection: 'close' } : answer.headers
        res.writeHead(answer.status, { ...headers, 'content-length': Buffer.byteLength(answer.body) })
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

/** Node's headers (names already lower-cased) as sessions read them; a repeated header is joined, as the Fetch API does. */
function requestHeaders(req: IncomingMessage): RequestHeaders {
  const headers: RequestHeaders = {}
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value
  return headers
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
