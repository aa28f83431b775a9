import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorAnswer, honoErrorHandler, type ErrorSurface } from './error-answer.ts'
import { HasuraGraphqlError, HasuraRestError, HttpError } from './http-error.ts'
import { createLogger } from './logger.ts'
import { requestIdFrom } from './request-id.ts'

/** A surface whose log lines the test reads. */
function surfaceKeepingLogs(internal: HttpError = new HasuraGraphqlError(500, 'unexpected', 'internal error')) {
  const lines: string[] = []
  const surface: ErrorSurface = { service: 'graphql', internal, log: createLogger('info', (line) => void lines.push(line)) }
  return { surface, lines }
}

/** A service's own shape, as functions and storage render theirs. */
class ServiceError extends HttpError {
  override body() {
    return { error: { code: this.code, message: this.message } }
  }

  override headers() {
    return { 'retry-after': '3' }
  }
}

describe('errorAnswer', () => {
  it("answers an HttpError in its service's shape, with its headers and the request id, and logs nothing", () => {
    const { surface, lines } = surfaceKeepingLogs()
    const request = { requestId: 'req-1', method: 'POST', path: '/v1/x' }
    expect(errorAnswer(new HasuraRestError(413, 'request-too-large', 'too large'), surface, request)).toEqual({
      status: 413,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req-1' },
      body: JSON.stringify({ path: '$', error: 'too large', code: 'request-too-large' }),
    })
    const graphql = errorAnswer(new HasuraGraphqlError(400, 'validation-failed', 'no such field'), surface, request)
    expect(JSON.parse(graphql.body)).toEqual({
      errors: [{ message: 'no such field', extensions: { path: '$', code: 'validation-failed' } }],
    })
    const service = errorAnswer(new ServiceError(503, 'busy', 'try later'), surface, request)
    expect(service.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'retry-after': '3', 'x-request-id': 'req-1' })
    expect(JSON.parse(service.body)).toEqual({ error: { code: 'busy', message: 'try later' } })
    expect(lines).toEqual([])
  })

  it("answers anything else as the surface's internal error without its detail, logged once with the request id and stack", () => {
    const { surface, lines } = surfaceKeepingLogs()
    const answer = errorAnswer(new TypeError('secret detail'), surface, { requestId: 'req-2', method: 'GET', path: '/v1/graphql' })
    expect(answer.status).toBe(500)
    expect(answer.headers['x-request-id']).toBe('req-2')
    expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: 'internal error', extensions: { path: '$', code: 'unexpected' } }] })
    expect(answer.body).not.toContain('secret detail')
    expect(lines).toHaveLength(1)
    const fields = JSON.parse(lines[0]!.slice(lines[0]!.indexOf('{'))) as Record<string, string>
    expect(lines[0]).toContain('error graphql: request failed')
    expect(fields).toMatchObject({ requestId: 'req-2', method: 'GET', path: '/v1/graphql', error: 'TypeError: secret detail' })
    expect(fields.stack).toContain('error-answer.test.ts')
  })
})

describe('honoErrorHandler', () => {
  const app = (surface: ErrorSurface) => {
    const hono = new Hono()
    hono.get('/refused', () => {
      throw new HasuraRestError(400, 'bad-request', 'refused')
    })
    hono.get('/broken', () => {
      throw new Error('secret detail')
    })
    hono.onError(honoErrorHandler(surface))
    return hono
  }

  it("answers thrown errors through errorAnswer, named by the client's sane request id", async () => {
    const { surface, lines } = surfaceKeepingLogs(new HasuraRestError(500, 'unexpected', 'internal error'))
    const refused = await app(surface).request('/refused', { headers: { 'x-request-id': 'client-7' } })
    expect(refused.status).toBe(400)
    expect(refused.headers.get('x-request-id')).toBe('client-7')
    expect(await refused.json()).toEqual({ path: '$', error: 'refused', code: 'bad-request' })
    const broken = await app(surface).request('/broken', { headers: { 'x-request-id': 'client-8' } })
    expect(broken.status).toBe(500)
    expect(broken.headers.get('x-request-id')).toBe('client-8')
    expect(await broken.json()).toEqual({ path: '$', error: 'internal error', code: 'unexpected' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('"requestId":"client-8"')
  })

  it('names a request whose id is not sane with a new one, in the answer and the log line alike', async () => {
    const { surface, lines } = surfaceKeepingLogs(new HasuraRestError(500, 'unexpected', 'internal error'))
    const broken = await app(surface).request('/broken', { headers: { 'x-request-id': 'two words' } })
    const requestId = broken.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(lines[0]).toContain(`"requestId":"${requestId}"`)
  })
})

describe('requestIdFrom', () => {
  it('keeps a sane client id and replaces anything else with a new UUID', () => {
    expect(requestIdFrom('abc-123_x.y:z')).toBe('abc-123_x.y:z')
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
    for (const given of [undefined, null, '', 'has space', 'x'.repeat(129), 'a\r\nset-cookie: b', ['one', 'two']]) {
      expect(requestIdFrom(given)).toMatch(uuid)
    }
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined))
  })
})
