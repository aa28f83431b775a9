import { describe, expect, it } from 'vitest'
import { useMutationEngine } from '../../../tests/support/mutation-engine.ts'
import { testDatabaseKind } from '../../../tests/support/test-database.ts'

/**
 * A mutation's plan is cached by the shape of its variables (how many rows, which fields, nulls,
 * nested lists, the values that change the statement such as on_conflict): each request binds its
 * own values through the cached plan, and a new shape plans again.
 */
const m = useMutationEngine()

describe(`mutation plans cached by the shape of their variables, on ${testDatabaseKind}`, () => {
  const INSERT_TAGGED = `mutation ($notes: [note_insert_input!]!) {
    insert_note(objects: $notes) { affected_rows returning { body tags(order_by: {label: asc}) { label } } }
  }`

  it('binds each request its own values through one cached plan', async () => {
    const bodies = ['first', "it's ; DROP TABLE note --", 'third']
    for (const [i, body] of bodies.entries()) {
      const answer = await m.graphql(INSERT_TAGGED, {
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
      const answer = await m.graphql(INSERT_TAGGED, { variables: { notes }, user: '22' })
      expect(answer.data?.insert_note).toMatchObject({ returning: expected })
    }
    // A null where a value was: Postgres' NOT NULL answers, not a stale plan's value.
    const refused = await m.graphql(INSERT_TAGGED, { variables: { notes: [{ body: null }] }, user: '22' })
    expect(refused.errors?.[0]?.extensions.code).toBe('constraint-violation')
  })

  it('keeps values that shape the plan (on_conflict) in the key', async () => {
    const UPSERT = `mutation ($rows: [counter_insert_input!]!, $conflict: counter_on_conflict) {
      insert_counter(objects: $rows, on_conflict: $conflict) { returning { key n } }
    }`
    const rows = (n: number) => [{ key: 'shape-upsert', n }]
    const first = await m.graphql(UPSERT, { variables: { rows: rows(1) }, user: '1' })
    expect(first.data?.insert_counter).toEqual({ returning: [{ key: 'shape-upsert', n: 1 }] })
    const conflict = { constraint: 'counter_pkey', update_columns: ['n'] }
    const second = await m.graphql(UPSERT, { variables: { rows: rows(2), conflict }, user: '1' })
    expect(second.data?.insert_counter).toEqual({ returning: [{ key: 'shape-upsert', n: 2 }] })
    const ignored = await m.graphql(UPSERT, { variables: { rows: rows(3), conflict: { ...conflict, update_columns: [] } }, user: '1' })
    expect(ignored.data?.insert_counter).toEqual({ returning: [] })
    const duplicate = await m.graphql(UPSERT, { variables: { rows: rows(4) }, user: '1' })
    expect(duplicate.errors?.[0]?.extensions.code).toBe('constraint-violation')
  })

  it('binds _set and pk_columns given as variables', async () => {
    await m.graphql('mutation { insert_counter(objects: [{key: "shape-set", n: 0}]) { affected_rows } }')
    const SET = `mutation ($pk: counter_pk_columns_input!, $set: counter_set_input) {
      update_counter_by_pk(pk_columns: $pk, _set: $set) { key n }
    }`
    for (const n of [5, 7]) {
      const answer = await m.graphql(SET, { variables: { pk: { key: 'shape-set' }, set: { n } }, user: '1' })
      expect(answer.data?.update_counter_by_pk).toEqual({ key: 'shape-set', n })
    }
    const missing = await m.graphql(SET, { variables: { pk: { key: 'no-such-key' }, set: { n: 9 } }, user: '1' })
    expect(missing.data?.update_counter_by_pk).toBeNull()
  })
})
