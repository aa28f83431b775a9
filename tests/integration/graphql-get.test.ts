import { Agent, request } from 'node:http'
import { cacheExchange, Client, fetchExchange, subscriptionExchange, type OperationResult } from '@urql/core'
import { createClient as createWsClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { rawRequest } from '../support/raw-http.ts'
import { replaceMetadata } from '../support/metadata.ts'

/**
 * `GET /v1/graphql` on the running backend (node:http's fast path, the Nhost base path alias),
 * and urql with its defaults, which sends queries with GET: a query, a mutation (POST) and a
 * subscription over graphql-ws, as one user.
 */
let server: GraphqlTestBackend

beforeAll(async () => {
  server = await startGraphqlTestBackend()
  await server.runSql(`
    CREATE TABLE public.notes (id serial PRIMARY KEY, owner_id text NOT NULL, body text NOT NULL);
    INSERT INTO public.notes (owner_id, body) VALUES ('alice', 'a1'), ('bob', 'b1');`)
  await server.admin(
    '/v1/metadata',
    replaceMetadata([
      {
        table: { schema: 'public', name: 'notes' },
        select_permissions: [{ role: 'user', permission: { columns: ['id', 'body'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } } }],
        insert_permissions: [{ role: 'user', permission: { columns: ['body'], set: { owner_id: 'X-Hasura-User-Id' }, check: {} } }],
      },
    ]),
  )
})

afterAll(() => server?.stop())

const NOTES = 'query Notes { notes(order_by: { id: asc }) { body } }'

describe('GET /v1/graphql on the running backend', () => {
  it('answers a query as the JWT of the Authorization header, at both base paths, never cached', async () => {
    const token = await server.jwt('alice')
    for (const path of ['/v1/graphql', '/graphql/v1']) {
      const response = await fetch(`${server.url}${path}?${new URLSearchParams({ query: NOTES })}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(await response.json()).toEqual({ data: { notes: [{ body: 'a1' }] } })
    }
  })

  it('runs as the role the admin secret names', async () => {
    const query = new URLSearchParams({ query: NOTES })
    const response = await fetch(`${server.url}/graphql/v1?${query}`, {
      headers: { 'x-hasura-admin-secret': 'graphql-test-admin-secret', 'x-hasura-role': 'user', 'x-hasura-user-id': 'bob' },
    })
    expect(await response.json()).toEqual({ data: { notes: [{ body: 'b1' }] } })
  })

  it('refuses a mutation with 405 and Allow: POST, and writes nothing', async () => {
    const mutation = 'mutation { insert_notes_one(object: { body: "x" }) { id } }'
    const response = await fetch(`${server.url}/v1/graphql?${new URLSearchParams({ query: mutation })}`, {
      headers: { authorization: `Bearer ${await server.jwt('alice')}` },
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(await server.runSql('SELECT count(*) FROM notes')).toMatchObject({ result: [['count'], ['2']] })
  })

  it('answers a URL past the HTTP server header limit with 431 and why, and serves on', async () => {
    const search = new URLSearchParams({ query: `{ notes { body } } #${'x'.repeat(20_000)}` })
    const answer = await rawRequest({ url: server.url, head: `GET /v1/graphql?${search} HTTP/1.1\r\nHost: localhost` })
    expect(answer.status).toBe(431)
    expect(answer.headers.connection).toBe('close')
    expect(JSON.parse(answer.body)).toEqual({
      path: '$',
      code: 'request-too-large',
      error: 'the request line and headers exceed 16384 bytes: send a long GraphQL query with POST',
    })
    const response = await fetch(`${server.url}/v1/graphql?${new URLSearchParams({ query: '{ __typename }' })}`)
    expect(await response.json()).toEqual({ data: { __typename: 'query_root' } })
  })

  it('answers 431 on a kept-alive connection that has served requests before', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const send = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
        const outgoing = request(`${server.url}${path}`, { agent, headers }, (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, socket: outgoing.socket }))
        })
        outgoing.on('error', reject)
        outgoing.end()
      })
    const first = await send(`/v1/graphql?${new URLSearchParams({ query: '{ __typename }' })}`)
    expect(first.status).toBe(200)
    const huge = await send(`/v1/graphql?${new URLSearchParams({ query: '{ __typename }' })}`, {
      authorization: `Bearer ${'a'.repeat(60_000)}`,
    })
    // The same connection, which has answered before.
    expect(huge.socket).toBe(first.socket)
    expect(huge.status).toBe(431)
    expect(JSON.parse(huge.body)).toMatchObject({ code: 'request-too-large' })
    agent.destroy()
  })

  it('answers a request Node cannot parse as Node does, with a body', async () => {
    const answer = await rawRequest({ url: server.url, head: 'GET /v1/graphql HTTP/1.1\r\nHost: localhost\r\nbad header' })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({ path: '$', code: 'bad-request' })
  })
})

describe('urql with its defaults', () => {
  it('queries with GET, mutates with POST and subscribes over graphql-ws', async () => {
    const token = await server.jwt('carol')
    const methods: string[] = []
    const socket = server.track(
      createWsClient({ url: server.wsUrl, webSocketImpl: WebSocket, connectionParams: { headers: { Authorization: `Bearer ${token}` } } }),
    )
    const client = new Client({
      url: `${server.url}/graphql/v1`,
      exchanges: [
        cacheExchange,
        fetchExchange,
        subscriptionExchange({
          forwardSubscription: (operation) => ({
            subscribe: (sink) => ({ unsubscribe: socket.subscribe({ ...operation, query: operation.query ?? '' }, sink) }),
          }),
        }),
      ],
      fetchOptions: { headers: { Authorization: `Bearer ${token}` } },
      // Records each request's method on its way to the real fetch.
      fetch: (input, init) => {
        methods.push(init?.method ?? 'GET')
        return fetch(input, init)
      },
    })

    const empty = await client.query(NOTES, {}).toPromise()
    expect(empty.error).toBeUndefined()
    expect(empty.data).toEqual({ notes: [] })

    const seen: OperationResult[] = []
    const subscription = client.subscription('subscription { notes(order_by: { id: asc }) { body } }', {}).subscribe((result) => {
      seen.push(result)
    })
    await expect.poll(() => seen.at(-1)?.data).toEqual({ notes: [] })

    const inserted = await client
      .mutation('mutation ($body: String!) { insert_notes_one(object: { body: $body }) { body } }', { body: 'c1' })
      .toPromise()
    // urql adds `__typename` to the selections it sends over HTTP (its document cache keys on it).
    expect(inserted.data).toEqual({ insert_notes_one: { __typename: 'notes', body: 'c1' } })
    await expect.poll(() => seen.at(-1)?.data, { timeout: 10_000 }).toEqual({ notes: [{ body: 'c1' }] })
    subscription.unsubscribe()

    const again = await client.query(NOTES, {}, { requestPolicy: 'network-only' }).toPromise()
    expect(again.data).toEqual({ notes: [{ __typename: 'notes', body: 'c1' }] })
    expect(methods).toEqual(['GET', 'POST', 'GET'])
  })
})
