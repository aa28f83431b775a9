import type { IncomingMessage } from 'node:http'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { rawRequest } from '../support/raw-http.ts'
import { testDatabaseKind } from '../support/test-database.ts'

/**
 * Every answer of the real backend names its request with `x-request-id`, whichever code writes
 * it: node:http's fast paths (GraphQL, functions), the Hono app (auth, storage, admin, health, a
 * path no service owns), Node's own refusals of unreadable requests and the WebSocket's 101. A
 * sane id of the client's is kept; anything else is replaced by a new UUID. Refusals keep each
 * service's own body shape.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let server: GraphqlTestBackend

beforeAll(async () => {
  server = await startGraphqlTestBackend()
})

afterAll(async () => {
  await server?.stop()
})

/** One request with the client's id `id`; the answer's status, id and JSON body (null when not JSON). */
async function call(path: string, id: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, { ...init, headers: { ...(init.headers as object), 'x-request-id': id } })
  const text = await response.text()
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    // A text answer (/healthz).
  }
  return { status: response.status, requestId: response.headers.get('x-request-id'), body, headers: response.headers }
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe(`request ids on every path (${testDatabaseKind})`, () => {
  it('names answers of the GraphQL fast path, ok and refused, with the client id, in their Hasura shapes', async () => {
    const ok = await call('/v1/graphql', 'gql-ok-1', json({ query: '{ __typename }' }))
    expect(ok).toMatchObject({ status: 200, requestId: 'gql-ok-1', body: { data: { __typename: 'query_root' } } })
    const notJson = await call('/v1/graphql', 'gql-bad-2', { method: 'POST', body: '{not json' })
    expect(notJson).toMatchObject({ status: 400, requestId: 'gql-bad-2', body: { path: '$', error: 'invalid json', code: 'invalid-json' } })
    const mutationByGet = await call(`/v1/graphql?${new URLSearchParams({ query: 'mutation { __typename }' })}`, 'gql-get-3')
    expect(mutationByGet).toMatchObject({ status: 405, requestId: 'gql-get-3', body: { path: '$', code: 'method-not-allowed' } })
    expect(mutationByGet.headers.get('allow')).toBe('POST')
    expect(mutationByGet.headers.get('cache-control')).toBe('no-store')
    const badToken = await call('/v1/graphql', 'gql-jwt-4', {
      ...json({ query: '{ __typename }' }),
      headers: { authorization: 'Bearer x' },
    })
    expect(badToken).toMatchObject({ status: 200, requestId: 'gql-jwt-4', body: { errors: [{ extensions: { code: 'invalid-jwt' } }] } })
  })

  it('names answers of the Hono app with the client id, in each service shape', async () => {
    expect(await call('/healthz', 'health-1')).toMatchObject({ status: 200, requestId: 'health-1' })
    const explain = await call('/v1/graphql/explain', 'explain-2', json({ query: { query: '{ __typename }' } }))
    expect(explain).toMatchObject({ status: 400, requestId: 'explain-2', body: { path: '$', code: 'access-denied' } })
    const nowhere = await call('/v1/no-such-service', 'nowhere-3')
    expect(nowhere).toEqual(
      expect.objectContaining({
        status: 404,
        requestId: 'nowhere-3',
        body: { path: '$', error: 'resource does not exist', code: 'not-found' },
      }),
    )
    const metadata = await call('/v1/metadata', 'admin-4', json({ type: 'export_metadata', args: {} }))
    expect(metadata).toMatchObject({ status: 400, requestId: 'admin-4', body: { code: 'access-denied' } })
    const signIn = await call(
      '/v1/auth/signin/email-password',
      'auth-5',
      json({ email: 'nobody@example.com', password: 'wrong-password-1' }),
    )
    expect(signIn).toMatchObject({ status: 401, requestId: 'auth-5', body: { status: 401, error: 'invalid-email-password' } })
    const file = await call('/v1/storage/files/not-a-uuid', 'storage-6')
    expect(file.requestId).toBe('storage-6')
    expect(file.body).toMatchObject({ error: { message: expect.any(String) } })
  })

  it('names answers of the functions fast path with the client id', async () => {
    // Answered by a worker once one serves (Express's 404, as Nhost's runtime), by the backend before.
    const missing = await call('/v1/functions/no-such-function', 'functions-1', json({}))
    expect(missing.requestId).toBe('functions-1')
    // Refused by the backend before any worker is asked, in the functions' error shape.
    const tooLarge = await call('/v1/functions/no-such-function', 'functions-2', json({ pad: 'x'.repeat(7_000_000) }))
    expect(tooLarge).toMatchObject({
      status: 413,
      requestId: 'functions-2',
      body: { error: { code: expect.any(String), message: expect.any(String) } },
    })
  })

  it('replaces an id that is not sane with a new UUID', async () => {
    const answer = await call('/v1/graphql', 'two words', json({ query: '{ __typename }' }))
    expect(answer.requestId).toMatch(UUID)
    const hono = await call('/healthz', 'x'.repeat(200))
    expect(hono.requestId).toMatch(UUID)
  })

  it("names Node's refusal of an unreadable request with a new id, in Hasura's shape", async () => {
    const search = new URLSearchParams({ query: `{ __typename } #${'x'.repeat(20_000)}` })
    const answer = await rawRequest({ url: server.url, head: `GET /v1/graphql?${search} HTTP/1.1\r\nHost: localhost` })
    expect(answer.status).toBe(431)
    expect(answer.headers['x-request-id']).toMatch(UUID)
    expect(JSON.parse(answer.body)).toMatchObject({ path: '$', code: 'request-too-large' })
  })

  it("names the WebSocket's 101 with the client id", async () => {
    const socket = new WebSocket(server.wsUrl, 'graphql-transport-ws', { headers: { 'x-request-id': 'ws-upgrade-1' } })
    const upgrade = await new Promise<IncomingMessage>((resolve, reject) => {
      socket.once('upgrade', resolve)
      socket.once('error', reject)
    })
    socket.close()
    expect(upgrade.statusCode).toBe(101)
    expect(upgrade.headers['x-request-id']).toBe('ws-upgrade-1')
  })
})
