import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invocationLog, isSuccess, postWebhook, retryAfterSeconds, wasRefused, type WebhookOutcome } from './post-webhook.ts'

const response = (status: number, headers: Record<string, string> = {}, body = ''): WebhookOutcome => ({
  kind: 'response',
  status,
  headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
  body,
})

describe('delivery outcome classification', () => {
  it('counts 2xx answers only as success', () => {
    expect(isSuccess(response(200))).toBe(true)
    expect(isSuccess(response(204))).toBe(true)
    expect(isSuccess(response(299))).toBe(true)
    expect(isSuccess(response(199))).toBe(false)
    expect(isSuccess(response(301))).toBe(false)
    expect(isSuccess(response(500))).toBe(false)
    expect(isSuccess({ kind: 'error', message: 'timeout' })).toBe(false)
  })

  it('tells a refused connection (never reached the webhook) from other failures', () => {
    expect(wasRefused({ kind: 'error', message: 'connect ECONNREFUSED 127.0.0.1:1' })).toBe(true)
    expect(wasRefused({ kind: 'error', message: 'socket hang up' })).toBe(false)
    expect(wasRefused(response(503, {}, 'ECONNREFUSED'))).toBe(false)
  })

  it('honours Retry-After only as a positive whole number of seconds, header name in any case', () => {
    expect(retryAfterSeconds(response(503, { 'Retry-After': '5' }))).toBe(5)
    expect(retryAfterSeconds(response(429, { 'retry-after': ' 120 ' }))).toBe(120)
    expect(retryAfterSeconds(response(503, { 'Retry-After': '0' }))).toBeUndefined()
    expect(retryAfterSeconds(response(503, { 'Retry-After': '-5' }))).toBeUndefined()
    expect(retryAfterSeconds(response(503, { 'Retry-After': '1.5' }))).toBeUndefined()
    expect(retryAfterSeconds(response(503, { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' }))).toBeUndefined()
    expect(retryAfterSeconds(response(503))).toBeUndefined()
    expect(retryAfterSeconds({ kind: 'error', message: 'timeout' })).toBeUndefined()
  })

  it("logs in Hasura's version 2 format, status 1000 for a request with no answer", () => {
    const req = { url: 'http://hook', headers: [{ name: 'x-a', value: '1' }], body: { id: 'e1' }, timeoutMs: 1000 }
    expect(invocationLog(req, { kind: 'error', message: 'timeout' })).toEqual({
      request: { payload: { id: 'e1' }, headers: [{ name: 'x-a', value: '1' }], version: '2' },
      response: { type: 'client_error', data: { message: 'timeout' }, version: '2' },
      status: 1000,
    })
    const answered = invocationLog(req, response(500, { 'content-type': 'text/plain' }, 'boom'))
    expect(answered.status).toBe(500)
    expect(answered.response).toEqual({
      type: 'webhook_response',
      data: { status: 500, headers: [{ name: 'content-type', value: 'text/plain' }], body: 'boom', size: 4 },
      version: '2',
    })
  })
})

describe('postWebhook', () => {
  let server: Server
  let url: string
  const received: { method?: string; headers: Record<string, unknown>; body: string }[] = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        received.push({ method: req.method, headers: req.headers, body })
        if (req.url === '/slow') return // never answers: the timeout must end the call
        res.writeHead(req.url === '/fail' ? 500 : 200, { 'Retry-After': '7' }).end('answer')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('POSTs the body as JSON with the given headers and returns the answer', async () => {
    const outcome = await postWebhook({ url: `${url}/ok`, headers: [{ name: 'X-Secret', value: 's' }], body: { a: 1 }, timeoutMs: 30_000 })
    expect(outcome).toMatchObject({ kind: 'response', status: 200, body: 'answer' })
    expect(retryAfterSeconds(outcome)).toBe(7)
    const request = received.at(-1)!
    expect(request.method).toBe('POST')
    expect(JSON.parse(request.body)).toEqual({ a: 1 })
    expect(request.headers['content-type']).toMatch(/^application\/json/)
    expect(request.headers['x-secret']).toBe('s')
  })

  it('answers a failure status as a response, not an error', async () => {
    const outcome = await postWebhook({ url: `${url}/fail`, headers: [], body: {}, timeoutMs: 30_000 })
    expect(outcome).toMatchObject({ kind: 'response', status: 500 })
    expect(isSuccess(outcome)).toBe(false)
  })

  it('never throws: a bad URL, a refused connection and a timeout are error outcomes', async () => {
    expect((await postWebhook({ url: 'not a url', headers: [], body: {}, timeoutMs: 1000 })).kind).toBe('error')
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const refused = await postWebhook({ url: `http://127.0.0.1:${port}/`, headers: [], body: {}, timeoutMs: 30_000 })
    expect(wasRefused(refused)).toBe(true)
    const slow = await postWebhook({ url: `${url}/slow`, headers: [], body: {}, timeoutMs: 200 })
    expect(slow.kind).toBe('error')
  })
})
