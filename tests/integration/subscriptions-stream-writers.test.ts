import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { testDatabaseKind } from '../support/test-database.ts'

/**
 * A streaming subscription under concurrent writers: each committed row exactly once, although
 * two writers commit their serials out of order (a transaction that took ids 1 to 10 may commit
 * after one that took 11 to 20, once a batch has moved the cursor past 20).
 */
const ROWS = 10_000
const ROWS_PER_TRANSACTION = 10

let server: GraphqlTestBackend

beforeAll(async () => {
  server = await startGraphqlTestBackend({ HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL: '100' })
  await server.runSql(`CREATE TABLE public.feed (id serial PRIMARY KEY, writer int NOT NULL);
    CREATE TABLE public.tokens (id uuid PRIMARY KEY);`)
  await server.admin('/v1/metadata', { type: 'pg_track_table', args: { source: 'default', table: 'feed' } })
  await server.admin('/v1/metadata', { type: 'pg_track_table', args: { source: 'default', table: 'tokens' } })
  await server.admin('/v1/metadata', {
    type: 'pg_create_select_permission',
    args: { source: 'default', table: 'feed', role: 'user', permission: { columns: ['id', 'writer'], filter: {} } },
  })
  await server.admin('/v1/metadata', {
    type: 'pg_create_select_permission',
    args: { source: 'default', table: 'tokens', role: 'user', permission: { columns: ['id'], filter: {} } },
  })
}, 400_000)

afterAll(() => server?.stop())

/**
 * One writer's transactions. On PostgreSQL each holds its ids a moment before it commits, on
 * its own connection, so that the two writers' commits interleave out of id order; PGlite has one
 * connection, so its writers are concurrent GraphQL mutations.
 */
async function write(writer: number, rows: number): Promise<void> {
  const transactions = rows / ROWS_PER_TRANSACTION
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl })
    await client.connect()
    try {
      for (let i = 0; i < transactions; i++) {
        await client.query('BEGIN')
        await client.query(`INSERT INTO public.feed (writer) SELECT ${writer} FROM generate_series(1, ${ROWS_PER_TRANSACTION})`)
        await client.query(`SELECT pg_sleep(${(Math.random() * 0.004).toFixed(4)})`)
        await client.query('COMMIT')
      }
    } finally {
      await client.end()
    }
    return
  }
  const objects = Array.from({ length: ROWS_PER_TRANSACTION }, () => ({ writer }))
  for (let i = 0; i < transactions; i++) {
    await server.admin('/v1/graphql', {
      query: 'mutation Add($objects: [feed_insert_input!]!) { insert_feed(objects: $objects) { affected_rows } }',
      variables: { objects },
    })
  }
}

describe(`a stream under two concurrent writers (${testDatabaseKind})`, () => {
  it('bounds a stream by a cursor of any sortable type (uuid has no max())', async () => {
    const ids: string[] = []
    server.wsClient(await server.jwt('reader')).subscribe(
      {
        query: `subscription { tokens_stream(batch_size: 10, cursor: { initial_value: { id: "00000000-0000-0000-0000-000000000000" } }) { id } }`,
      },
      {
        next: (value) => ids.push(...(value.data as { tokens_stream: { id: string }[] }).tokens_stream.map((row) => row.id)),
        error: (error) => ids.push(`error: ${JSON.stringify(error)}`),
        complete: () => {},
      },
    )
    await server.admin('/v1/graphql', {
      query: `mutation { insert_tokens(objects: [{ id: "00000000-0000-0000-0000-000000000002" }, { id: "00000000-0000-0000-0000-000000000001" }]) { affected_rows } }`,
    })
    await expect
      .poll(() => ids, { timeout: 15_000 })
      .toEqual(['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002'])
  })

  it(`delivers each of ${ROWS} committed rows exactly once, in order within each batch`, async () => {
    const ids: number[] = []
    const errors: unknown[] = []
    const client = server.wsClient(await server.jwt('reader'))
    client.subscribe(
      { query: `subscription { feed_stream(batch_size: 500, cursor: { initial_value: { id: 0 } }) { id } }` },
      {
        next: (value) => ids.push(...(value.data as { feed_stream: { id: number }[] }).feed_stream.map((row) => row.id)),
        error: (error) => errors.push(error),
        complete: () => {},
      },
    )
    await Promise.all([write(1, ROWS / 2), write(2, ROWS / 2)])
    await expect.poll(() => ids.length, { timeout: 120_000, interval: 200 }).toBeGreaterThanOrEqual(ROWS)
    // Anything sent twice would arrive with the next refetches.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(errors).toEqual([])
    expect(ids.length).toBe(ROWS)
    expect(new Set(ids).size).toBe(ROWS)
    expect(Math.min(...ids)).toBe(1)
    expect(Math.max(...ids)).toBe(ROWS)
  }, 600_000)
})
