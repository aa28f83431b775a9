import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphqlHttpAnswer, GraphqlPost } from './graphql-routes.ts'
import { createLogger } from '../lib/logger.ts'
import { isGraphqlHttpRequest, serveGraphqlHttp } from './serve-graphql-http.ts'

let server: Server
let port: number
const seen: { body: string | null; headers: GraphqlPost['headers'] }[] = []
const readFailures: Error[] = []
const searches: string[] = []

beforeAll(async () => {
  const serve = serveGraphqlHttp(
    {
      async post(post): Promise<GraphqlHttpAnswer> {
        const body = await post.readBody(100).catch((error: Error) => {
          readFailures.push(error)
          throw error
        })
        seen.push({ body, headers: post.headers })
        if (body === 'explode') throw new Error('handler bug')
        return body === null
          ? { status: 413, headers: { 'content-type': 'application/json' }, body: '{"code":"request-too-large"}' }
          : { status: 200, headers: { 'content-type': 'application/json', 'x-request-id': 'r1' }, body: `{"echo":${JSON.stringify(body)}}` }
      },
      async get(get): Promise<GraphqlHttpAnswer> {
        searches.push(get.search)
        if (get.search === 'explode') throw new Error('handler bug')
        return { status: 200, headers: { 'cache-control': 'no-store' }, body: `{"get":${JSON.stringify(get.search)}}` }
      },
    },
    createLogger('silent'),
  )
  server = createServer(serve)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function post(
  chunks: string[],
  headers: Record<string, string> = {},
  method = 'POST',
  path = '/v1/graphql',
): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, method, path, headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

describe('serveGraphqlHttp', () => {
  it('takes POSTs and GETs to both GraphQL paths, with or without a query string, and nothing else', () => {
    const req = (method: string, url: string) => ({ method, url }) as IncomingMessage
    expect(isGraphqlHttpRequest(req('POST', '/v1/graphql'))).toBe(true)
    expect(isGraphqlHttpRequest(req('POST', '/v1alpha1/graphql?x=1'))).toBe(true)
    expect(isGraphqlHttpRequest(req('GET', '/v1/graphql?query=%7Ba%7D'))).toBe(true)
    expect(isGraphqlHttpRequest(req('PUT', '/v1/graphql'))).toBe(false)
    expect(isGraphqlHttpRequest(req('POST', '/v1/graphql/explain'))).toBe(false)
    expect(isGraphqlHttpRequest(req('GET', '/v1/graphqlx?query=1'))).toBe(false)
  })

  it("hands a GET's query string to the GET handler and answers with its headers", async () => {
    const answer = await post([], {}, 'GET', '/v1/graphql?query=%7B%20a%20%7D&variables=%7B%7D')
    expect(answer).toMatchObject({ status: 200, body: '{"get":"query=%7B%20a%20%7D&variables=%7B%7D"}' })
    expect(answer.headers).toMatchObject({ 'cache-control': 'no-store', 'content-length': String(answer.body.length) })
    expect((await post([], {}, 'GET', '/v1/graphql')).body).toBe('{"get":""}')
  })

  it("answers a GET handler's failure with a 500 in Hasura's GraphQL shape", async () => {
    const answer = await post([], {}, 'GET', '/v1/graphql?explode')
    expect(answer.status).toBe(500)
    expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ extensions: { code: 'unexpected' } }] })
  })

  it('hands over the body and the headers, and answers with the handler status, headers and a length', async () => {
    const answer = await post(['{"query":', '"{ a }"}'], { 'x-hasura-role': 'user' })
    expect(answer).toMatchObject({ status: 200, body: '{"echo":"{\\"query\\":\\"{ a }\\"}"}' })
    expect(answer.headers).toMatchObject({ 'x-request-id': 'r1', 'content-length': String(answer.body.length) })
    expect(seen.at(-1)?.headers['x-hasura-role']).toBe('user')
  })

  it('stops reading a chunked body past the limit and closes the connection after the 413', async () => {
    const answer = await post(['x'.repeat(60), 'x'.repeat(60)])
    expect(seen.at(-1)?.body).toBeNull()
    expect(answer.status).toBe(413)
    expect(answer.headers.connection).toBe('close')
  })

  it('fails the body read of a client that goes away mid-body, and serves the next request', async () => {
    const before = seen.length
    const req = request({ port, method: 'POST', path: '/v1/graphql' })
    req.on('error', () => undefined)
    req.write('{"query":')
    await new Promise((resolve) => setTimeout(resolve, 50))
    req.destroy()
    await expect.poll(() => readFailures.length).toBe(1)
    expect(seen.length).toBe(before)
    expect((await post(['next'])).status).toBe(200)
  })

  it("answers a handler failure with a 500 in Hasura's GraphQL shape", async () => {
    const answer = await post(['explode'])
    expect(answer.status).toBe(500)
    expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: 'internal error', extensions: { path: '$', code: 'unexpected' } }] })
  })
})
