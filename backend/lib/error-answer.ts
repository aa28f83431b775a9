import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Context, ErrorHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError } from './http-error.ts'
import type { Logger } from './logger.ts'
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.ts'

/** One HTTP surface's error handling: its service's name in the log and what a failure that is not an `HttpError` looks like there. */
export interface ErrorSurface {
  service: string
  /** Answered, in the service's shape, for anything that is not an `HttpError` (logged with its stack). */
  internal: HttpError
  log: Logger
}

/** Which request failed, for the answer and the log line. */
export interface FailedRequest {
  requestId: string
  method?: string
  path?: string
}

export interface ErrorAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * The one error handler: an `HttpError` answers in its own service's shape; anything else is
 * logged with the request's id and answered as the surface's internal error, with no detail.
 * Every answer carries the request id.
 */
export function errorAnswer(error: unknown, surface: ErrorSurface, request: FailedRequest): ErrorAnswer {
  let shown: HttpError
  if (error instanceof HttpError) {
    shown = error
  } else {
    surface.log.error(`${surface.service}: request failed`, {
      ...request,
      error: String(error),
      stack: (error as Error | undefined)?.stack,
    })
    shown = surface.internal
  }
  return httpErrorAnswer(shown, request.requestId)
}

/** An `HttpError`'s answer in its service's shape, named by the request's id: for refusals a handler returns rather than throws. */
export function httpErrorAnswer(error: HttpError, requestId: string): ErrorAnswer {
  return {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...error.headers(), [REQUEST_ID_HEADER]: requestId },
    body: JSON.stringify(error.body()),
  }
}

/** Hono's `onError` for a surface. */
export function honoErrorHandler(surface: ErrorSurface): ErrorHandler {
  return (error, c) => {
    const answer = errorAnswer(error, surface, { requestId: requestIdOf(c), method: c.req.method, path: c.req.path })
    return c.body(answer.body, answer.status as ContentfulStatusCode, answer.headers)
  }
}

type RequestIdEnv = { Variables: { requestId?: string } }

/**
 * The request's id: the one the app's first middleware recorded (`setRequestId`), else the one
 * node:http's listener chose (in the Node request's headers: Hono's copy is made from the raw
 * ones), else the client's own if sane, else a new one.
 */
export function requestIdOf(c: Context): string {
  const incoming = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming
  return (
    (c as Context<RequestIdEnv>).get('requestId') ??
    requestIdFrom(incoming?.headers?.[REQUEST_ID_HEADER] ?? c.req.header(REQUEST_ID_HEADER))
  )
}

export function setRequestId(c: Context, requestId: string): void {
  ;(c as Context<RequestIdEnv>).set('requestId', requestId)
}

/**
 * An error answered straight from node:http. A body still being sent is read and thrown away
 * (up to `drainBytes`, then the connection is cut) so that the client reads the answer rather
 * than a reset; an answer already under way can only be cut.
 */
export function sendErrorAnswer(req: IncomingMessage, res: ServerResponse, answer: ErrorAnswer, drainBytes: number): void {
  if (res.headersSent) return void res.destroy()
  if (!req.complete) drainThenClose(req, drainBytes)
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) })
  res.end(answer.body)
}

/**
 * Reads the rest of a refused body without keeping it. Closing the socket with bytes unread would
 * make the kernel reset the connection, and the client would lose the answer with it.
 */
function drainThenClose(req: IncomingMessage, drainBytes: number): void {
  let drained = 0
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > drainBytes) req.socket.destroy()
  })
  req.on('error', () => {})
  req.resume()
}
