import { printSchema } from 'graphql'
import { SignJWT } from 'jose'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Metadata } from '../metadata/model/types.ts'
import {
  ADMIN_SECRET,
  JWT_KEY,
  getGraphql,
  openEngineApp,
  postGraphql,
  type EngineApp,
  type GraphqlCall,
} from '../../tests/support/engine-app.ts'

/**
 * `/v1/graphql` through the app's fetch handler, as scenario tables: Hasura's errors with their
 * codes and paths, the request limits, sessions from JWTs, hostile input and schema changes.
 */
interface Scenario extends GraphqlCall {
  name: string
  data?: unknown
  error?: { code: string; path?: string; message?: string }
}

const scenarios: Scenario[] = [
  {
    name: 'unknown root field',
    query: '{ nope { id } }',
    error: { code: 'validation-failed', path: '$.selectionSet.nope', message: "field 'nope' not found in type: 'query_root'" },
  },
  {
    name: 'a column the role may not select does not exist for it',
    role: 'user',
    headers: { 'x-hasura-user-id': '1' },
    query: '{ author { id email } }',
    error: {
      code: 'validation-failed',
      path: '$.selectionSet.author.selectionSet.email',
      message: "field 'email' not found in type: 'author'",
    },
  },
  {
    name: 'a table without permission does not exist for the role',
    role: 'anonymous',
    query: '{ comment { id } }',
    error: { code: 'validation-failed', path: '$.selectionSet.comment' },
  },
  {
    name: 'query_root_fields hides the other root fields',
    role: 'anonymous',
    query: '{ article_by_pk(id: 1) { id } }',
    error: { code: 'validation-failed', path: '$.selectionSet.article_by_pk' },
  },
  {
    name: 'unknown argument',
    query: '{ author(first: 1) { id } }',
    error: { code: 'validation-failed', path: '$.selectionSet.author', message: "'author' has no argument named 'first'" },
  },
  {
    name: 'enum table values are checked',
    query: '{ article(where: {status: {_eq: archived}}) { id } }',
    error: {
      code: 'validation-failed',
      path: '$.selectionSet.article.args.where.status._eq',
      message: "expected one of the values ['draft', 'published'] for type 'article_status_enum', but found 'archived'",
    },
  },
  {
    name: 'a null comparison value is an error, not a match-all',
    query: '{ author(where: {name: {_eq: null}}) { id } }',
    error: {
      code: 'validation-failed',
      path: '$.selectionSet.author.args.where.name._eq',
      message: "unexpected null value for type 'String'",
    },
  },
  {
    name: 'a string where an Int is expected',
    query: '{ author(limit: "2") { id } }',
    error: {
      code: 'validation-failed',
      path: '$.selectionSet.author.args.limit',
      message: "expected a 32-bit integer for type 'Int', but found a string",
    },
  },
  {
    name: 'a negative limit',
    query: '{ author(limit: -1) { id } }',
    error: {
      code: 'validation-failed',
      path: '$.selectionSet.author.args.limit',
      message: "expected a non-negative 32-bit integer for type 'Int', but found an integer",
    },
  },
  {
    name: 'distinct_on must lead order_by',
    query: '{ article(distinct_on: author_id, order_by: {title: asc}) { id } }',
    error: {
      code: 'validation-failed',
      path: '$.selectionSet.article.args',
      message: '"distinct_on" columns must match initial "order_by" columns',
    },
  },
  {
    name: 'a permission needing a session variable the request lacks',
    role: 'user',
    query: '{ article { id } }',
    error: { code: 'not-found', path: '$', message: 'missing session variable: "x-hasura-user-id"' },
  },
  {
    name: 'a session variable that is not an integer is a data exception, not SQL',
    role: 'user',
    headers: { 'x-hasura-user-id': '1) OR (1=1' },
    query: '{ article { id } }',
    error: { code: 'data-exception' },
  },
  {
    name: 'an array session variable as a Postgres array literal',
    role: 'curator',
    headers: { 'x-hasura-names': '{Ada,"Chen"}' },
    query: '{ author(order_by: {name: asc}) { name } }',
    data: { author: [{ name: 'Ada' }, { name: 'Chen' }] },
  },
  {
    name: 'an array session variable as a JSON array',
    role: 'curator',
    headers: { 'x-hasura-names': '["Brian"]' },
    query: '{ author { name } }',
    data: { author: [{ name: 'Brian' }] },
  },
  {
    name: 'an empty array session variable',
    role: 'curator',
    headers: { 'x-hasura-names': '{}' },
    query: '{ author { name } }',
    data: { author: [] },
  },
  {
    name: '_cast to String on a column that is not jsonb',
    query: '{ article(where: {score: {_cast: {String: {_like: "9.%"}}}}) { id } }',
    data: { article: [{ id: 1 }] },
  },
  {
    name: 'an aggregate predicate on the count as text',
    query: '{ author(where: {articles_aggregate: {count: {predicate: {_cast: {String: {_eq: "2"}}}}}}) { name } }',
    data: { author: [{ name: 'Ada' }] },
  },
  {
    name: 'hostile strings are values, never SQL',
    query: `{ author(where: {name: {_eq: "'; DROP TABLE author; --"}}) { id }
              a: article(where: {title: {_like: "%\\"marks\\"%"}}) { title } }`,
    data: { author: [], a: [{ title: 'Quotes \'and\' "marks"' }] },
  },
  {
    name: 'hostile JSON paths are keys, never SQL',
    query: `{ author_by_pk(id: 1) { x: profile(path: "['); DROP TABLE author; --']") } }`,
    data: { author_by_pk: { x: null } },
  },
  {
    name: 'a malformed JSON path',
    query: '{ author_by_pk(id: 1) { profile(path: "a[x") } }',
    error: { code: 'validation-failed', path: '$.selectionSet.author_by_pk.selectionSet.profile.args.path' },
  },
  {
    name: 'a parse error',
    query: '{ author { id ',
    error: { code: 'validation-failed', path: '$.query' },
  },
  {
    name: "a delete that breaks a foreign key rolls back with Hasura's constraint-violation",
    query: 'mutation { delete_author(where: {}) { affected_rows } }',
    error: { code: 'constraint-violation', path: '$' },
  },
  {
    name: 'variables the operation does not use',
    query: 'query ($id: Int!) { author_by_pk(id: $id) { id } }',
    variables: { id: 1, limit: 2 },
    error: { code: 'validation-failed', path: '$', message: 'unexpected variables in variableValues: limit' },
  },
  {
    name: 'an object field without a selection set',
    query: '{ author }',
    error: { code: 'validation-failed' },
  },
  {
    name: 'a selection set on a scalar',
    query: '{ author { id { x } } }',
    error: { code: 'validation-failed' },
  },
  {
    name: 'one response key for two different fields',
    query: '{ author { id: name } author { id } }',
    error: { code: 'validation-failed' },
  },
  {
    name: 'several operations and no operationName',
    query: 'query A { author { id } } query B { article { id } }',
    error: { code: 'validation-failed' },
  },
  {
    name: 'operationName picks one operation; fragments, @include and @skip apply',
    query: `query A { author { id } }
            query B($full: Boolean!) { author_by_pk(id: 2) { ...names rating @include(if: $full) id @skip(if: true) } }
            fragment names on author { name }`,
    operationName: 'B',
    variables: { full: true },
    data: { author_by_pk: { name: 'Brian', rating: '3.25' } },
  },
  {
    name: 'the unauthorized role serves requests without credentials',
    anonymous: true,
    query: '{ article(order_by: {id: asc}) { id } }',
    data: { article: [{ id: 1 }, { id: 3 }, { id: 4 }] },
  },
  {
    name: 'a wrong admin secret is refused',
    anonymous: true,
    headers: { 'x-hasura-admin-secret': 'wrong' },
    query: '{ author { id } }',
    error: { code: 'access-denied' },
  },
  {
    name: 'introspection answers with the role schema',
    role: 'anonymous',
    query: '{ __type(name: "author") { fields { name } } __schema { queryType { name } } }',
    data: { __type: { fields: [{ name: 'articles' }, { name: 'id' }, { name: 'name' }] }, __schema: { queryType: { name: 'query_root' } } },
  },
]

describe('POST /v1/graphql', () => {
  let engine: EngineApp
  beforeAll(async () => {
    engine = await openEngineApp({ maxRequestBytes: 4096, maxDepth: 8 })
  })
  afterAll(async () => {
    await engine.dispose()
  })

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const { status, json } = await postGraphql(engine.app, scenario)
    expect(status).toBe(200)
    if (scenario.data !== undefined) expect(json).toEqual({ data: scenario.data })
    if (scenario.error) {
      const errors = (json as { errors?: { message: string; extensions: { code: string; path: string } }[] }).errors
      expect(errors?.[0]?.extensions.code).toBe(scenario.error.code)
      if (scenario.error.path) expect(errors?.[0]?.extensions.path).toBe(scenario.error.path)
      if (scenario.error.message) expect(errors?.[0]?.message).toBe(scenario.error.message)
    }
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
    const file = new URL('./golden/schema-user.graphql', import.meta.url)
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

describe('GET /v1/graphql', () => {
  let engine: EngineApp
  beforeAll(async () => {
    engine = await openEngineApp({ maxRequestBytes: 4096, maxDepth: 8 })
  })
  afterAll(async () => {
    await engine.dispose()
  })
  const get = (search: string, headers: Record<string, string> = { 'x-hasura-admin-secret': ADMIN_SECRET }) =>
    engine.app.request(`/v1/graphql?${search}`, { headers })
  const encoded = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString()

  const queries = scenarios.filter((scenario) => !scenario.query.startsWith('mutation'))
  it.each(queries.map((s) => [s.name, s] as const))('answers as POST does: %s', async (_name, scenario) => {
    const answer = await getGraphql(engine.app, scenario)
    expect({ status: answer.status, json: answer.json }).toEqual(await postGraphql(engine.app, scenario))
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  it('runs the operation `operationName` picks, with JSON variables', async () => {
    const query = 'query One($id: Int!) { author_by_pk(id: $id) { name } } query Two { author_aggregate { aggregate { count } } }'
    const answer = await getGraphql(engine.app, { query, operationName: 'One', variables: { id: 2 } })
    expect(answer.json).toEqual({ data: { author_by_pk: { name: 'Brian' } } })
    const other = await getGraphql(engine.app, { query, operationName: 'Two' })
    expect(other.json).toEqual({ data: { author_aggregate: { aggregate: { count: 3 } } } })
  })

  it('runs as the JWT in the Authorization header', async () => {
    const claims = { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': '1' }
    const token = await new SignJWT({ 'https://hasura.io/jwt/claims': claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(new TextEncoder().encode(JWT_KEY))
    const query = '{ article(where: {status: {_eq: draft}}) { title } }'
    const answer = await getGraphql(engine.app, { query, anonymous: true, headers: { authorization: `Bearer ${token}` } })
    expect(answer.json).toEqual({ data: { article: [{ title: 'Graphs' }] } })
  })

  it.each([
    ['a mutation', { query: 'mutation { delete_author(where: {}) { affected_rows } }' }, 'mutation'],
    [
      'a mutation picked by operationName',
      { query: 'query A { author { id } } mutation B { delete_article(where: {}) { affected_rows } }', operationName: 'B' },
      'mutation',
    ],
    ['a subscription', { query: 'subscription { author { id } }' }, 'subscription'],
  ])('refuses %s with 405 and Allow: POST, and changes nothing', async (_name, parameters, kind) => {
    const response = await get(encoded(parameters))
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toMatchObject({
      path: '$',
      code: 'method-not-allowed',
      error: expect.stringContaining(`a ${kind} cannot be sent with GET`),
    })
    const { json } = await postGraphql(engine.app, { query: '{ article_aggregate { aggregate { count } } }' })
    expect(json).toEqual({ data: { article_aggregate: { aggregate: { count: 4 } } } })
  })

  it.each([
    ['no query', encoded({ variables: '{}' }), 400, 'parse-failed', 'the URL has no "query" parameter'],
    [
      'variables that are not JSON',
      encoded({ query: '{ author { id } }', variables: '{"id": ' }),
      400,
      'invalid-json',
      'the "variables" parameter is not valid JSON',
    ],
    [
      'variables that are not an object',
      encoded({ query: '{ author { id } }', variables: '[1]' }),
      400,
      'parse-failed',
      'the "variables" parameter is not a JSON object',
    ],
    [
      'extensions that are not JSON',
      encoded({ query: '{ author { id } }', extensions: 'x' }),
      400,
      'invalid-json',
      'the "extensions" parameter is not valid JSON',
    ],
    [
      'a query given twice',
      'query=%7Bauthor%7Bid%7D%7D&query=%7Bnope%7D',
      400,
      'parse-failed',
      'the URL has more than one "query" parameter',
    ],
    [
      'a query string over the size limit',
      encoded({ query: `{ author { id } } #${'x'.repeat(5000)}` }),
      414,
      'request-too-large',
      "the URL's query string exceeds 4096 bytes: send the request with POST",
    ],
  ])('refuses %s before any work', async (_name, search, status, code, error) => {
    const response = await get(search)
    expect(response.status).toBe(status)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ path: '$', code, error })
  })

  it('takes JSON null variables and unknown parameters (a cache buster) as POST takes them', async () => {
    const response = await get(encoded({ query: '{ author_by_pk(id: 1) { name } }', variables: 'null', extensions: '{}', _: '123' }))
    expect(await response.json()).toEqual({ data: { author_by_pk: { name: 'Ada' } } })
  })

  it('answers a persisted-query request as Hasura does when they are not enabled', async () => {
    const response = await get(
      encoded({ query: '{ author { id } }', extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: 'x' } }) }),
    )
    expect(await response.json()).toEqual({
      errors: [{ extensions: { path: '$', code: 'not-supported' }, message: 'Automatic Persisted Queries is not enabled' }],
    })
  })

  it('holds GETs to the depth limit', async () => {
    const query = '{ article { author { articles { author { articles { author { articles { author { id } } } } } } } } }'
    const { json } = await getGraphql(engine.app, { query })
    expect(json).toMatchObject({
      errors: [{ extensions: { code: 'validation-failed' }, message: 'the query exceeds the maximum depth of 8' }],
    })
  })
})
