import type { Client } from 'graphql-ws'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { OperationPreparer } from '../../backend/engine/execute/operation-preparer.ts'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { replaceMetadata } from '../support/metadata.ts'

/**
 * Live queries refetch on the tables their plan reads, however it reads them: the root table,
 * a relationship, a permission's `_exists`. The refetch interval is a minute here, so every
 * update below comes from a change notification. Also: the API limits and the per-connection
 * operation limit hold for subscriptions, and streams with equal variables share batches.
 */
/**
 * On two cores running the whole suite a push can take longer than `expect.poll`'s default
 * second; the refetch interval is a minute here, so only a change notification delivers within this.
 */
const PUSHED = { timeout: 10_000 }

let server: GraphqlTestBackend

beforeAll(async () => {
  server = await startGraphqlTestBackend({
    HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL: '60000',
    PULSEBOARD_WEBSOCKET_MAX_OPERATIONS: '3',
  })
  await server.runSql(`
    CREATE TABLE public.boards (id serial PRIMARY KEY, title text NOT NULL);
    CREATE TABLE public.cards (id serial PRIMARY KEY, board_id int NOT NULL REFERENCES public.boards, label text NOT NULL);
    CREATE TABLE public.board_members (board_id int NOT NULL REFERENCES public.boards, user_id text NOT NULL);
    INSERT INTO public.boards (title) VALUES ('roadmap'), ('ops');
    INSERT INTO public.cards (board_id, label) VALUES (1, 'ship'), (2, 'page');
    INSERT INTO public.board_members VALUES (1, 'alice');
    CREATE FUNCTION public.slow_boards() RETURNS SETOF public.boards LANGUAGE sql STABLE AS $$ SELECT b.* FROM public.boards b, pg_sleep(1.5) $$;`)
  const member = { _exists: { _table: { schema: 'public', name: 'board_members' }, _where: { user_id: { _eq: 'X-Hasura-User-Id' } } } }
  await server.admin(
    '/v1/metadata',
    replaceMetadata(
      [
        {
          table: { schema: 'public', name: 'boards' },
          array_relationships: [
            { name: 'cards', using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'cards' }, column: 'board_id' } } },
          ],
          // Members see a board once some membership of theirs exists, whichever board it is for.
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'title'], filter: member } }],
        },
        {
          table: { schema: 'public', name: 'cards' },
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'label'], filter: {} } }],
        },
        { table: { schema: 'public', name: 'board_members' } },
      ],
      { functions: [{ function: { schema: 'public', name: 'slow_boards' } }] },
    ),
  )
  // replace_metadata answers before the change triggers are in place (installed after it, table
  // by table): a change before then is seen only by the minute's poll.
  await vi.waitFor(async () => {
    const answer = await server.runSql(`SELECT count(*) FROM pg_trigger WHERE tgname = 'pulseboard_live_query_notify'`)
    expect((answer as { result: string[][] }).result[1]?.[0]).toBe('3')
  }, PUSHED)
})

afterAll(() => server?.stop())
afterEach(() => server.disposeClients())

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

const client = async (userId: string) => server.wsClient(await server.jwt(userId))
const BOARDS = 'subscription { boards(order_by: { id: asc }) { title cards(order_by: { id: asc }) { label } } }'

describe('live queries refetch on what their plan reads', () => {
  it('refetches when a related table or a table of a permission filter changes', async () => {
    const bob = subscribe(await client('bob'), BOARDS)
    await expect.poll(() => bob.results, PUSHED).toEqual([{ data: { boards: [] } }])
    // Only the permission's `_exists` reads board_members.
    await server.runSql(`INSERT INTO public.board_members VALUES (2, 'bob')`)
    await expect.poll(() => bob.results, PUSHED).toHaveLength(2)
    expect(bob.results[1]).toEqual({
      data: {
        boards: [
          { title: 'roadmap', cards: [{ label: 'ship' }] },
          { title: 'ops', cards: [{ label: 'page' }] },
        ],
      },
    })
    // Only the relationship reads cards.
    await server.runSql(`INSERT INTO public.cards (board_id, label) VALUES (2, 'rotate keys')`)
    await expect.poll(() => bob.results, PUSHED).toHaveLength(3)
    expect(bob.results[2]).toEqual({
      data: {
        boards: [
          { title: 'roadmap', cards: [{ label: 'ship' }] },
          { title: 'ops', cards: [{ label: 'page' }, { label: 'rotate keys' }] },
        ],
      },
    })
  })
})

describe('limits hold for subscriptions', () => {
  it("applies the role's API depth and time limits", async () => {
    await server.admin('/v1/metadata', { type: 'set_api_limits', args: { depth_limit: { global: 2 }, time_limit: { global: 1 } } })
    try {
      const alice = await client('alice')
      const deep = subscribe(alice, BOARDS)
      await expect
        .poll(() => deep.errors, PUSHED)
        .toEqual([[expect.objectContaining({ message: 'the query exceeds the maximum depth of 2' })]])
      const slow = subscribe(alice, 'subscription { slow_boards { title } }')
      await expect
        .poll(() => slow.results, { timeout: 5_000 })
        .toEqual([{ errors: [{ extensions: { path: '$', code: 'timeout' }, message: 'the database query exceeded its time limit' }] }])
    } finally {
      await server.admin('/v1/metadata', { type: 'remove_api_limits', args: {} })
    }
  })

  it('refuses operations past PULSEBOARD_WEBSOCKET_MAX_OPERATIONS on one connection', async () => {
    const socket = new WebSocket(server.wsUrl, 'graphql-transport-ws')
    const messages: { type: string; id?: string; payload?: unknown }[] = []
    socket.on('message', (data) => messages.push(JSON.parse(String(data))))
    await new Promise((resolve) => socket.on('open', resolve))
    socket.send(JSON.stringify({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${await server.jwt('alice')}` } } }))
    await expect.poll(() => messages.map((m) => m.type), PUSHED).toContain('connection_ack')
    for (const id of ['1', '2', '3', '4'])
      socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query: 'subscription { cards { id } }' } }))
    await expect
      .poll(() => messages.filter((m) => m.type === 'error'))
      .toEqual([
        {
          type: 'error',
          id: '4',
          payload: [{ extensions: { path: '$', code: 'start-failed' }, message: 'too many operations on this connection (at most 3)' }],
        },
      ])
    await expect.poll(() => new Set(messages.filter((m) => m.type === 'next').map((m) => m.id)), PUSHED).toEqual(new Set(['1', '2', '3']))
    socket.close()
  })
})

describe('streams', () => {
  it('sends subscribers with equal variables the same batches, and each its own from its own cursor', async () => {
    const STREAM = 'subscription ($after: Int!) { cards_stream(batch_size: 10, cursor: { initial_value: { id: $after } }) { id label } }'
    const [a, b, c] = await Promise.all([client('alice'), client('bob'), client('carol')])
    const first = subscribe(a, STREAM, { after: 1 })
    const second = subscribe(b, STREAM, { after: 1 })
    const fromStart = subscribe(c, STREAM, { after: 0 })
    const batch = (...rows: [number, string][]) => ({ data: { cards_stream: rows.map(([id, label]) => ({ id, label })) } })
    await expect.poll(() => first.results, PUSHED).toEqual([batch([2, 'page'], [3, 'rotate keys'])])
    await expect.poll(() => second.results, PUSHED).toEqual(first.results)
    await expect.poll(() => fromStart.results, PUSHED).toEqual([batch([1, 'ship'], [2, 'page'], [3, 'rotate keys'])])
    await server.runSql(`INSERT INTO public.cards (board_id, label) VALUES (1, 'launch')`)
    for (const s of [first, second, fromStart]) await expect.poll(() => s.results.at(-1), PUSHED).toEqual(batch([4, 'launch']))
    expect([first.results.length, second.results.length, fromStart.results.length]).toEqual([2, 2, 2])
  })
})

describe('queries over the WebSocket', () => {
  it('prepares each query once, whether it is answered with data or refused', async () => {
    const prepare = vi.spyOn(OperationPreparer.prototype, 'prepare')
    try {
      const alice = await client('alice')
      const answered = subscribe(alice, '{ boards(order_by: { id: asc }) { title } }')
      await expect.poll(() => answered.results, PUSHED).toEqual([{ data: { boards: [{ title: 'roadmap' }, { title: 'ops' }] } }])
      // Refused while it is prepared: its variable is not an Int.
      const failed = subscribe(alice, 'query ($n: Int!) { boards(where: { id: { _eq: $n } }) { id } }', { n: 'one' })
      await expect.poll(() => failed.errors.length, PUSHED).toBe(1)
      expect(prepare).toHaveBeenCalledTimes(2)
    } finally {
      prepare.mockRestore()
    }
  })
})
