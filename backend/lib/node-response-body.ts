import { ServerResponse, type OutgoingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Context } from 'hono'

/** What @hono/node-server hands `app.fetch` beside the web Request (HTTP/2's is no ServerResponse). */
interface NodeBindings {
  outgoing?: object
}

/** Per node:http response: a web body and the Node stream it reads, which can be piped instead. */
const nodeSources = new WeakMap<object, { body: ReadableStream<Uint8Array>; source: Readable }>()

/**
 * A response body that node:http may write straight from `source` (a file's or an S3 object's
 * stream), with no chunk passing through Web streams. `body` must read `source` only when it is
 * read itself: served by node:http (`sendNodeSources`), `body` is never read; answered in-process
 * (`app.request`, no node:http response), `body` is the answer as usual.
 */
export function preferNodeSource(c: Context, body: ReadableStream<Uint8Array>, source: Readable): ReadableStream<Uint8Array> {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing
  if (outgoing) nodeSources.set(outgoing, { body, source })
  return body
}

/**
 * Wraps an app's `fetch` for @hono/node-server: an answer whose body `preferNodeSource` made is
 * written here, its status and headers as every middleware left them, its bytes piped from the
 * Node stream into the socket (backpressure by the socket; a client that leaves destroys the
 * stream, which closes its file). A stream failing midway cuts the answer short, as the web body
 * did: its headers are already sent.
 */
export function sendNodeSources(
  fetch: (request: Request, env: NodeBindings) => Response | Promise<Response>,
  onStreamError: (error: unknown, request: Request) => void,
): (request: Request, env: NodeBindings) => Promise<Response> {
  return async (request, env) => {
    const response = await fetch(request, env)
    const outgoing = env.outgoing
    const entry = outgoing && nodeSources.get(outgoing)
    // Another answer (an error after the body was made, or a middleware's own body) goes as it is.
    if (!(outgoing instanceof ServerResponse) || !entry || response.body !== entry.body) return response
    nodeSources.delete(outgoing)
    outgoing.writeHead(response.status, nodeHeaders(response.headers))
    try {
      await pipeline(entry.source, outgoing)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') onStreamError(error, request)
    }
    return RESPONSE_ALREADY_SENT
  }
}

function nodeHeaders(headers: Headers): OutgoingHttpHeaders {
  const record: OutgoingHttpHeaders = {}
  for (const [name, value] of headers) if (name !== 'set-cookie') record[name] = value
  const cookies = headers.getSetCookie()
  if (cookies.length > 0) record['set-cookie'] = cookies
  return record
}
