import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { awayFromWindowEdge } from '../support/window-edge.ts'
import { replaceMetadata } from '../support/metadata.ts'

/**
 * Hasura's API limits through the metadata API (`set_api_limits`, `remove_api_limits`,
 * `export_metadata`) and enforced by the engine per role: depth, nodes, batch, rate and time.
 */
let server: GraphqlTestBackend
let token: string

async function graphql(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> }
}

async function metadata(body: unknown) {
  const response = await fetch(`${server.url}/v1/metadata`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 'graphql-test-admin-secret' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  server = await startGraphqlTestBackend()
  await server.runSql(`
    CREATE TABLE public.node (id serial PRIMARY KEY, parent_id int REFERENCES public.node (id));
    INSERT INTO public.node (parent_id) VALUES (NULL);
    INSERT INTO public.node (parent_id) VALUES (1);`)
  await server.admin(
    '/v1/metadata',
    replaceMetadata([
      {
        table: { schema: 'public', name: 'node' },
        object_relationships: [{ name: 'parent', using: { foreign_key_constraint_on: 'parent_id' } }],
        select_permissions: [{ role: 'user', permission: { columns: ['id', 'parent_id'], filter: {} } }],
      },
    ]),
  )
  token = await server.jwt('42')
}, 60_000)

afterAll(() => server?.stop())

describe('API limits', () => {
  it('sets, exports and removes them through the metadata API', async () => {
    const limits = {
      depth_limit: { global: 10, per_role: { user: 2 } },
      node_limit: { global: 100 },
      batch_limit: { global: 2 },
      rate_limit: { global: { max_reqs_per_min: 1000, unique_params: 'IP' } },
      time_limit: { global: 5 },
    }
    expect(await metadata({ type: 'set_api_limits', args: limits })).toEqual({ status: 200, json: { message: 'success' } })
    const exported = await metadata({ type: 'export_metadata', args: {} })
    expect(exported.json.api_limits).toEqual(limits)
    expect(await metadata({ type: 'remove_api_limits', args: {} })).toEqual({ status: 200, json: { message: 'success' } })
    expect((await metadata({ type: 'export_metadata', args: {} })).json).not.toHaveProperty('api_limits')
  })

  it('refuses malformed limits and changes nothing', async () => {
    const bad = await metadata({ type: 'set_api_limits', args: { depth_limit: { global: -1 } } })
    expect(bad.status).toBe(400)
    expect(bad.json).toMatchObject({ code: 'parse-failed', path: '$.args.depth_limit.global' })
    const params = await metadata({
      type: 'set_api_limits',
      args: { rate_limit: { global: { max_reqs_per_min: 5, unique_params: ['user-id'] } } },
    })
    expect(params.status).toBe(400)
    expect((await metadata({ type: 'export_metadata', args: {} })).json).not.toHaveProperty('api_limits')
  })

  it('holds a role to its own depth, node and batch limits, and never the admin', async () => {
    await metadata({
      type: 'set_api_limits',
      args: { depth_limit: { global: 10, per_role: { user: 2 } }, node_limit: { global: 3 }, batch_limit: { global: 2 } },
    })
    try {
      expect((await graphql({ query: '{ node { id } }' })).json).toEqual({ data: { node: [{ id: 1 }, { id: 2 }] } })
      expect((await graphql({ query: '{ node { parent { id } } }' })).json).toMatchObject({
        errors: [{ extensions: { code: 'validation-failed' }, message: 'the query exceeds the maximum depth of 2' }],
      })
      expect((await graphql({ query: '{ node { id parent_id } a: node { id } }' })).json).toMatchObject({
        errors: [{ message: 'the query asks for 5 fields once its fragments are expanded; the limit is 3' }],
      })
      const batch = await graphql([{ query: '{ node { id } }' }, { query: '{ node { id } }' }, { query: '{ node { id } }' }])
      expect(batch.status).toBe(400)
      expect(batch.json).toEqual({ path: '$', code: 'batch-too-large', error: 'the batch holds 3 operations; the limit is 2' })
      const admin = await graphql(
        { query: '{ node { parent { id } } }' },
        { authorization: '', 'x-hasura-admin-secret': 'graphql-test-admin-secret' },
      )
      expect(admin.json).toHaveProperty('data')
    } finally {
      await metadata({ type: 'remove_api_limits', args: {} })
    }
  })

  it('limits the rate per role and session variable, with Retry-After', async () => {
    await awayFromWindowEdge(60_000, 8_000)
    await metadata({
      type: 'set_api_limits',
      args: { rate_limit: { global: { max_reqs_per_min: 3, unique_params: ['x-hasura-user-id'] } } },
    })
    try {
      for (let i = 0; i < 3; i++) expect((await graphql({ query: '{ node { id } }' })).status).toBe(200)
      const refused = await graphql({ query: '{ node { id } }' })
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(refused.json).toEqual({
        errors: [{ extensions: { path: '$', code: 'rate-limit-exceeded' }, message: 'too many requests: the limit is 3 per minute' }],
      })
      // Another user is counted on their own.
      const other = await server.jwt('43')
      expect((await graphql({ query: '{ node { id } }' }, { authorization: `Bearer ${other}` })).status).toBe(200)
    } finally {
      await metadata({ type: 'remove_api_limits', args: {} })
    }
  })

  it('counts operations over WebSocket against the same rate as HTTP requests', async () => {
    await awayFromWindowEdge(60_000, 8_000)
    await metadata({
      type: 'set_api_limits',
      args: { rate_limit: { global: { max_reqs_per_min: 3, unique_params: ['x-hasura-user-id'] } } },
    })
    const ws = server.wsClient(await server.jwt('44'))
    const query = (q: string) =>
      new Promise<{ data?: unknown; errors?: unknown }>((resolve, reject) => {
        ws.subscribe(
          { query: q },
          { next: (result) => resolve(result as { data?: unknown }), error: (errors) => resolve({ errors }), complete: () => undefined },
        )
        setTimeout(() => reject(new Error('no answer over the socket')), 5_000)
      })
    try {
      const token44 = await server.jwt('44')
      expect((await graphql({ query: '{ node { id } }' }, { authorization: `Bearer ${token44}` })).status).toBe(200)
      expect((await query('{ node { id } }')).data).toEqual({ node: [{ id: 1 }, { id: 2 }] })
      expect((await query('subscription { node { id } }')).data).toEqual({ node: [{ id: 1 }, { id: 2 }] })
      // The fourth operation of user 44 this minute, over either transport, is refused.
      expect(await query('{ node { id } }')).toEqual({
        errors: [{ extensions: { path: '$', code: 'rate-limit-exceeded' }, message: 'too many requests: the limit is 3 per minute' }],
      })
      expect((await graphql({ query: '{ node { id } }' }, { authorization: `Bearer ${token44}` })).status).toBe(429)
    } finally {
      await server.disposeClients()
      await metadata({ type: 'remove_api_limits', args: {} })
    }
  })

  it('applies a role time limit as the statement timeout', async () => {
    await server.runSql(
      `CREATE FUNCTION public.slow_nodes() RETURNS SETOF public.node LANGUAGE sql STABLE AS $$ SELECT n.* FROM public.node n, pg_sleep(3) $$;`,
    )
    await server.admin('/v1/metadata', {
      type: 'pg_track_function',
      args: { source: 'default', function: { schema: 'public', name: 'slow_nodes' } },
    })
    await metadata({ type: 'set_api_limits', args: { time_limit: { global: 30, per_role: { user: 1 } } } })
    try {
      const { json } = await graphql({ query: '{ slow_nodes { id } }' })
      expect(json).toMatchObject({ errors: [{ extensions: { code: 'timeout' } }] })
    } finally {
      await metadata({ type: 'remove_api_limits', args: {} })
    }
  })
})
