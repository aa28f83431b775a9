import { expect } from 'vitest'
import type { ApiScenario, ScenarioResponse } from './api-scenario.ts'
import { graphqlPostRequest, type GraphqlCall } from './engine-app.ts'

/** The answer Hasura gives a query: data, or its first error's code, path and message. */
type GraphqlAnswer = { data: unknown; error?: never } | { error: { code: string; path?: string; message?: string }; data?: never }

function firstErrorIs(expected: { code: string; path?: string; message?: string }) {
  return ({ json }: ScenarioResponse) => {
    const first = (json as { errors?: { message: string; extensions: { code: string; path: string } }[] }).errors?.[0]
    expect(first?.extensions.code).toBe(expected.code)
    if (expected.path) expect(first?.extensions.path).toBe(expected.path)
    if (expected.message) expect(first?.message).toBe(expected.message)
  }
}

/** A query, how it is sent, and Hasura's answer: the short form of the scenarios below. */
type GraphqlCase = GraphqlCall & GraphqlAnswer & { name: string }

/** A `POST /v1/graphql` scenario: Hasura answers 200 with the data or the error. */
function graphql({ name, data, error, ...call }: GraphqlCase): ApiScenario {
  return {
    name,
    ...graphqlPostRequest(call),
    status: 200,
    ...(error ? { after: firstErrorIs(error) } : { response: { data } }),
  }
}

/**
 * `/v1/graphql` requests on the engine app's data (tests/support/engine-app.ts) with the answer
 * Hasura gives. The POST tests play them; the GET tests check that GET answers each query alike.
 */
const cases: GraphqlCase[] = [
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

export const graphqlScenarios: ApiScenario[] = cases.map(graphql)
