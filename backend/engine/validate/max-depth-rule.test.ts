import { buildSchema, parse, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import { MaxDepthRule } from './max-depth-rule.ts'

const schema = buildSchema(`
  type Node { id: Int, child: Node, children: [Node] }
  type Query { node: Node }
`)

const errorsAt = (limit: number, query: string) => validate(schema, parse(query), [MaxDepthRule(limit)]).map((e) => e.message)

/** `{ node { child { … id } } }` with `depth` fields on the deepest path. */
const nested = (depth: number) => `{ node ${'{ child '.repeat(depth - 2)}{ id }${' }'.repeat(depth - 2)} }`

describe('MaxDepthRule (PULSEBOARD_GRAPHQL_MAX_DEPTH)', () => {
  it('accepts a query exactly at the limit and rejects one level more', () => {
    expect(errorsAt(5, nested(5))).toEqual([])
    expect(errorsAt(5, nested(6))).toEqual(['the query exceeds the maximum depth of 5'])
  })

  it('counts fields only, not inline fragments', () => {
    expect(errorsAt(3, '{ node { ... on Node { child { id } } } }')).toEqual([])
    expect(errorsAt(2, '{ node { ... on Node { child { id } } } }')).toEqual(['the query exceeds the maximum depth of 2'])
  })

  it('expands named fragments, so nesting cannot hide behind them', () => {
    const query = `
      { node { ...deep } }
      fragment deep on Node { child { ...deeper } }
      fragment deeper on Node { children { child { id } } }`
    expect(errorsAt(5, query)).toEqual([])
    expect(errorsAt(4, query)).toEqual(['the query exceeds the maximum depth of 4'])
  })

  it('judges each operation of a document on its own', () => {
    const document = `query Shallow { node { id } } query Deep ${nested(4)}`
    expect(errorsAt(3, document)).toEqual(['the query exceeds the maximum depth of 3'])
  })

  it('ends on fragment cycles (reported by another rule) instead of recursing forever', () => {
    const query = '{ node { ...a } } fragment a on Node { child { ...b } } fragment b on Node { child { ...a } }'
    expect(errorsAt(10, query)).toEqual([])
  })
})
