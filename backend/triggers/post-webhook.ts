import { request as httpRequest, Agent as HttpAgent } from 'node:http'
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https'

export interface WebhookHeader {
  name: string
  value: string
}

export interface WebhookRequest {
  url: string
  headers: WebhookHeader[]
  body: unknown
  timeoutMs: number
  signal?: AbortSignal
}

export type WebhookOutcome =
  { kind: 'response'; status: number; headers: WebhookHeader[]; body: string } | { kind: 'error'; message: string }

/** Kept short: a webhook answer is logged, not used (Hasura logs the body of the response). */
const MAX_LOGGED_BODY = 64 * 1024
const USER_AGENT = 'hasura-graphql-engine/v2.48.0-pulseboard'

// Keep-alive: node's default agent opens a connection per request, which caps throughput at a
// few hundred deliveries a second (bench/RESULTS.md, events).
const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 100 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 100 }) }

/** POSTs JSON with Hasura's request headers; never throws: failures are outcomes to log and retry. */
export function postWebhook(req: WebhookRequest): Promise<WebhookOutcome> {
  let url: URL
  try {
    url = new URL(req.url)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported protocol ${url.protocol}`)
  } catch (error) {
    return Promise.resolve({ kind: 'error', message: `invalid webhook URL: ${(error as Error).message}` })
  }
  const body = JSON.stringify(req.body)
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT }
  for (const h of req.headers) headers[h.name.toLowerCase()] = h.value
  headers['content-length'] = String(Buffer.byteLength(body))
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    const outgoing = send(
      url,
      { method: 'POST', headers, agent: url.protocol === 'https:' ? agents.https : agents.http, signal: req.signal },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_LOGGED_BODY) chunks.push(chunk)
          size += chunk.length
        })
        res.on('end', () => {
          clearTimeout(timer)
          const responseHeaders = Object.entries(res.headers).flatMap(([name, value]) =>
            value === undefined ? [] : [{ name, value: Array.isArray(value) ? value.join(', ') : value }],
          )
          resolve({
            kind: 'response',
            status: res.statusCode ?? 0,
            headers: responseHeaders,
            body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_LOGGED_BODY),
          })
        })
        res.on('error', (error) => finish(error.message))
      },
    )
    const finish = (message: string) => {
      clearTimeout(timer)
      resolve({ kind: 'error', message })
    }
    const timer = setTimeout(() => {
      outgoing.destroy(new Error(`response timeout after ${req.timeoutMs} ms`))
    }, req.timeoutMs)
    outgoing.on('error', (error) => finish(error.message))
    outgoing.end(body)
  })
}

/** The webhook's host refused the connection: the request certainly never reached it. */
export function wasRefused(outcome: WebhookOutcome): boolean {
  return outcome.kind === 'error' && outcome.message.includes('ECONNREFUSED')
}

export function isSuccess(outcome: WebhookOutcome): boolean {
  return outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300
}

/** Hasura honours `Retry-After` only as a positive number of seconds (`parseRetryHeader`). */
export function retryAfterSeconds(outcome: WebhookOutcome): number | undefined {
  if (outcome.kind !== 'response') return undefined
  const value = outcome.headers.find((h) => h.name.toLowerCase() === 'retry-after')?.value
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined
  const seconds = Number(value)
  return seconds > 0 ? seconds : undefined
}

/** The `request` and `response` columns of Hasura's invocation logs (version "2" of its format). */
export function invocationLog(req: WebhookRequest, outcome: WebhookOutcome): { request: unknown; response: unknown; status: number } {
  const request = { payload: req.body, headers: req.headers, version: '2' }
  if (outcome.kind === 'error') {
    // 1000: the status Hasura records for a request that got no HTTP answer (timeout, refused).
    return { request, response: { type: 'client_error', data: { message: outcome.message }, version: '2' }, status: 1000 }
  }
  const data = { status: outcome.status, headers: outcome.headers, body: outcome.body, size: outcome.body.length }
  return { request, response: { type: 'webhook_response', data, version: '2' }, status: outcome.status }
}
