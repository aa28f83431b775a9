import { getIntrospectionQuery, parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { EngineError } from '../engine-error.ts'
import { assertDocumentWithinLimits, assertVariablesWithinLimits } from './assert-within-limits.ts'

const LIMITS = { maxDepth: 20, maxNodes: 2000, maxAliases: 200 }

function refusal(query: string, limits = LIMITS): string | null {
  try {
    assertDocumentWithinLimits(parse(query), limits)
    return null
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError)
    expect((error as EngineError).code).toBe('validation-failed')
    return (error as Error).message
  }
}

/** `fragment F1 on query_root { ...F2 ...F2 }` … : `levels` bytes-cheap levels, 2^levels fields. */
function fragmentBomb(levels: number): string {
  const fragments = Array.from({ length: levels - 1 }, (_, i) => `fragment F${i + 1} on query_root { ...F${i + 2} ...F${i + 2} }`)
  return `query { ...F1 } ${fragments.join(' ')} fragment F${levels} on query_root { __typename }`
}

describe('GraphQL document limits', () => {
  it('admits the introspection query GraphiQL and codegen send', () => {
    expect(refusal(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }))).toBeNull()
  })

  it('counts the depth of selections, fragments included', () => {
    const nested = (levels: number) => `{ ${'a { '.repeat(levels - 1)}b${' }'.repeat(levels - 1)} }`
    expect(refusal(nested(20))).toBeNull()
    expect(refusal(nested(21))).toBe('the query exceeds the maximum depth of 20')
    expect(refusal(`{ ...A } fragment A on query_root { ${'a { '.repeat(20)}b${' }'.repeat(20)} }`)).toBe(
      'the query exceeds the maximum depth of 20',
    )
  })

  it('counts argument objects as levels, so relationship filters cannot escape the depth limit', () => {
    let where = '{id: {_eq: 1}}'
    for (let i = 0; i < 10; i++) where = `{workspace: {metrics: ${where}}}`
    expect(refusal(`{ metrics(where: ${where}) { id } }`)).toBe('the query exceeds the maximum depth of 20')
    // Lists add no level: a long _and of flat conditions is fine.
    const conditions = Array.from({ length: 50 }, (_, i) => `{v${i}: {_eq: ${i}}}`).join(', ')
    expect(refusal(`{ metrics(where: {_and: [${conditions}]}) { id } }`)).toBeNull()
  })

  it('measures a fragment bomb in linear time and refuses it by its expanded size', () => {
    const started = process.hrtime.bigint()
    expect(refusal(fragmentBomb(64))).toBe(
      `the query asks for more than ${Number.MAX_SAFE_INTEGER} fields once its fragments are expanded; the limit is 2000`,
    )
    expect(refusal(fragmentBomb(12))).toBe('the query asks for 2048 fields once its fragments are expanded; the limit is 2000')
    expect(refusal(fragmentBomb(10))).toBeNull()
    // Not a timing assertion on speed, only that 2^64 fields were not walked one by one.
    expect(Number(process.hrtime.bigint() - started)).toBeLessThan(10_000_000_000)
  })

  it('limits aliased fields', () => {
    const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: metrics { id }`).join(' ')} }`
    expect(refusal(aliased(100))).toBeNull()
    expect(refusal(aliased(201))).toBe('the query has 201 aliased fields once its fragments are expanded; the limit is 200')
  })

  it('survives documents nested thousands of levels deep without overflowing the stack', () => {
    const deep = `{ metrics(where: ${'{_not: '.repeat(1000)}{id: {_eq: 1}}${'}'.repeat(1000)}) { id } }`
    expect(refusal(deep)).toBe('the query exceeds the maximum depth of 20')
  })

  it('checks every operation of the document, and cyclic fragments do not loop', () => {
    expect(refusal(`query A { a } query B { ${'a { '.repeat(25)}b${' }'.repeat(25)} }`)).toBe('the query exceeds the maximum depth of 20')
    expect(refusal('{ ...A } fragment A on query_root { ...B } fragment B on query_root { ...A }')).toBeNull()
  })
})

describe('GraphQL variable limits', () => {
  it('refuses variables whose objects nest deeper than the depth limit', () => {
    let value: unknown = { id: { _eq: 1 } }
    for (let i = 0; i < 5000; i++) value = { _not: value }
    expect(() => assertVariablesWithinLimits({ where: value }, 20)).toThrow(
      'variable "where" nests objects deeper than the maximum depth of 20',
    )
    expect(() => assertVariablesWithinLimits({ rows: Array.from({ length: 1000 }, (_, i) => ({ v: i })) }, 20)).not.toThrow()
  })
})
