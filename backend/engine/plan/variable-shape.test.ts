import { GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLInputType } from 'graphql'
import { describe, expect, it } from 'vitest'
import { columnValuesShape, slotColumnValues } from './variable-shape.ts'
import { VariableSlot } from './variable-slot.ts'

const conflict = new GraphQLInputObjectType({
  name: 'tag_on_conflict',
  fields: {
    constraint: { type: new GraphQLEnumType({ name: 'tag_constraint', values: { tag_pkey: {} } }) },
    where: { type: GraphQLString },
  },
})
const tagInput: GraphQLInputObjectType = new GraphQLInputObjectType({
  name: 'tag_insert_input',
  extensions: { columnValues: true },
  fields: () => ({ label: { type: GraphQLString }, aliases: { type: new GraphQLList(GraphQLString) } }),
})
const tagsInput = new GraphQLInputObjectType({
  name: 'tag_arr_rel_insert_input',
  extensions: { columnValues: true },
  fields: { data: { type: new GraphQLList(tagInput) }, on_conflict: { type: conflict } },
})
const noteInput = new GraphQLInputObjectType({
  name: 'note_insert_input',
  extensions: { columnValues: true },
  fields: { body: { type: GraphQLString }, tags: { type: tagsInput } },
})
const notes: GraphQLInputType = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(noteInput)))

describe('variables of column values', () => {
  it('turns every scalar column value into a slot naming its place, lists of scalars whole', () => {
    const value = [{ body: 'x', tags: { data: [{ label: 'a', aliases: ['b', 'c'] }], on_conflict: { constraint: 'tag_pkey' } } }]
    expect(slotColumnValues(value, notes, 'rows')).toEqual([
      {
        body: new VariableSlot('rows', [0, 'body']),
        tags: {
          data: [
            {
              label: new VariableSlot('rows', [0, 'tags', 'data', 0, 'label']),
              aliases: new VariableSlot('rows', [0, 'tags', 'data', 0, 'aliases']),
            },
          ],
          on_conflict: { constraint: 'tag_pkey' },
        },
      },
    ])
  })

  it('gives equal shapes to values that differ only in their column values', () => {
    const a = Array.from({ length: 1000 }, (_, i) => ({ body: `note ${i}` }))
    const b = Array.from({ length: 1000 }, (_, i) => ({ body: `other ${i * 7}` }))
    expect(columnValuesShape(a, notes)).toBe(columnValuesShape(b, notes))
    expect(columnValuesShape(a, notes)).toBe('[1000*{body:$,}]')
  })

  it('tells apart lengths, field sets, nulls and the values that shape a plan', () => {
    const shapes = [
      [{ body: 'x' }],
      [{ body: 'x' }, { body: 'y' }],
      [{ body: null }],
      [{ body: 'x', tags: { data: [{ label: 'a' }] } }],
      [{ body: 'x', tags: { data: [{ label: 'a' }], on_conflict: { constraint: 'tag_pkey' } } }],
      [{ body: 'x', tags: { data: [{ label: 'a' }], on_conflict: { constraint: 'tag_pkey', where: 'w' } } }],
      [{ body: 'x' }, { body: 'x', tags: { data: [] } }],
    ].map((value) => columnValuesShape(value, notes))
    expect(new Set(shapes).size).toBe(shapes.length)
  })
})
