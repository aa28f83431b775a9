import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { FunctionPool } from './function-pool.ts'
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
 * 504 and the worker is replaced; a worker that dies mid-call answers 502.
 */
export function proxyFunctionCall(pool: FunctionPool, limits: CallLimits, req: IncomingMessage, res: ServerResponse, path: string): void {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limits.maxRequestBytes) return refuse(req, res, 413, tooLarge(limits))

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
  const fail = (status: number, body: Record<string, string>) => {
    if (done) return
    end(true)
    if (res.headersSent) res.destroy()
    else refuse(req, res, status, body)
  }
  const deadline = setTimeout(() => {
    if (worker) pool.replace(worker)
    fail(504, { error: 'function-timeout', message: `The function did not answer within ${limits.timeLimitMs} ms` })
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
        answer.once('error', () => fail(502, unavailable))
      })
      upstream.on('error', () => fail(502, unavailable))
      let received = 0
      req.on('data', (chunk: Buffer) => {
        if (done) return
        received += chunk.length
        if (received > limits.maxRequestBytes) return fail(413, tooLarge(limits))
        if (!upstream.write(chunk)) {
          req.pause()
          upstream.once('drain', () => req.resume())
        }
      })
      req.once('end', () => upstream.end())
    },
    () => {
      // acquire only rejects when the call already ended (deadline or caller gone).
    },
  )
}

const unavailable = { error: 'function-unavailable', message: "The function's worker stopped before answering" }

function tooLarge(limits: CallLimits) {
  return { error: 'payload-too-large', message: `The request body is larger than ${limits.maxRequestBytes} bytes` }
}

/** An error answer; an unread request body is not waited for: the connection closes after. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, body: Record<string, string>): void {
  const unread = !req.complete
  res.writeHead(status, { 'content-type': 'application/json', ...(unread ? { connection: 'close' } : {}) })
  res.end(JSON.stringify({ status, ...body }))
  if (unread) req.resume()
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

function endToEnd(rawHeaders: string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[i]!.toLowerCase())) kept.push(rawHeaders[i]!, rawHeaders[i + 1]!)
  }
  return kept
}
