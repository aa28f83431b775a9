import type { Client } from 'graphql-ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { replaceMetadata } from '../support/metadata.ts'

/**
 * Streaming subscriptions (`T_stream`) end to end with the graphql-ws client: Hasura v2's schema,
 * its cursor semantics (each batch after the last row sent, at most `batch_size` rows, nothing
 * for an empty batch), `where` and permissions, and Hasura's errors for an invalid cursor.
 */
let server: GraphqlTestBackend
const runSql = (sql: string) => server.runSql(sql)
const jwt = (userId: string) => server.jwt(userId)
const post = (path: string, body: unknown, headers: Record<string, string>) => server.post(path, body, headers)
const client = async (userId: string) => server.wsClient(await jwt(userId))

beforeAll(async () => {
  server = await startGraphqlTestBackend({
    // A backlog larger than batch_size drains one batch per interval, as in Hasura.
    HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL: '100',
  })
  await runSql(`
    CREATE TABLE public.events (
      id serial PRIMARY KEY, owner_id text NOT NULL, kind text NOT NULL, at timestamptz NOT NULL);
    CREATE TABLE public.audit (id serial PRIMARY KEY, owner_id text NOT NULL);
    INSERT INTO public.events (owner_id, kind, at) VALUES
      ('alice', 'info', '2026-01-01T00:00:01Z'), ('bob', 'info', '2026-01-01T00:00:02Z'),
      ('alice', 'alert', '2026-01-01T00:00:03Z');`)
  const ownRows = { owner_id: { _eq: 'X-Hasura-User-Id' } }
  await server.admin(
    '/v1/metadata',
    replaceMetadata([
      {
        table: { schema: 'public', name: 'events' },
        select_permissions: [{ role: 'user', permission: { columns: ['id', 'kind', 'at'], filter: ownRows } }],
      },
      {
        table: { schema: 'public', name: 'audit' },
        select_permissions: [{ role: 'user', permission: { columns: ['id'], filter: ownRows, subscription_root_fields: ['select'] } }],
      },
    ]),
  )
})

afterAll(() => server?.stop())
afterEach(() => server.disposeClients())

function subscribe(c: Client, query: string, variables?: Record<string, unknown>) {
  const results: { data: { events_stream: Record<string, unknown>[] } }[] = []
  const errors: unknown[] = []
  const dispose = c.subscribe(
    { query, variables },
    {
      next: (value) => results.push(value as (typeof results)[number]),
      error: (error) => errors.push(error),
      complete: () => {},
    },
  )
  return { results, errors, dispose, rows: () => results.flatMap((r) => r.data.events_stream) }
}

/** Rows in one statement, each a second after the previous one (a cursor column must be unique). */
let inserted = 3
async function insertEvents(rows: [string, string][]): Promise<void> {
  const values = rows.map(
    ([owner, kind]) => `('${owner}', '${kind}', '2026-01-01T00:00:00Z'::timestamptz + interval '${++inserted} seconds')`,
  )
  await runSql(`INSERT INTO public.events (owner_id, kind, at) VALUES ${values.join(', ')}`)
}

const STREAM = `subscription Events($from: Int!, $size: Int!) {
  events_stream(batch_size: $size, cursor: { initial_value: { id: $from } }) { id kind }
}`

describe('streaming subscriptions', () => {
  it("has Hasura's schema, for roles whose permission allows select_stream", async () => {
    const type = (name: string) =>
      `${name}: __type(name: "${name}") { kind inputFields { name type { kind name ofType { name } } } enumValues { name } }`
    const response = (await post(
      '/v1/graphql',
      {
        query: `{
        root: __type(name: "subscription_root") { fields { name type { kind } args { name type { kind name ofType { kind name ofType { name } } } } } }
        ${type('events_stream_cursor_input')} ${type('events_stream_cursor_value_input')} ${type('cursor_ordering')}
        query: __type(name: "query_root") { fields { name } }
      }`,
      },
      { authorization: `Bearer ${await jwt('alice')}` },
    )) as { data: Record<string, { fields: { name: string; args: unknown }[] } & Record<string, unknown>> }
    const { root, query } = response.data as Record<string, { fields: { name: string; args: unknown }[] }>
    expect(root!.fields.map((f) => f.name)).toEqual(['audit', 'events', 'events_by_pk', 'events_stream'])
    expect(query!.fields.map((f) => f.name)).not.toContain('events_stream')
    expect(root!.fields.find((f) => f.name === 'events_stream')).toEqual({
      name: 'events_stream',
      type: { kind: 'NON_NULL' },
      args: [
        { name: 'batch_size', type: { kind: 'NON_NULL', name: null, ofType: { kind: 'SCALAR', name: 'Int', ofType: null } } },
        {
          name: 'cursor',
          type: { kind: 'NON_NULL', name: null, ofType: { kind: 'LIST', name: null, ofType: { name: 'events_stream_cursor_input' } } },
        },
        { name: 'where', type: { kind: 'INPUT_OBJECT', name: 'events_bool_exp', ofType: null } },
      ],
    })
    expect(response.data.events_stream_cursor_input).toEqual({
      kind: 'INPUT_OBJECT',
      inputFields: [
        { name: 'initial_value', type: { kind: 'NON_NULL', name: null, ofType: { name: 'events_stream_cursor_value_input' } } },
        { name: 'ordering', type: { kind: 'ENUM', name: 'cursor_ordering', ofType: null } },
      ],
      enumValues: null,
    })
    // Only the columns the role may select, each nullable.
    expect(response.data.events_stream_cursor_value_input).toEqual({
      kind: 'INPUT_OBJECT',
      inputFields: [
        { name: 'at', type: { kind: 'SCALAR', name: 'timestamptz', ofType: null } },
        { name: 'id', type: { kind: 'SCALAR', name: 'Int', ofType: null } },
        { name: 'kind', type: { kind: 'SCALAR', name: 'String', ofType: null } },
      ],
      enumValues: null,
    })
    expect(response.data.cursor_ordering).toEqual({ kind: 'ENUM', inputFields: null, enumValues: [{ name: 'ASC' }, { name: 'DESC' }] })
  })

  it('sends the rows after the cursor in batches of at most batch_size, each row once, only the own rows', async () => {
    const alice = subscribe(await client('alice'), STREAM, { from: 0, size: 2 })
    const bob = subscribe(await client('bob'), STREAM, { from: 0, size: 2 })
    await expect
      .poll(() => alice.results)
      .toEqual([
        {
          data: {
            events_stream: [
              { id: 1, kind: 'info' },
              { id: 3, kind: 'alert' },
            ],
          },
        },
      ])
    await expect.poll(() => bob.results).toEqual([{ data: { events_stream: [{ id: 2, kind: 'info' }] } }])

    await insertEvents([
      ['alice', 'a4'],
      ['bob', 'b5'],
      ['alice', 'a6'],
      ['alice', 'a7'],
      ['bob', 'b8'],
      ['alice', 'a9'],
      ['alice', 'a10'],
    ])
    await expect.poll(() => alice.rows().map((r) => r.id), { timeout: 5000 }).toEqual([1, 3, 4, 6, 7, 9, 10])
    await expect.poll(() => bob.rows().map((r) => r.id), { timeout: 5000 }).toEqual([2, 5, 8])
    for (const result of [...alice.results, ...bob.results]) expect(result.data.events_stream.length).toBeLessThanOrEqual(2)

    // Nothing new: an unrelated change (another user's row) sends alice nothing.
    const sent = alice.results.length
    await insertEvents([['bob', 'b11']])
    await expect.poll(() => bob.rows().map((r) => r.id), { timeout: 5000 }).toEqual([2, 5, 8, 11])
    expect(alice.results).toHaveLength(sent)
    expect(alice.errors).toEqual([])
    alice.dispose()
    bob.dispose()
  })

  it('applies where, orders DESC, and streams by a timestamptz cursor', async () => {
    const c = await client('alice')
    const alerts = subscribe(
      c,
      `subscription { events_stream(batch_size: 10, cursor: { initial_value: { id: 0 } }, where: { kind: { _eq: "alert" } }) { id kind } }`,
    )
    const descending = subscribe(
      c,
      `subscription { events_stream(batch_size: 3, cursor: { initial_value: { id: 7 }, ordering: DESC }) { id } }`,
    )
    const byTime = subscribe(
      c,
      `subscription { events_stream(batch_size: 1, cursor: [{ initial_value: { at: "2026-01-01T00:00:01Z" } }]) { id at } }`,
    )
    await expect.poll(() => alerts.rows()).toEqual([{ id: 3, kind: 'alert' }])
    await expect
      .poll(() => descending.results.map((r) => r.data.events_stream.map((row) => row.id)), { timeout: 5000 })
      .toEqual([[6, 4, 3], [1]])
    await expect.poll(() => byTime.rows().length, { timeout: 5000 }).toBe(6)
    expect(byTime.rows()[0]).toEqual({ id: 3, at: '2026-01-01T00:00:03+00:00' })
    expect(new Set(byTime.rows().map((r) => r.id)).size).toBe(6)

    await insertEvents([
      ['alice', 'alert'],
      ['bob', 'alert'],
      ['alice', 'info'],
    ])
    await expect.poll(() => alerts.rows().map((r) => r.id), { timeout: 5000 }).toEqual([3, 12])
    await expect
      .poll(
        () =>
          byTime
            .rows()
            .map((r) => r.id)
            .slice(-2),
        { timeout: 5000 },
      )
      .toEqual([12, 14])
    // DESC: new rows come after the cursor's end, so nothing more arrives.
    expect(descending.results).toHaveLength(2)
  })

  it("refuses a cursor of two columns, or none, with Hasura's error", async () => {
    const c = await client('alice')
    const two = subscribe(c, `subscription { events_stream(batch_size: 1, cursor: { initial_value: { id: 0, kind: "a" } }) { id } }`)
    const twoItems = subscribe(
      c,
      `subscription { events_stream(batch_size: 1, cursor: [{ initial_value: { id: 0 } }, { initial_value: { kind: "a" } }]) { id } }`,
    )
    const none = subscribe(c, `subscription { events_stream(batch_size: 1, cursor: []) { id } }`)
    const multiple = [
      {
        message: 'multiple column cursors are not supported yet',
        extensions: { path: '$.selectionSet.events_stream.args', code: 'validation-failed' },
      },
    ]
    await expect.poll(() => two.errors).toEqual([multiple])
    await expect.poll(() => twoItems.errors).toEqual([multiple])
    await expect
      .poll(() => none.errors)
      .toEqual([
        [
          {
            message: 'one streaming column field is expected',
            extensions: { path: '$.selectionSet.events_stream.args', code: 'validation-failed' },
          },
        ],
      ])
  })
})
