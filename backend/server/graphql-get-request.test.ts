import { describe, expect, it } from 'vitest'
import { operationTypeReader } from './graphql-get-request.ts'

describe('operationTypeReader', () => {
  const cases: [string, string, string | null, string | null][] = [
    ['an anonymous query', '{ a }', null, 'query'],
    ['a named mutation', 'mutation M { a }', null, 'mutation'],
    ['an operation picked by name', 'query Q { a } subscription S { a }', 'S', 'subscription'],
    ['two operations and no name', 'query Q { a } mutation M { a }', null, null],
    ['a name the document lacks', 'query Q { a }', 'M', null],
    ['an empty name, as graphql-js has it', '{ a }', '', null],
    ['a document that does not parse', 'mutation {', null, null],
  ]
  for (const [name, query, operationName, expected] of cases) {
    it(`${name}: ${String(expected)}, the same when read again from memory`, () => {
      const read = operationTypeReader()
      expect(read({ query, operationName })).toBe(expected)
      expect(read({ query, operationName })).toBe(expected)
    })
  }

  it('tells the operations of one remembered document apart by name', () => {
    const read = operationTypeReader()
    const query = 'query Q { a } mutation M { a }'
    expect(read({ query, operationName: 'Q' })).toBe('query')
    expect(read({ query, operationName: 'M' })).toBe('mutation')
    expect(read({ query })).toBeNull()
  })
})
