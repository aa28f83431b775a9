import { createClient, type Client } from 'graphql-ws'
import pg from 'pg'
import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { testDatabaseKind } from '../support/test-database.ts'

/**
 * Open subscriptions follow the metadata as Hasura's do: a change closes every WebSocket with
 * 1012 (Service Restart, `HASURA_GRAPHQL_CLOSE_WEBSOCKETS_ON_METADATA_CHANGE`), the client
 * reconnects, and each operation is validated and planned again: a revoked permission stops the
 * rows and answers Hasura's validation error, a changed one applies.
 */
let server: GraphqlTestBackend

beforeAll(async () => {
  server = await startGraphqlTestBackend({ HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL: '100' })
  await server.runSql(`CREATE TABLE public.notes (id serial PRIMARY KEY, owner_id text NOT NULL, body text NOT NULL);
    INSERT INTO public.notes (owner_id, body) VALUES ('alice', 'a1'), ('bob', 'b1');`)
  await server.admin('/v1/metadata', { type: 'pg_track_table', args: { source: 'default', table: 'notes' } })
  await grant(server.admin, {})
}, 180_000)

afterAll(() => server?.stop())
afterEach(() => server.disposeClients())

type Admin = GraphqlTestBackend['admin']
/** The first result only waits for the machine; what follows a change is held to 2 s. */
const FIRST_RESULT = { timeout: 15_000 }

function grant(admin: Admin, filter: Record<string, unknown>): Promise<unknown> {
  return admin('/v1/metadata', {
    type: 'pg_create_select_permission',
    args: { source: 'default', table: 'notes', role: 'user', permission: { columns: ['id', 'body'], filter } },
  })
}

/** Replaces the permission in one change, as the console's edit does. */
function changeFilter(admin: Admin, filter: Record<string, unknown>): Promise<unknown> {
  return admin('/v1/metadata', {
    type: 'bulk',
    args: [
      { type: 'pg_drop_select_permission', args: { source: 'default', table: 'notes', role: 'user' } },
      {
        type: 'pg_create_select_permission',
        args: { source: 'default', table: 'notes', role: 'user', permission: { columns: ['id', 'body'], filter } },
      },
    ],
  })
}

function revoke(admin: Admin): Promise<unknown> {
  return admin('/v1/metadata', { type: 'pg_drop_select_permission', args: { source: 'default', table: 'notes', role: 'user' } })
}

/** A graphql-ws client that reconnects at once (the default waits 1 to 4 s), recording how its sockets closed. */
function reconnectingClient(url: string, token: string, closes: number[]): Client {
  return createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: { headers: { Authorization: `Bearer ${token}` } },
    retryAttempts: 20,
    retryWait: () => Promise.resolve(),
    on: { closed: (event) => closes.push((event as { code: number }).code) },
  })
}

function watchNotes(client: Client) {
  const results: string[][] = []
  const errors: unknown[] = []
  client.subscribe(
    { query: 'subscription { notes(order_by: {id: asc}) { body } }' },
    {
      next: (value) => results.push((value.data as { notes: { body: string }[] }).notes.map((n) => n.body)),
      error: (error) => errors.push(error),
      complete: () => {},
    },
  )
  return { results, errors, latest: () => results.at(-1) }
}

describe(`open subscriptions after a metadata change (${testDatabaseKind})`, () => {
  it('a changed permission applies to an open subscription within 2 s', async () => {
    const closes: number[] = []
    const notes = watchNotes(server.track(reconnectingClient(server.wsUrl, await server.jwt('alice'), closes)))
    await expect.poll(() => notes.latest(), FIRST_RESULT).toEqual(['a1', 'b1'])
    await changeFilter(server.admin, { owner_id: { _eq: 'X-Hasura-User-Id' } })
    await expect.poll(() => notes.latest(), { timeout: 2_000, interval: 50 }).toEqual(['a1'])
    expect(closes).toContain(1012)
    expect(notes.errors).toEqual([])
    await changeFilter(server.admin, {})
  })

  it('a revoked permission stops the rows within 2 s and answers Hasura’s validation error', async () => {
    const closes: number[] = []
    const notes = watchNotes(server.track(reconnectingClient(server.wsUrl, await server.jwt('alice'), closes)))
    await expect.poll(() => notes.latest(), FIRST_RESULT).toEqual(['a1', 'b1'])
    const revokedAt = Date.now()
    await revoke(server.admin)
    await expect.poll(() => notes.errors.length, { timeout: 2_000, interval: 50 }).toBe(1)
    expect(Date.now() - revokedAt).toBeLessThan(2_000)
    expect(notes.errors[0]).toEqual([
      {
        message: "field 'notes' not found in type: 'subscription_root'",
        extensions: { path: '$.selectionSet.notes', code: 'validation-failed' },
      },
    ])
    const seen = notes.results.length
    await server.runSql(`INSERT INTO public.notes (owner_id, body) VALUES ('alice', 'a2')`)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(notes.results.length).toBe(seen)
    await grant(server.admin, {})
  })
})

/**
 * Two backends on one PostgreSQL: the listening connection of both is killed, and a change made
 * through one while the other cannot hear it is still served by the other within 2 s.
 */
describe.runIf(testDatabaseKind === 'postgres')('two instances on one PostgreSQL', () => {
  let second: RunningBackend

  beforeAll(async () => {
    second = await startBackend({
      projectDir: server.dataDir,
      env: { ...server.env, PORT: '0' },
      database: { kind: 'postgres', url: server.databaseUrl! },
      log: createLogger('silent'),
    })
  }, 180_000)
  afterAll(() => second?.stop())

  it('a permission revoked while the other instance’s listener was down stops its subscription within 2 s', async () => {
    const closes: number[] = []
    const wsUrl = `${second.url.replace('http', 'ws')}/v1/graphql`
    const notes = watchNotes(server.track(reconnectingClient(wsUrl, await server.jwt('alice'), closes)))
    await expect.poll(() => notes.latest(), FIRST_RESULT).toEqual(['a1', 'b1', 'a2'])
    const admin = new pg.Client({ connectionString: server.databaseUrl })
    await admin.connect()
    try {
      // Every LISTEN connection of both instances; they reconnect on their own.
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
      )
      expect(rowCount).toBeGreaterThan(0)
    } finally {
      await admin.end()
    }
    const revokedAt = Date.now()
    await revoke(server.admin)
    await expect.poll(() => notes.errors.length, { timeout: 2_000, interval: 50 }).toBe(1)
    expect(Date.now() - revokedAt).toBeLessThan(2_000)
    expect(closes).toContain(1012)
    const answer = await fetch(`${second.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await server.jwt('alice')}` },
      body: JSON.stringify({ query: '{ notes { body } }' }),
    })
    expect(await answer.json()).toMatchObject({ errors: [{ extensions: { code: 'validation-failed' } }] })
    await grant(server.admin, {})
  })
})
