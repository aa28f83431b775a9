import { ApolloClient, gql, InMemoryCache } from '@apollo/client'
import { GraphQLWsLink } from '@apollo/client/link/subscriptions'
import { createClient, type Client } from 'graphql-ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { replaceMetadata } from '../support/metadata.ts'

/**
 * GraphQL subscriptions end to end: the running backend on port 0, the real engine, and the
 * clients people use (graphql-ws, Apollo Client's GraphQLWsLink, and the legacy protocol spoken
 * over a raw socket). Rows are written with SQL through /v2/query, as any other writer would.
 */
let server: GraphqlTestBackend
const runSql = (sql: string) => server.runSql(sql)
const jwt = (userId: string, expiresInSeconds?: number) => server.jwt(userId, expiresInSeconds)
const graphqlWsClient = (token: string) => server.wsClient(token)

beforeAll(async () => {
  server = await startGraphqlTestBackend()
  await runSql(`
    CREATE TABLE public.notes (id serial PRIMARY KEY, owner_id text NOT NULL, body text NOT NULL);
    INSERT INTO public.notes (owner_id, body) VALUES ('alice', 'a1'), ('bob', 'b1'), ('alice', 'a2');`)
  await server.admin(
    '/v1/metadata',
    replaceMetadata([
      {
        table: { schema: 'public', name: 'notes' },
        select_permissions: [
          {
            role: 'user',
            permission: { columns: ['id', 'body'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } },
          },
        ],
      },
    ]),
  )
})

afterAll(() => server?.stop())
afterEach(() => server.disposeClients())

const NOTES = 'subscription Notes { notes(order_by: { id: asc }) { id body } }'

/** A graphql-ws subscription whose results are collected. */
function subscribe(client: Client, query: string, variables?: Record<string, unknown>) {
  const results: unknown[] = []
  const errors: unknown[] = []
  const dispose = client.subscribe(
    { query, variables },
    {
      next: (value) => results.push(value),
      error: (error) => errors.push(error),
      complete: () => {},
    },
  )
  return { results, errors, dispose }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe('live queries with the graphql-ws client', () => {
  it('sends each user their own rows at once and again when they change, and nothing otherwise', async () => {
    const alice = subscribe(graphqlWsClient(await jwt('alice')), NOTES)
    const bob = subscribe(graphqlWsClient(await jwt('bob')), NOTES)
    await expect
      .poll(() => alice.results)
      .toEqual([
        {
          data: {
            notes: [
              { id: 1, body: 'a1' },
              { id: 3, body: 'a2' },
            ],
          },
        },
      ])
    await expect.poll(() => bob.results).toEqual([{ data: { notes: [{ id: 2, body: 'b1' }] } }])
    // Both users share one multiplexed statement (same role, same operation); the permission
    // filter's session value is each cohort's own parameter.

    await runSql(`INSERT INTO public.notes (owner_id, body) VALUES ('alice', 'a3')`)
    await expect.poll(() => alice.results.length).toBe(2)
    expect(alice.results[1]).toEqual({
      data: {
        notes: [
          { id: 1, body: 'a1' },
          { id: 3, body: 'a2' },
          { id: 4, body: 'a3' },
        ],
      },
    })
    await settle()
    expect(bob.results).toHaveLength(1)

    await runSql(`UPDATE public.notes SET body = body WHERE owner_id = 'bob'`)
    await settle()
    expect(bob.results).toHaveLength(1)
    expect(alice.results).toHaveLength(2)

    alice.dispose()
    await settle()
    await runSql(`INSERT INTO public.notes (owner_id, body) VALUES ('alice', 'a4')`)
    await settle()
    expect(alice.results).toHaveLength(2)
    bob.dispose()
  })

  it('answers queries over the socket and refuses invalid subscriptions with an error', async () => {
    const client = graphqlWsClient(await jwt('bob'))
    const query = subscribe(client, '{ notes { body } }')
    await expect.poll(() => query.results).toEqual([{ data: { notes: [{ body: 'b1' }] } }])
    const invalid = subscribe(client, 'subscription { notes { owner_id } }')
    await expect
      .poll(() => invalid.errors)
      .toEqual([[expect.objectContaining({ extensions: expect.objectContaining({ code: 'validation-failed' }) })]])
  })

  it('closes a connection whose connection_init carries an expired token', async () => {
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      const client = createClient({
        url: server.wsUrl,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        connectionParams: async () => ({ headers: { Authorization: `Bearer ${await jwt('alice', -60)}` } }),
        on: { closed: (event) => resolve(event as { code: number; reason: string }) },
      })
      server.track(client)
      client.subscribe({ query: NOTES }, { next: () => {}, error: () => {}, complete: () => {} })
    })
    expect(await closed).toMatchObject({ code: 4400, reason: 'Connection initialization failed: Could not verify JWT: JWTExpired' })
  })

  it('closes the connection when its token expires, and the client resumes with a fresh one', async () => {
    let tokens = 0
    let closes = 0
    const client = createClient({
      url: server.wsUrl,
      webSocketImpl: WebSocket,
      retryWait: async () => {},
      connectionParams: async () => ({ headers: { Authorization: `Bearer ${await jwt('bob', tokens++ === 0 ? 2 : 600)}` } }),
      on: { closed: () => closes++ },
    })
    server.track(client)
    const bob = subscribe(client, NOTES)
    await expect.poll(() => bob.results.length).toBe(1)
    await expect.poll(() => closes, { timeout: 5_000 }).toBe(1)
    await expect.poll(() => bob.results.length).toBe(2)
    expect(tokens).toBe(2)
  })
})

describe('live queries with Apollo Client', () => {
  it('delivers the initial result and updates through GraphQLWsLink', async () => {
    const apollo = new ApolloClient({ link: new GraphQLWsLink(graphqlWsClient(await jwt('bob'))), cache: new InMemoryCache() })
    const results: unknown[] = []
    const subscription = apollo
      .subscribe({
        query: gql`
          subscription BobNotes($after: Int!) {
            notes(where: { id: { _gt: $after } }) {
              id
              body
            }
          }
        `,
        variables: { after: 1 },
      })
      .subscribe({ next: (result) => results.push(result.data) })
    await expect.poll(() => results).toEqual([{ notes: [{ __typename: 'notes', id: 2, body: 'b1' }] }])
    await runSql(`INSERT INTO public.notes (owner_id, body) VALUES ('bob', 'b2')`)
    await expect.poll(() => results.length).toBe(2)
    expect(results[1]).toEqual({
      notes: [
        { __typename: 'notes', id: 2, body: 'b1' },
        { __typename: 'notes', id: expect.any(Number), body: 'b2' },
      ],
    })
    subscription.unsubscribe()
  })
})

describe('the legacy graphql-ws protocol over a raw socket', () => {
  it('starts, sends data on change, stops', async () => {
    const socket = new WebSocket(server.wsUrl, 'graphql-ws')
    const messages: { type: string; id?: string; payload?: unknown }[] = []
    socket.on('message', (data) => messages.push(JSON.parse(String(data))))
    await new Promise((resolve) => socket.on('open', resolve))
    socket.send(JSON.stringify({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${await jwt('carol')}` } } }))
    await expect.poll(() => messages.map((m) => m.type)).toEqual(['connection_ack', 'ka'])
    socket.send(JSON.stringify({ id: '1', type: 'start', payload: { query: NOTES } }))
    await expect
      .poll(() => messages.filter((m) => m.type === 'data'))
      .toEqual([{ type: 'data', id: '1', payload: { data: { notes: [] } } }])
    await runSql(`INSERT INTO public.notes (owner_id, body) VALUES ('carol', 'c1')`)
    await expect.poll(() => messages.filter((m) => m.type === 'data').length).toBe(2)
    socket.send(JSON.stringify({ id: '1', type: 'stop' }))
    await settle()
    await runSql(`INSERT INTO public.notes (owner_id, body) VALUES ('carol', 'c2')`)
    await settle()
    expect(messages.filter((m) => m.type === 'data')).toHaveLength(2)
    socket.close()
  })
})
