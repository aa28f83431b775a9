import { parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { operationNameIn } from './explorer-fetcher.ts'

describe('operationNameIn', () => {
  it('names the only operation of a document, whatever name GraphiQL still holds from the one before', () => {
    expect(operationNameIn(parse('subscription Live { workspaces { name } }'), 'Mine')).toBe('Live')
    expect(operationNameIn(parse('{ workspaces { name } }'), 'Mine')).toBeNull()
  })

  it('keeps the chosen name when the document holds several operations, and when it does not parse', () => {
    const two = parse('query A { workspaces { name } } query B { workspaces { slug } }')
    expect(operationNameIn(two, 'B')).toBe('B')
    expect(operationNameIn(null, 'Mine')).toBe('Mine')
  })
})
