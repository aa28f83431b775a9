import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_SECRET, startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { replaceMetadata } from '../support/metadata.ts'

/**
 * Behaviours taken from Hasura v2's source: the error an `Int` overflow gives
 * (`scientificToInteger`), the update branch of an upsert by a role with column presets
 * (`conflictObjectParser`, `buildUpsertSetExp`) and aggregates of a relationship whose select
 * permission leaves out `allow_aggregations`, and the input coercion of Postgres types Hasura
 * has no parser for (`parsePGValue`: `PGUnknown` takes only a string).
 */
let server: GraphqlTestBackend

async function graphql(query: string, variables: Record<string, unknown> = {}, userId = '42') {
  const response = await fetch(`${server.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await server.jwt(userId)}` },
    body: JSON.stringify({ query, variables }),
  })
  return (await response.json()) as {
    data?: Record<string, unknown>
    errors?: { message: string; extensions: { code: string; path: string } }[]
  }
}

const overflow = (path: string) => ({
  errors: [
    {
      message: 'The value 3.0e9 lies outside the bounds or is not an integer. Maybe it is a float, or is there integer overflow?',
      extensions: { code: 'parse-failed', path },
    },
  ],
})

beforeAll(async () => {
  server = await startGraphqlTestBackend()
  await server.runSql(`
    CREATE TABLE public.parent (id int PRIMARY KEY, n int);
    CREATE TABLE public.child (id int PRIMARY KEY, parent_id int NOT NULL REFERENCES public.parent (id));
    INSERT INTO public.parent VALUES (1, 1);
    INSERT INTO public.child VALUES (1, 1), (2, 1);
    CREATE TABLE public.item (id int PRIMARY KEY, name text, owner text, note text, updated_by text);
    CREATE TABLE public.odd (id serial PRIMARY KEY, iv interval, ip inet, net cidr, mac macaddr, vb varbit, ts tsvector, p point,
      t time, m money, d date, u uuid, ints int[], texts text[]);`)
  const response = await fetch(`${server.url}/v1/metadata`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
    body: JSON.stringify(
      replaceMetadata([
        {
          table: { schema: 'public', name: 'parent' },
          array_relationships: [{ name: 'children', using: { foreign_key_constraint_on: { table: 'child', column: 'parent_id' } } }],
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'n'], filter: {}, allow_aggregations: true } }],
          insert_permissions: [{ role: 'user', permission: { columns: ['id', 'n'], check: {} } }],
        },
        {
          table: { schema: 'public', name: 'child' },
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'parent_id'], filter: {}, allow_aggregations: false } }],
        },
        {
          table: { schema: 'public', name: 'odd' },
          insert_permissions: [{ role: 'user', permission: { columns: '*', check: {} } }],
          select_permissions: [{ role: 'user', permission: { columns: '*', filter: {} } }],
        },
        {
          table: { schema: 'public', name: 'item' },
          insert_permissions: [
            {
              role: 'user',
              permission: { columns: ['id', 'name', 'note'], check: {}, set: { owner: 'x-hasura-user-id', note: 'inserted' } },
            },
          ],
          update_permissions: [
            {
              role: 'user',
              permission: {
                columns: ['name', 'note', 'owner'],
                filter: {},
                check: {},
                set: { updated_by: 'x-hasura-user-id', note: 'updated' },
              },
            },
          ],
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'name', 'owner', 'note', 'updated_by'], filter: {} } }],
        },
      ]),
    ),
  })
  expect(response.status).toBe(200)
}, 240_000)

afterAll(() => server?.stop())

describe('an Int past 32 bits', () => {
  it('in an inline argument is parse-failed at the argument, the number shown as Hasura shows it', async () => {
    expect(await graphql('{ parent(where: {n: {_eq: 3000000000}}) { id } }')).toEqual(overflow('$.selectionSet.parent.args.where.n._eq'))
    expect(await graphql('{ parent(limit: 3000000000) { id } }')).toEqual(overflow('$.selectionSet.parent.args.limit'))
  })

  it('in an inline insert value is parse-failed at the column', async () => {
    expect(await graphql('mutation { insert_parent(objects: [{id: 9, n: 3000000000}]) { affected_rows } }')).toEqual(
      overflow('$.selectionSet.insert_parent.args.objects[0].n'),
    )
  })

  it('in a variable, alone or inside an insert object, is parse-failed', async () => {
    expect(await graphql('query ($n: Int!) { parent(where: {n: {_eq: $n}}) { id } }', { n: 3000000000 })).toEqual(
      overflow('$.variableValues'),
    )
    expect(
      await graphql('mutation ($o: [parent_insert_input!]!) { insert_parent(objects: $o) { affected_rows } }', {
        o: [{ id: 9, n: 3000000000 }],
      }),
    ).toEqual(overflow('$.variableValues'))
  })

  it('is still accepted up to 2^31 - 1, and a non-integer is still a type mismatch', async () => {
    expect(await graphql('query ($n: Int!) { parent(where: {n: {_eq: $n}}) { id } }', { n: 2147483647 })).toEqual({ data: { parent: [] } })
    const float = await graphql('query ($n: Int!) { parent(where: {n: {_eq: $n}}) { id } }', { n: 1.5 })
    expect(float.errors?.[0]?.extensions.code).toBe('validation-failed')
  })
})

describe('an upsert by a role with column presets', () => {
  const upsert = (object: string, updateColumns: string) =>
    `mutation { insert_item_one(object: ${object}, on_conflict: {constraint: item_pkey, update_columns: [${updateColumns}]}) { id name owner note updated_by } }`

  it('inserts with the insert presets and updates with the update presets, which win over the inserted value', async () => {
    expect(await graphql(upsert('{id: 1, name: "first"}', 'name'))).toEqual({
      data: { insert_item_one: { id: 1, name: 'first', owner: '42', note: 'inserted', updated_by: null } },
    })
    // The conflicting row is updated: `name` from the new row, `updated_by` and `note` from the
    // update permission's presets, `owner` kept as it is not among `update_columns`.
    expect(await graphql(upsert('{id: 1, name: "second"}', 'name'), {}, '43')).toEqual({
      data: { insert_item_one: { id: 1, name: 'second', owner: '42', note: 'updated', updated_by: '43' } },
    })
  })

  it('takes an insert preset into the update branch when update_columns names that column', async () => {
    expect(await graphql(upsert('{id: 1, name: "third"}', 'owner'), {}, '44')).toEqual({
      data: { insert_item_one: { id: 1, name: 'second', owner: '44', note: 'updated', updated_by: '44' } },
    })
  })

  it('leaves preset columns out of update_columns, and does nothing when update_columns is empty', async () => {
    const preset = await graphql(upsert('{id: 1, name: "x"}', 'note'))
    expect(preset.errors?.[0]?.extensions.code).toBe('validation-failed')
    expect(await graphql(upsert('{id: 1, name: "fourth"}', ''), {}, '45')).toEqual({ data: { insert_item_one: null } })
    const row = await graphql('{ item_by_pk(id: 1) { name updated_by } }')
    expect(row).toEqual({ data: { item_by_pk: { name: 'second', updated_by: '44' } } })
  })
})

describe('aggregates of a relationship without allow_aggregations', () => {
  it('are not in the role schema, reached directly or through the relationship', async () => {
    expect(await graphql('{ parent { children_aggregate { aggregate { count } } } }')).toEqual({
      errors: [
        {
          message: "field 'children_aggregate' not found in type: 'parent'",
          extensions: { code: 'validation-failed', path: '$.selectionSet.parent.selectionSet.children_aggregate' },
        },
      ],
    })
    expect((await graphql('{ child_aggregate { aggregate { count } } }')).errors?.[0]?.message).toBe(
      "field 'child_aggregate' not found in type: 'query_root'",
    )
  })

  it('leave the relationship itself and the parent aggregate in place', async () => {
    expect(await graphql('{ parent { children(order_by: {id: asc}) { id } } parent_aggregate { aggregate { count } } }')).toEqual({
      data: { parent: [{ children: [{ id: 1 }, { id: 2 }] }], parent_aggregate: { aggregate: { count: 1 } } },
    })
  })
})

describe('values of less common Postgres types', () => {
  const insert = (column: string, type: string, value: unknown) =>
    graphql(`mutation ($v: ${type}) { insert_odd_one(object: {${column}: $v}) { ${column} } }`, { v: value })

  it('are strings Postgres reads, for the types Hasura has no parser for', async () => {
    const accepted: [string, string, unknown, unknown][] = [
      ['iv', 'interval', '1 day 02:00:00', '1 day 02:00:00'],
      ['ip', 'inet', '10.0.0.1', '10.0.0.1'],
      ['net', 'cidr', '10.0.0.0/8', '10.0.0.0/8'],
      ['mac', 'macaddr', '08:00:2b:01:02:03', '08:00:2b:01:02:03'],
      ['vb', 'varbit', '1011', '1011'],
      ['ts', 'tsvector', 'fat cat', "'cat' 'fat'"],
      ['p', 'point', '(1,2)', '(1,2)'],
      ['t', 'time', '10:30', '10:30:00'],
    ]
    for (const [column, type, value, stored] of accepted) {
      expect(await insert(column, type, value), type).toEqual({ data: { insert_odd_one: { [column]: stored } } })
    }
  })

  it('refuse anything but a string, inline or in a variable', async () => {
    expect(await graphql('mutation { insert_odd_one(object: {iv: 5}) { id } }')).toEqual({
      errors: [
        {
          message: 'A string is expected for type: interval',
          extensions: { code: 'parse-failed', path: '$.selectionSet.insert_odd_one.args.object.iv' },
        },
      ],
    })
    expect(await graphql('mutation { insert_odd_one(object: {ip: ["10.0.0.1"]}) { id } }')).toEqual({
      errors: [
        {
          message: 'A string is expected for type: inet',
          extensions: { code: 'parse-failed', path: '$.selectionSet.insert_odd_one.args.object.ip' },
        },
      ],
    })
    expect(await insert('p', 'point', { x: 1, y: 2 })).toEqual({
      errors: [{ message: 'A string is expected for type: point', extensions: { code: 'parse-failed', path: '$.variableValues' } }],
    })
    const inObject = await graphql('mutation ($o: odd_insert_input!) { insert_odd_one(object: $o) { id } }', { o: { mac: 8 } })
    expect(inObject.errors?.[0]).toMatchObject({ message: 'A string is expected for type: macaddr', extensions: { code: 'parse-failed' } })
  })

  it('answer a string Postgres cannot read with its data-exception', async () => {
    const answer = await insert('ip', 'inet', 'not-an-address')
    expect(answer.errors?.[0]).toMatchObject({
      message: 'invalid input syntax for type inet: "not-an-address"',
      extensions: { code: 'data-exception' },
    })
  })

  it('take numbers for money and arrays as a Postgres literal or a JSON list', async () => {
    expect(await insert('m', 'money', 12.5)).toEqual({ data: { insert_odd_one: { m: '$12.50' } } })
    expect(await insert('ints', '_int4', '{1,2}')).toEqual({ data: { insert_odd_one: { ints: [1, 2] } } })
    expect(await insert('texts', '_text', ['a', 'b c'])).toEqual({ data: { insert_odd_one: { texts: ['a', 'b c'] } } })
    const date = await insert('d', 'date', 5)
    expect(date.errors?.[0]?.extensions.code).toBe('data-exception')
  })
})
