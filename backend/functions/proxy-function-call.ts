import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { errorAnswer, sendErrorAnswer, type ErrorSurface } from '../lib/error-answer.ts'
import type { HttpError } from '../lib/http-error.ts'
import { REQUEST_ID_HEADER, requestIdFrom } from '../lib/request-id.ts'
import { CallQueueFullError, type FunctionPool } from './function-pool.ts'
import { FunctionsError } from './functions-error.ts'
import type { WorkerProcess } from './worker-process.ts'

export interface CallLimits {
  timeLimitMs: number
  maxRequestBytes: number
}

// Hop-by-hop headers (RFC 9110 §7.6.1) and `Expect` (answered by this server) belong to one
// connection, not to the call.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'expect'])

/**
 * Passes one call to a worker and its answer back, both streamed: the body is counted on its
 * way through (past the limit: 413) and never held here. Past the time limit the caller gets a
 * 504 and the worker is replaced (not when the call was still waiting for one); a worker that dies
 * mid-call answers 502; a call that finds the pool's queue full answers 503 at once.
 */
export function proxyFunctionCall(
  pool: FunctionPool,
  limits: CallLimits,
  surface: ErrorSurface,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): void {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limits.maxRequestBytes) return refuseCall(surface, limits, req, res, tooLarge(limits))

  const abort = new AbortController()
  let worker: WorkerProcess | undefined
  let done = false
  /** Ends the call once; `cut` stops whatever is still under way (waiting, upstream request). */
  const end = (cut: boolean) => {
    if (done) return
    done = true
    clearTimeout(deadline)
    if (cut) abort.abort()
    if (worker) pool.release(worker)
  }
  const fail = (error: HttpError) => {
    if (done) return
    end(true)
    refuseCall(surface, limits, req, res, error)
  }
  const deadline = setTimeout(() => {
    if (worker) pool.replace(worker)
    fail(new FunctionsError(504, 'function-timeout', `The function did not answer within ${limits.timeLimitMs} ms`))
  }, limits.timeLimitMs)
  res.once('close', () => end(true))

  pool.acquire(abort.signal).then(
    (acquired) => {
      worker = acquired
      if (done) return pool.release(acquired)
      const upstream = request({
        host: '127.0.0.1',
        port: acquired.port,
        agent: acquired.agent,
        method: req.method,
        path,
        headers: forwardedHeaders(req),
        signal: abort.signal,
      })
      upstream.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders))
        answer.pipe(res)
        answer.once('end', () => end(false))
        answer.once('error', () => fail(unavailable()))
      })
      upstream.on('error', () => fail(unavailable()))
      let received = 0
      req.on('data', (chunk: Buffer) => {
        if (done) return
        received += chunk.length
        if (received > limits.maxRequestBytes) return fail(tooLarge(limits))
        if (!upstream.write(chunk)) {
          req.pause()
          upstream.once('drain', () => req.resume())
        }
      })
      req.once('end', () => upstream.end())
    },
    // Otherwise the call has already ended (deadline or caller gone) or the functions are stopping.
    (error: unknown) => fail(error instanceof CallQueueFullError ? new FunctionsBusyError() : unavailable()),
  )
}

const unavailable = () => new FunctionsError(502, 'function-unavailable', "The function's worker stopped before answering")

/** Seconds a caller refused for a full queue is asked to wait before trying again. */
const BUSY_RETRY_AFTER_SECONDS = 1

/** Every worker serves its share of calls and the queue is full: try again shortly. */
class FunctionsBusyError extends FunctionsError {
  constructor() {
    super(503, 'functions-busy', 'Every functions worker is busy and the queue of calls is full; try again shortly')
  }

  override headers(): Record<string, string> {
    return { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) }
  }
}

function tooLarge(limits: CallLimits): FunctionsError {
  return new FunctionsError(413, 'payload-too-large', `The request body is larger than ${limits.maxRequestBytes} bytes`)
}

/**
 * Answers a call the backend itself ends (too large, timed out, worker gone) through the one
 * error handler. Up to another `maxRequestBytes` of a body still arriving is read and dropped,
 * so that the client reads the answer rather than a reset connection.
 */
export function refuseCall(surface: ErrorSurface, limits: CallLimits, req: IncomingMessage, res: ServerResponse, error: HttpError): void {
  const answer = errorAnswer(error, surface, {
    requestId: requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    method: req.method,
    path: req.url,
  })
  sendErrorAnswer(req, res, answer, limits.maxRequestBytes)
}

function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name)) headers[name] = value
  }
  const client = req.socket.remoteAddress
  if (client) headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${client}` : client
  headers['x-forwarded-proto'] ??= 'http'
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host
  return headers
}

/**
 * The worker's end-to-end headers, a repeated one (`Set-Cookie`) as a list: the answer already has
 * `x-request-id` set, and then Node's `writeHead` sets a flat list's pairs one by one, keeping only
 * the last of each name.
 */
function endToEnd(rawHeaders: string[]): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {}
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase()
    if (HOP_BY_HOP.has(name)) continue
    const value = rawHeaders[i + 1]!
    const earlier = kept[name]
    kept[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value]
  }
  return kept
}
