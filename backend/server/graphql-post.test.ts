import { printSchema } from 'graphql'
import { SignJWT } from 'jose'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Metadata } from '../metadata/model/types.ts'
import { ADMIN_SECRET, JWT_KEY, openEngineApp, postGraphql, type EngineApp } from '../../tests/support/engine-app.ts'
import { runApiScenario } from '../../tests/support/api-scenario.ts'
import { graphqlScenarios } from '../../tests/support/graphql-scenarios.ts'

/**
 * `POST /v1/graphql` through the app's fetch handler: Hasura's errors with their codes and paths
 * (tests/support/graphql-scenarios.ts), the request limits, sessions from JWTs, hostile input and
 * schema changes.
 */
describe('POST /v1/graphql', () => {
  let engine: EngineApp
  beforeAll(async () => {
    engine = await openEngineApp({ maxRequestBytes: 4096, maxDepth: 8 })
  })
  afterAll(async () => {
    await engine.dispose()
  })

  it.each(graphqlScenarios)('$name', async (scenario) => {
    await runApiScenario(engine.app, scenario)
  })

  it('keeps the tables that hostile strings named', async () => {
    const { json } = await postGraphql(engine.app, { query: '{ author_aggregate { aggregate { count } } }' })
    expect(json).toEqual({ data: { author_aggregate: { aggregate: { count: 3 } } } })
  })

  it.each([
    ['a body over the size limit', 'x'.repeat(5000), 413, 'request-too-large'],
    ['a body that is not JSON', '{"query": ', 400, 'invalid-json'],
    ['a body without a query', '{"variables": {}}', 400, 'parse-failed'],
    ['an empty batch', '[]', 400, 'parse-failed'],
  ])('refuses %s before any work', async (_name, body, status, code) => {
    const response = await engine.app.request('/v1/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body,
    })
    expect(response.status).toBe(status)
    expect(await response.json()).toMatchObject({ path: '$', code })
  })

  it('stops reading a chunked body at the size limit', async () => {
    let sent = 0
    // A body with no declared length that would go on for 100 MB: the route must not wait for its end.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024
        if (sent > 100_000_000) controller.close()
        else controller.enqueue(new Uint8Array(1024).fill(32))
      },
    })
    const response = await engine.app.request('/v1/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ path: '$', code: 'request-too-large' })
    expect(sent).toBeLessThan(100_000)
  })

  it('refuses a batch of more operations than the limit', async () => {
    const response = await engine.app.request('/v1/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body: JSON.stringify(Array.from({ length: 21 }, () => ({ query: '{ author { id } }' }))),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ path: '$', code: 'batch-too-large', error: 'the batch holds 21 operations; the limit is 20' })
  })

  it('refuses a filter variable nested deeper than the depth limit before planning', async () => {
    let where: unknown = { id: { _eq: 1 } }
    for (let i = 0; i < 20; i++) where = { _not: where }
    const { json } = await postGraphql(engine.app, {
      query: 'query($w: author_bool_exp!) { author(where: $w) { id } }',
      variables: { w: where },
    })
    expect(json).toEqual({
      errors: [
        {
          extensions: { code: 'validation-failed', path: '$.variableValues' },
          message: 'variable "w" nests objects deeper than the maximum depth of 8',
        },
      ],
    })
  })

  it('answers a persisted-query request as Hasura does when they are not enabled', async () => {
    const response = await engine.app.request('/v1/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body: JSON.stringify({ query: '{ author { id } }', extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }),
    })
    expect(await response.json()).toEqual({
      errors: [{ extensions: { path: '$', code: 'not-supported' }, message: 'Automatic Persisted Queries is not enabled' }],
    })
  })

  it('refuses a document nested deeper than the limit', async () => {
    const query = '{ article { author { articles { author { articles { author { articles { author { id } } } } } } } } }'
    const { json } = await postGraphql(engine.app, { query })
    expect(json).toMatchObject({
      errors: [{ extensions: { code: 'validation-failed' }, message: 'the query exceeds the maximum depth of 8' }],
    })
  })

  it('answers an Apollo-style batch with an array', async () => {
    const response = await engine.app.request('/v1/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body: JSON.stringify([{ query: '{ author_by_pk(id: 1) { name } }' }, { query: '{ nope }' }]),
    })
    const json = (await response.json()) as unknown[]
    expect(json[0]).toEqual({ data: { author_by_pk: { name: 'Ada' } } })
    expect(json[1]).toMatchObject({ errors: [{ extensions: { code: 'validation-failed' } }] })
  })

  it('serves one cached plan for every value of a non-null variable, and keys on the others', async () => {
    const byId = 'query ($id: Int!) { author_by_pk(id: $id) { name } }'
    for (const [id, name] of [
      [1, 'Ada'],
      [2, 'Brian'],
      [3, 'Chen'],
    ] as const) {
      expect((await postGraphql(engine.app, { query: byId, variables: { id } })).json).toEqual({ data: { author_by_pk: { name } } })
    }
    const ordered = 'query ($order: order_by) { author(order_by: {id: $order}, limit: 1) { name } }'
    expect((await postGraphql(engine.app, { query: ordered, variables: { order: 'asc' } })).json).toEqual({
      data: { author: [{ name: 'Ada' }] },
    })
    expect((await postGraphql(engine.app, { query: ordered, variables: { order: 'desc' } })).json).toEqual({
      data: { author: [{ name: 'Chen' }] },
    })
  })

  it('answers each session with its own variables from one cached plan', async () => {
    const query = '{ article(where: {status: {_eq: draft}}) { title } }'
    const asUser = (id: string) => postGraphql(engine.app, { query, role: 'user', headers: { 'x-hasura-user-id': id } })
    expect((await asUser('1')).json).toEqual({ data: { article: [{ title: 'Graphs' }] } })
    expect((await asUser('2')).json).toEqual({ data: { article: [] } })
  })

  it('runs as the role and variables of a JWT', async () => {
    const claims = { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': '1' }
    const sign = (exp: number, key = JWT_KEY) =>
      new SignJWT({ 'https://hasura.io/jwt/claims': claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key))
    const now = Math.floor(Date.now() / 1000)
    const query = '{ article(where: {status: {_eq: draft}}) { title } }'
    const valid = await postGraphql(engine.app, { query, anonymous: true, headers: { authorization: `Bearer ${await sign(now + 60)}` } })
    expect(valid.json).toEqual({ data: { article: [{ title: 'Graphs' }] } })
    const expired = await postGraphql(engine.app, { query, anonymous: true, headers: { authorization: `Bearer ${await sign(now - 600)}` } })
    expect(expired.json).toMatchObject({ errors: [{ extensions: { code: 'invalid-jwt' } }] })
    const forged = await postGraphql(engine.app, {
      query,
      anonymous: true,
      headers: { authorization: `Bearer ${await sign(now + 60, 'x'.repeat(40))}` },
    })
    expect(forged.json).toMatchObject({ errors: [{ extensions: { code: 'invalid-jwt' } }] })
  })

  it('shows SQL errors to admins only', async () => {
    const query = '{ article(where: {published_at: {_gt: "not a date"}}) { id } }'
    const admin = (await postGraphql(engine.app, { query })).json as { errors: { extensions: Record<string, unknown> }[] }
    expect(admin.errors[0]?.extensions).toMatchObject({ code: 'data-exception', internal: { error: { status_code: '22007' } } })
    const user = (await postGraphql(engine.app, { query, role: 'user', headers: { 'x-hasura-user-id': '1' } })).json as typeof admin
    expect(user.errors[0]?.extensions.code).toBe('data-exception')
    expect(user.errors[0]?.extensions).not.toHaveProperty('internal')
  })

  it("generates the user role's schema as recorded", async () => {
    const printed = `${printSchema(await engine.engine.schemaFor('user'))}\n`
    const file = new URL('../engine/golden/schema-user.graphql', import.meta.url)
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, printed)
    expect(printed).toBe(readFileSync(file, 'utf8'))
  })

  it('rebuilds the schema after DDL and after new metadata', async () => {
    await engine.db.query('ALTER TABLE author ADD COLUMN nickname text')
    engine.context.metadata.catalogChanged()
    expect((await postGraphql(engine.app, { query: '{ author_by_pk(id: 1) { nickname } }' })).json).toEqual({
      data: { author_by_pk: { nickname: null } },
    })

    const metadata = structuredClone(engine.context.metadata.current) as Metadata
    const author = metadata.sources[0]?.tables.find((t) => t.table.name === 'author')
    author?.select_permissions?.push({ role: 'guest', permission: { columns: ['name'], filter: { id: { _eq: 'X-Hasura-Author-Id' } } } })
    engine.context.metadata.replace(metadata)
    const guest = await postGraphql(engine.app, { query: '{ author { name } }', role: 'guest', headers: { 'x-hasura-author-id': '2' } })
    expect(guest.json).toEqual({ data: { author: [{ name: 'Brian' }] } })
  })
})
