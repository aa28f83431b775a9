import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_SECRET } from '../../../tests/support/engine-app.ts'
import { applySystemSchemas } from '../../db/system/apply-system-schemas.ts'
import { openTestDatabase, testDatabaseKind } from '../../../tests/support/test-database.ts'
import type { BackendConfig } from '../../config/load-config.ts'
import type { Database } from '../../db/database.ts'
import { createLogger } from '../../lib/logger.ts'
import { MetadataStore } from '../../metadata/store/metadata-store.ts'
import type { Metadata } from '../../metadata/model/types.ts'
import type { BackendContext } from '../../context/backend-context.ts'
import { graphqlRoutes } from '../../server/graphql-routes.ts'
import { createGraphqlEngine } from './graphql-engine.ts'

/**
 * Mutations through `/v1/graphql` on both databases: atomicity across root fields and nested
 * inserts, concurrent upserts, presets, hasura.user for triggers, hostile input and big batches.
 */
const SETUP = `
CREATE TABLE note (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL,
  body text NOT NULL CHECK (length(body) <= 2000),
  written_by jsonb
);
CREATE TABLE tag (
  id serial PRIMARY KEY,
  note_id integer NOT NULL REFERENCES note (id),
  label text NOT NULL UNIQUE
);
CREATE TABLE counter (key text PRIMARY KEY, n integer NOT NULL);
CREATE FUNCTION bump_counter(k text) RETURNS SETOF counter LANGUAGE sql VOLATILE AS $$
  UPDATE counter SET n = n + 1 WHERE key = k RETURNING *
$$;
CREATE TABLE team (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE team_member (team_id integer NOT NULL REFERENCES team (id), user_id integer NOT NULL, PRIMARY KEY (team_id, user_id));
CREATE TABLE wide (id serial PRIMARY KEY, a int, b int, c int, d int, e int, f int, g text);
CREATE FUNCTION note_written_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.written_by := current_setting('hasura.user', true)::jsonb;
  IF NEW.body = 'explode' THEN RAISE EXCEPTION 'internal detail that only admins may see'; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER note_written_by BEFORE INSERT ON note FOR EACH ROW EXECUTE FUNCTION note_written_by();
`

const METADATA: Metadata = {
  version: 3,
  sources: [
    {
      name: 'default',
      kind: 'postgres',
      configuration: {},
      tables: [
        {
          table: { schema: 'public', name: 'note' },
          array_relationships: [
            { name: 'tags', using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'tag' }, column: 'note_id' } } },
          ],
          insert_permissions: [
            {
              role: 'user',
              permission: { columns: ['body'], set: { owner_id: 'X-Hasura-User-Id' }, check: { owner_id: { _eq: 'X-Hasura-User-Id' } } },
            },
          ],
          select_permissions: [
            { role: 'user', permission: { columns: ['id', 'owner_id', 'body'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } } },
          ],
          update_permissions: [
            {
              role: 'user',
              permission: { columns: ['body'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } }, check: { body: { _neq: 'forbidden' } } },
            },
          ],
        },
        {
          table: { schema: 'public', name: 'tag' },
          object_relationships: [{ name: 'note', using: { foreign_key_constraint_on: 'note_id' } }],
          insert_permissions: [{ role: 'user', permission: { columns: ['label'], check: { label: { _neq: 'secret' } } } }],
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'label'], filter: {} } }],
        },
        { table: { schema: 'public', name: 'wide' } },
        {
          table: { schema: 'public', name: 'team' },
          array_relationships: [
            {
              name: 'members',
              using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'team_member' }, column: 'team_id' } },
            },
          ],
          select_permissions: [
            { role: 'user', permission: { columns: ['id', 'name'], filter: { members: { user_id: { _eq: 'X-Hasura-User-Id' } } } } },
          ],
        },
        {
          table: { schema: 'public', name: 'team_member' },
          object_relationships: [{ name: 'team', using: { foreign_key_constraint_on: 'team_id' } }],
          insert_permissions: [
            {
              role: 'user',
              permission: { columns: ['team_id', 'user_id'], check: { team: { members: { user_id: { _eq: 'X-Hasura-User-Id' } } } } },
            },
          ],
          select_permissions: [
            {
              role: 'user',
              permission: { columns: ['team_id', 'user_id'], filter: { team: { members: { user_id: { _eq: 'X-Hasura-User-Id' } } } } },
            },
          ],
        },
        {
          table: { schema: 'public', name: 'counter' },
          insert_permissions: [{ role: 'user', permission: { columns: '*', check: {} } }],
          select_permissions: [{ role: 'user', permission: { columns: '*', filter: {} } }],
          update_permissions: [{ role: 'user', permission: { columns: ['n'], filter: {} } }],
        },
      ],
      functions: [{ function: { schema: 'public', name: 'bump_counter' }, permissions: [{ role: 'user' }] }],
    },
  ],
} as unknown as Metadata

let db: Database & { dispose(): Promise<void> }
let app: Hono

beforeAll(async () => {
  db = await openTestDatabase()
  // Permission checks call hdb_catalog's helper, which the backend creates with its system schemas.
  await applySystemSchemas(db)
  await db.script(SETUP)
  const context: BackendContext = {
    config: {
      adminSecret: ADMIN_SECRET,
      unauthorizedRole: 'anonymous',
      stringifyNumericTypes: true,
      graphql: { maxRequestBytes: 10_000_000, maxDepth: 10 },
    } as BackendConfig,
    db,
    log: createLogger('silent'),
    metadata: new MetadataStore(METADATA),
  }
  app = new Hono()
  app.route('/', graphqlRoutes(context, createGraphqlEngine(context)))
}, 60_000)

afterAll(async () => {
  await db.dispose()
})

interface GraphqlAnswer {
  data?: Record<string, unknown>
  errors?: { message: string; extensions: { code: string; path: string; internal?: unknown } }[]
}

async function graphql(query: string, options: { variables?: Record<string, unknown>; user?: string } = {}): Promise<GraphqlAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET }
  if (options.user) Object.assign(headers, { 'x-hasura-role': 'user', 'x-hasura-user-id': options.user })
  const response = await app.request('/v1/graphql', {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables: options.variables }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as GraphqlAnswer
}

async function count(table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
  return rows[0]?.n ?? 0
}

describe(`mutations on ${testDatabaseKind}`, () => {
  it('rolls back every root field when a later one fails', async () => {
    const before = await count('note')
    const answer = await graphql(`
      mutation {
        a: insert_note_one(object: { owner_id: 1, body: "kept?" }) {
          id
        }
        b: insert_tag(objects: [{ note_id: -1, label: "dangling" }]) {
          affected_rows
        }
      }
    `)
    expect(answer.errors?.[0]?.extensions.code).toBe('constraint-violation')
    expect(answer.errors?.[0]?.message).toMatch(/^Foreign key violation\. /)
    expect(answer.errors?.[0]?.extensions.path).toBe('$.selectionSet.b.args.objects')
    expect(await count('note')).toBe(before)
  })

  it('leaves no parent row behind when a nested row fails its check', async () => {
    const before = await count('note')
    const answer = await graphql(
      `
        mutation {
          insert_note(objects: [{ body: "with tags", tags: { data: [{ label: "fine" }, { label: "secret" }] } }]) {
            affected_rows
          }
        }
      `,
      { user: '7' },
    )
    expect(answer.errors?.[0]).toMatchObject({
      message: 'check constraint of an insert/update permission has failed',
      extensions: { code: 'permission-error' },
    })
    expect(await count('note')).toBe(before)
    expect(await count('tag')).toBe(0)
  })

  it('inserts nested rows with their foreign keys and counts them all', async () => {
    const answer = await graphql(
      `
        mutation {
          insert_note(objects: [{ body: "tagged", tags: { data: [{ label: "one" }, { label: "two" }] } }]) {
            affected_rows
            returning {
              body
              owner_id
              tags {
                label
              }
            }
          }
        }
      `,
      { user: '7' },
    )
    expect(answer).toEqual({
      data: { insert_note: { affected_rows: 3, returning: [{ body: 'tagged', owner_id: 7, tags: [{ label: 'one' }, { label: 'two' }] }] } },
    })
  })

  it('fills presets from the session and refuses a client value for them', async () => {
    const refused = await graphql('mutation { insert_note_one(object: {body: "mine", owner_id: 99}) { id } }', { user: '5' })
    expect(refused.errors?.[0]).toMatchObject({
      extensions: { code: 'validation-failed' },
      message: "field 'owner_id' not found in type: 'note_insert_input'",
    })
    const answer = await graphql('mutation { insert_note_one(object: {body: "mine"}) { owner_id body } }', { user: '5' })
    expect(answer).toEqual({ data: { insert_note_one: { owner_id: 5, body: 'mine' } } })
  })

  it('sets hasura.user for triggers inside the mutation transaction', async () => {
    await graphql('mutation { insert_note_one(object: {body: "who wrote this"}) { id } }', { user: '12' })
    const { rows } = await db.query<{ written_by: Record<string, string> }>(`SELECT written_by FROM note WHERE body = 'who wrote this'`)
    expect(rows[0]?.written_by).toMatchObject({ 'x-hasura-role': 'user', 'x-hasura-user-id': '12' })
  })

  it('refuses an update whose result fails the update check and changes nothing', async () => {
    await graphql('mutation { insert_note_one(object: {body: "to edit"}) { id } }', { user: '3' })
    const answer = await graphql('mutation { update_note(where: {body: {_eq: "to edit"}}, _set: {body: "forbidden"}) { affected_rows } }', {
      user: '3',
    })
    expect(answer.errors?.[0]?.extensions.code).toBe('permission-error')
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM note WHERE body = 'to edit'`)
    expect(rows[0]?.n).toBe(1)
  })

  it('checks every written row even when the response reads none of them', async () => {
    await graphql('mutation { insert_note_one(object: {body: "to edit"}) { id } }', { user: '3' })
    const answer = await graphql('mutation { update_note(where: {body: {_eq: "to edit"}}, _set: {body: "forbidden"}) { __typename } }', {
      user: '3',
    })
    expect(answer.errors?.[0]).toMatchObject({
      message: 'check constraint of an insert/update permission has failed',
      extensions: { code: 'permission-error', path: '$' },
    })
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM note WHERE body = 'forbidden'`)
    expect(rows[0]?.n).toBe(0)
  })

  it('maps a CHECK constraint to permission-error and hides internal errors from non-admins', async () => {
    const tooLong = await graphql('mutation ($body: String!) { insert_note_one(object: {body: $body}) { id } }', {
      user: '3',
      variables: { body: 'x'.repeat(2001) },
    })
    expect(tooLong.errors?.[0]?.extensions.code).toBe('permission-error')
    expect(tooLong.errors?.[0]?.message).toMatch(/^Check constraint violation\. /)
    const hidden = await graphql('mutation { insert_note_one(object: {body: "explode"}) { id } }', { user: '3' })
    // A trigger's RAISE EXCEPTION is the project's refusal, not an engine bug: postgres-error, its text in internal.
    expect(hidden.errors?.[0]).toMatchObject({ extensions: { code: 'postgres-error' }, message: 'database query error' })
    expect(JSON.stringify(hidden)).not.toContain('only admins')
    const shown = await graphql('mutation { insert_note_one(object: {owner_id: 1, body: "explode"}) { id } }')
    expect(JSON.stringify(shown.errors?.[0]?.extensions.internal)).toContain('only admins')
  })

  it('stores hostile strings verbatim and refuses a NUL byte as a data exception', async () => {
    const hostile = `'); DROP TABLE note; -- "quoted" \\ back\\slash $1 $$ ${'\u{1F600}'} \u202e`
    const answer = await graphql('mutation ($body: String!) { insert_note_one(object: {owner_id: 1, body: $body}) { body } }', {
      variables: { body: hostile },
    })
    expect(answer).toEqual({ data: { insert_note_one: { body: hostile } } })
    const inline = await graphql(`mutation { insert_note_one(object: {owner_id: 1, body: ${JSON.stringify(hostile)}}) { body } }`)
    expect(inline).toEqual({ data: { insert_note_one: { body: hostile } } })
    const nul = await graphql('mutation ($body: String!) { insert_note_one(object: {owner_id: 1, body: $body}) { id } }', {
      variables: { body: 'a\u0000b' },
    })
    expect(nul.errors?.[0]?.extensions.code).toMatch(/^(data-exception|unexpected)$/)
    expect(await count('note')).toBeGreaterThan(0)
  })

  it('inserts a batch of 10,000 objects in one request', async () => {
    const objects = Array.from({ length: 10_000 }, (_, i) => ({ key: `batch-${i}`, n: i }))
    const answer = await graphql('mutation ($objects: [counter_insert_input!]!) { insert_counter(objects: $objects) { affected_rows } }', {
      variables: { objects },
    })
    expect(answer).toEqual({ data: { insert_counter: { affected_rows: 10_000 } } })
  }, 60_000)

  it('inserts 10,000 rows of 7 columns, more values than one statement takes, in order', async () => {
    const objects = Array.from({ length: 10_000 }, (_, i) => ({ a: i, b: i, c: i, d: i, e: i, f: i, g: `row ${i}` }))
    const answer = await graphql(
      'mutation ($objects: [wide_insert_input!]!) { insert_wide(objects: $objects) { affected_rows returning { a } } }',
      { variables: { objects } },
    )
    const result = answer.data?.insert_wide as { affected_rows: number; returning: { a: number }[] }
    expect(result.affected_rows).toBe(10_000)
    expect(result.returning.map((r) => r.a)).toEqual(objects.map((o) => o.a))
    expect(await count('wide')).toBe(10_000)
  }, 60_000)

  it('ends concurrent upserts of one key with exactly one row and no unexpected error', async () => {
    const upsert =
      'mutation ($n: Int!) { insert_counter_one(object: {key: "shared", n: $n}, on_conflict: {constraint: counter_pkey, update_columns: [n]}) { key } }'
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => graphql(upsert, { user: '1', variables: { n } })))
    for (const answer of answers) expect(answer).toEqual({ data: { insert_counter_one: { key: 'shared' } } })
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM counter WHERE key = 'shared'`)
    expect(rows[0]?.n).toBe(1)
  })

  it('answers an empty objects list with no rows', async () => {
    const answer = await graphql('mutation { insert_counter(objects: []) { affected_rows returning { key } } }')
    expect(answer).toEqual({ data: { insert_counter: { affected_rows: 0, returning: [] } } })
  })

  it('exposes a tracked VOLATILE function as a mutation, not a query', async () => {
    await graphql('mutation { insert_counter_one(object: {key: "fn", n: 1}) { key } }')
    const answer = await graphql('mutation { bump_counter(args: {k: "fn"}) { key n } }', { user: '1' })
    expect(answer).toEqual({ data: { bump_counter: [{ key: 'fn', n: 2 }] } })
    const asQuery = await graphql('query { bump_counter(args: {k: "fn"}) { n } }', { user: '1' })
    expect(asQuery.errors?.[0]?.extensions.code).toBe('validation-failed')
  })

  it('evaluates permission rules that refer to each other through relationships', async () => {
    await db.query("INSERT INTO team (id, name) VALUES (1, 'ops'), (2, 'other')")
    await db.query('INSERT INTO team_member VALUES (1, 40), (2, 41)')
    const added = await graphql('mutation { insert_team_member_one(object: {team_id: 1, user_id: 42}) { user_id } }', { user: '40' })
    expect(added).toEqual({ data: { insert_team_member_one: { user_id: 42 } } })
    const refused = await graphql('mutation { insert_team_member_one(object: {team_id: 2, user_id: 40}) { user_id } }', { user: '40' })
    expect(refused.errors?.[0]?.extensions.code).toBe('permission-error')
    expect(await graphql('{ team { name members { user_id } } }', { user: '40' })).toEqual({
      data: { team: [{ name: 'ops', members: [{ user_id: 40 }, { user_id: 42 }] }] },
    })
  })

  it('refuses a nested object insert whose upsert inserted nothing', async () => {
    const made = await graphql('mutation { insert_note_one(object: {owner_id: 1, body: "existing"}) { id } }')
    const id = (made.data?.insert_note_one as { id: number }).id
    const answer = await graphql(`mutation {
      insert_tag_one(object: {label: "orphan", note: {data: {id: ${id}, owner_id: 1, body: "again"}, on_conflict: {constraint: note_pkey, update_columns: []}}}) { id }
    }`)
    expect(answer.errors?.[0]).toMatchObject({
      extensions: { code: 'not-supported' },
      message: 'cannot proceed to insert object relation "note" since insert to table "note" affects zero rows',
    })
  })

  it('runs update_many entries in order and delete_by_pk with returning', async () => {
    await graphql('mutation { insert_counter(objects: [{key: "a", n: 1}]) { affected_rows } }')
    const answer = await graphql(`
      mutation {
        update_counter_many(
          updates: [{ where: { key: { _eq: "a" } }, _inc: { n: 10 } }, { where: { key: { _eq: "a" }, n: { _eq: 11 } }, _set: { n: 0 } }]
        ) {
          affected_rows
          returning {
            n
          }
        }
        delete_counter_by_pk(key: "a") {
          key
          n
        }
      }
    `)
    expect(answer).toEqual({
      data: {
        update_counter_many: [
          { affected_rows: 1, returning: [{ n: 11 }] },
          { affected_rows: 1, returning: [{ n: 0 }] },
        ],
        delete_counter_by_pk: { key: 'a', n: 0 },
      },
    })
  })

  describe('plans cached by the shape of their variables', () => {
    const INSERT_TAGGED = `mutation ($notes: [note_insert_input!]!) {
      insert_note(objects: $notes) { affected_rows returning { body tags(order_by: {label: asc}) { label } } }
    }`

    it('binds each request its own values through one cached plan', async () => {
      const bodies = ['first', "it's ; DROP TABLE note --", 'third']
      for (const [i, body] of bodies.entries()) {
        const answer = await graphql(INSERT_TAGGED, {
          variables: { notes: [{ body, tags: { data: [{ label: `shape-${i}-b` }, { label: `shape-${i}-a` }] } }] },
          user: '21',
        })
        expect(answer).toEqual({
          data: { insert_note: { affected_rows: 3, returning: [{ body, tags: [{ label: `shape-${i}-a` }, { label: `shape-${i}-b` }] }] } },
        })
      }
    })

    it('plans again when the shape changes: more rows, other fields, a null, a nested list', async () => {
      const shapes: { notes: unknown[]; expected: unknown[] }[] = [
        {
          notes: [{ body: 'a1' }, { body: 'a2' }],
          expected: [
            { body: 'a1', tags: [] },
            { body: 'a2', tags: [] },
          ],
        },
        {
          notes: [{ body: 'b1', tags: { data: [{ label: 'shape-b1' }] } }, { body: 'b2' }],
          expected: [
            { body: 'b1', tags: [{ label: 'shape-b1' }] },
            { body: 'b2', tags: [] },
          ],
        },
        { notes: [{ body: 'c1' }], expected: [{ body: 'c1', tags: [] }] },
      ]
      for (const { notes, expected } of shapes) {
        const answer = await graphql(INSERT_TAGGED, { variables: { notes }, user: '22' })
        expect(answer.data?.insert_note).toMatchObject({ returning: expected })
      }
      // A null where a value was: Postgres' NOT NULL answers, not a stale plan's value.
      const refused = await graphql(INSERT_TAGGED, { variables: { notes: [{ body: null }] }, user: '22' })
      expect(refused.errors?.[0]?.extensions.code).toBe('constraint-violation')
    })

    it('keeps values that shape the plan (on_conflict) in the key', async () => {
      const UPSERT = `mutation ($rows: [counter_insert_input!]!, $conflict: counter_on_conflict) {
        insert_counter(objects: $rows, on_conflict: $conflict) { returning { key n } }
      }`
      const rows = (n: number) => [{ key: 'shape-upsert', n }]
      const first = await graphql(UPSERT, { variables: { rows: rows(1) }, user: '1' })
      expect(first.data?.insert_counter).toEqual({ returning: [{ key: 'shape-upsert', n: 1 }] })
      const conflict = { constraint: 'counter_pkey', update_columns: ['n'] }
      const second = await graphql(UPSERT, { variables: { rows: rows(2), conflict }, user: '1' })
      expect(second.data?.insert_counter).toEqual({ returning: [{ key: 'shape-upsert', n: 2 }] })
      const ignored = await graphql(UPSERT, { variables: { rows: rows(3), conflict: { ...conflict, update_columns: [] } }, user: '1' })
      expect(ignored.data?.insert_counter).toEqual({ returning: [] })
      const duplicate = await graphql(UPSERT, { variables: { rows: rows(4) }, user: '1' })
      expect(duplicate.errors?.[0]?.extensions.code).toBe('constraint-violation')
    })

    it('binds _set and pk_columns given as variables', async () => {
      await graphql('mutation { insert_counter(objects: [{key: "shape-set", n: 0}]) { affected_rows } }')
      const SET = `mutation ($pk: counter_pk_columns_input!, $set: counter_set_input) {
        update_counter_by_pk(pk_columns: $pk, _set: $set) { key n }
      }`
      for (const n of [5, 7]) {
        const answer = await graphql(SET, { variables: { pk: { key: 'shape-set' }, set: { n } }, user: '1' })
        expect(answer.data?.update_counter_by_pk).toEqual({ key: 'shape-set', n })
      }
      const missing = await graphql(SET, { variables: { pk: { key: 'no-such-key' }, set: { n: 9 } }, user: '1' })
      expect(missing.data?.update_counter_by_pk).toBeNull()
    })
  })
})
