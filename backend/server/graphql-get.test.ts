import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_SECRET,
  JWT_KEY,
  getGraphql,
  graphqlGetRequest,
  openEngineApp,
  postGraphql,
  sendGraphql,
  type EngineApp,
} from '../../tests/support/engine-app.ts'
import { graphqlScenarios } from '../../tests/support/graphql-scenarios.ts'

/** `GET /v1/graphql`: Hasura's query-string form, answering as POST does, queries only. */
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

  const queries = graphqlScenarios.filter((scenario) => !(scenario.body as { query: string }).query.startsWith('mutation'))
  it.each(queries)('answers as POST does: $name', async (scenario) => {
    const answer = await sendGraphql(engine.app, graphqlGetRequest(scenario))
    const post = await sendGraphql(engine.app, scenario)
    expect({ status: answer.status, json: answer.json }).toEqual({ status: post.status, json: post.json })
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
