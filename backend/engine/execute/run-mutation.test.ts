import { describe, expect, it } from 'vitest'
import { useMutationEngine } from '../../../tests/support/mutation-engine.ts'
import { testDatabaseKind } from '../../../tests/support/test-database.ts'

/**
 * Mutations through `/v1/graphql` on both databases: atomicity across root fields and nested
 * inserts, concurrent upserts, presets, hasura.user for triggers, hostile input and big batches.
 */
const m = useMutationEngine()

describe(`mutations on ${testDatabaseKind}`, () => {
  it('rolls back every root field when a later one fails', async () => {
    const before = await m.count('note')
    const answer = await m.graphql(`
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
    expect(await m.count('note')).toBe(before)
  })

  it('leaves no parent row behind when a nested row fails its check', async () => {
    const before = await m.count('note')
    const answer = await m.graphql(
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
    expect(await m.count('note')).toBe(before)
    expect(await m.count('tag')).toBe(0)
  })

  it('inserts nested rows with their foreign keys and counts them all', async () => {
    const answer = await m.graphql(
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
    const refused = await m.graphql('mutation { insert_note_one(object: {body: "mine", owner_id: 99}) { id } }', { user: '5' })
    expect(refused.errors?.[0]).toMatchObject({
      extensions: { code: 'validation-failed' },
      message: "field 'owner_id' not found in type: 'note_insert_input'",
    })
    const answer = await m.graphql('mutation { insert_note_one(object: {body: "mine"}) { owner_id body } }', { user: '5' })
    expect(answer).toEqual({ data: { insert_note_one: { owner_id: 5, body: 'mine' } } })
  })

  it('sets hasura.user for triggers inside the mutation transaction', async () => {
    await m.graphql('mutation { insert_note_one(object: {body: "who wrote this"}) { id } }', { user: '12' })
    const { rows } = await m.db.query<{ written_by: Record<string, string> }>(`SELECT written_by FROM note WHERE body = 'who wrote this'`)
    expect(rows[0]?.written_by).toMatchObject({ 'x-hasura-role': 'user', 'x-hasura-user-id': '12' })
  })

  it('refuses an update whose result fails the update check and changes nothing', async () => {
    await m.graphql('mutation { insert_note_one(object: {body: "to edit"}) { id } }', { user: '3' })
    const answer = await m.graphql(
      'mutation { update_note(where: {body: {_eq: "to edit"}}, _set: {body: "forbidden"}) { affected_rows } }',
      {
        user: '3',
      },
    )
    expect(answer.errors?.[0]?.extensions.code).toBe('permission-error')
    const { rows } = await m.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM note WHERE body = 'to edit'`)
    expect(rows[0]?.n).toBe(1)
  })

  it('checks every written row even when the response reads none of them', async () => {
    await m.graphql('mutation { insert_note_one(object: {body: "to edit"}) { id } }', { user: '3' })
    const answer = await m.graphql('mutation { update_note(where: {body: {_eq: "to edit"}}, _set: {body: "forbidden"}) { __typename } }', {
      user: '3',
    })
    expect(answer.errors?.[0]).toMatchObject({
      message: 'check constraint of an insert/update permission has failed',
      extensions: { code: 'permission-error', path: '$' },
    })
    const { rows } = await m.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM note WHERE body = 'forbidden'`)
    expect(rows[0]?.n).toBe(0)
  })

  it('maps a CHECK constraint to permission-error and hides internal errors from non-admins', async () => {
    const tooLong = await m.graphql('mutation ($body: String!) { insert_note_one(object: {body: $body}) { id } }', {
      user: '3',
      variables: { body: 'x'.repeat(2001) },
    })
    expect(tooLong.errors?.[0]?.extensions.code).toBe('permission-error')
    expect(tooLong.errors?.[0]?.message).toMatch(/^Check constraint violation\. /)
    const hidden = await m.graphql('mutation { insert_note_one(object: {body: "explode"}) { id } }', { user: '3' })
    // A trigger's RAISE EXCEPTION is the project's refusal, not an engine bug: postgres-error, its text in internal.
    expect(hidden.errors?.[0]).toMatchObject({ extensions: { code: 'postgres-error' }, message: 'database query error' })
    expect(JSON.stringify(hidden)).not.toContain('only admins')
    const shown = await m.graphql('mutation { insert_note_one(object: {owner_id: 1, body: "explode"}) { id } }')
    expect(JSON.stringify(shown.errors?.[0]?.extensions.internal)).toContain('only admins')
  })

  it('stores hostile strings verbatim and refuses a NUL byte as a data exception', async () => {
    const hostile = `'); DROP TABLE note; -- "quoted" \\ back\\slash $1 $$ ${'\u{1F600}'} \u202e`
    const answer = await m.graphql('mutation ($body: String!) { insert_note_one(object: {owner_id: 1, body: $body}) { body } }', {
      variables: { body: hostile },
    })
    expect(answer).toEqual({ data: { insert_note_one: { body: hostile } } })
    const inline = await m.graphql(`mutation { insert_note_one(object: {owner_id: 1, body: ${JSON.stringify(hostile)}}) { body } }`)
    expect(inline).toEqual({ data: { insert_note_one: { body: hostile } } })
    const nul = await m.graphql('mutation ($body: String!) { insert_note_one(object: {owner_id: 1, body: $body}) { id } }', {
      variables: { body: 'a\u0000b' },
    })
    expect(nul.errors?.[0]?.extensions.code).toMatch(/^(data-exception|unexpected)$/)
    expect(await m.count('note')).toBeGreaterThan(0)
  })

  it('inserts a batch of 10,000 objects in one request', async () => {
    const objects = Array.from({ length: 10_000 }, (_, i) => ({ key: `batch-${i}`, n: i }))
    const answer = await m.graphql(
      'mutation ($objects: [counter_insert_input!]!) { insert_counter(objects: $objects) { affected_rows } }',
      {
        variables: { objects },
      },
    )
    expect(answer).toEqual({ data: { insert_counter: { affected_rows: 10_000 } } })
  }, 60_000)

  it('inserts 10,000 rows of 7 columns, more values than one statement takes, in order', async () => {
    const objects = Array.from({ length: 10_000 }, (_, i) => ({ a: i, b: i, c: i, d: i, e: i, f: i, g: `row ${i}` }))
    const answer = await m.graphql(
      'mutation ($objects: [wide_insert_input!]!) { insert_wide(objects: $objects) { affected_rows returning { a } } }',
      { variables: { objects } },
    )
    const result = answer.data?.insert_wide as { affected_rows: number; returning: { a: number }[] }
    expect(result.affected_rows).toBe(10_000)
    expect(result.returning.map((r) => r.a)).toEqual(objects.map((o) => o.a))
    expect(await m.count('wide')).toBe(10_000)
  }, 60_000)

  it('ends concurrent upserts of one key with exactly one row and no unexpected error', async () => {
    const upsert =
      'mutation ($n: Int!) { insert_counter_one(object: {key: "shared", n: $n}, on_conflict: {constraint: counter_pkey, update_columns: [n]}) { key } }'
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => m.graphql(upsert, { user: '1', variables: { n } })))
    for (const answer of answers) expect(answer).toEqual({ data: { insert_counter_one: { key: 'shared' } } })
    const { rows } = await m.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM counter WHERE key = 'shared'`)
    expect(rows[0]?.n).toBe(1)
  })

  it('answers an empty objects list with no rows', async () => {
    const answer = await m.graphql('mutation { insert_counter(objects: []) { affected_rows returning { key } } }')
    expect(answer).toEqual({ data: { insert_counter: { affected_rows: 0, returning: [] } } })
  })

  it('exposes a tracked VOLATILE function as a mutation, not a query', async () => {
    await m.graphql('mutation { insert_counter_one(object: {key: "fn", n: 1}) { key } }')
    const answer = await m.graphql('mutation { bump_counter(args: {k: "fn"}) { key n } }', { user: '1' })
    expect(answer).toEqual({ data: { bump_counter: [{ key: 'fn', n: 2 }] } })
    const asQuery = await m.graphql('query { bump_counter(args: {k: "fn"}) { n } }', { user: '1' })
    expect(asQuery.errors?.[0]?.extensions.code).toBe('validation-failed')
  })

  it('evaluates permission rules that refer to each other through relationships', async () => {
    await m.db.query("INSERT INTO team (id, name) VALUES (1, 'ops'), (2, 'other')")
    await m.db.query('INSERT INTO team_member VALUES (1, 40), (2, 41)')
    const added = await m.graphql('mutation { insert_team_member_one(object: {team_id: 1, user_id: 42}) { user_id } }', { user: '40' })
    expect(added).toEqual({ data: { insert_team_member_one: { user_id: 42 } } })
    const refused = await m.graphql('mutation { insert_team_member_one(object: {team_id: 2, user_id: 40}) { user_id } }', { user: '40' })
    expect(refused.errors?.[0]?.extensions.code).toBe('permission-error')
    expect(await m.graphql('{ team { name members { user_id } } }', { user: '40' })).toEqual({
      data: { team: [{ name: 'ops', members: [{ user_id: 40 }, { user_id: 42 }] }] },
    })
  })

  it('refuses a nested object insert whose upsert inserted nothing', async () => {
    const made = await m.graphql('mutation { insert_note_one(object: {owner_id: 1, body: "existing"}) { id } }')
    const id = (made.data?.insert_note_one as { id: number }).id
    const answer = await m.graphql(`mutation {
      insert_tag_one(object: {label: "orphan", note: {data: {id: ${id}, owner_id: 1, body: "again"}, on_conflict: {constraint: note_pkey, update_columns: []}}}) { id }
    }`)
    expect(answer.errors?.[0]).toMatchObject({
      extensions: { code: 'not-supported' },
      message: 'cannot proceed to insert object relation "note" since insert to table "note" affects zero rows',
    })
  })

  it('runs update_many entries in order and delete_by_pk with returning', async () => {
    await m.graphql('mutation { insert_counter(objects: [{key: "a", n: 1}]) { affected_rows } }')
    const answer = await m.graphql(`
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
})
