import { describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from './json-limits.ts'

const nested = (levels: number, wrap: (inner: unknown) => unknown): unknown => {
  let value: unknown = 1
  for (let i = 0; i < levels; i++) value = wrap(value)
  return value
}

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays alike, up to the limit and no further', () => {
    expect(
      jsonNestsDeeperThan(
        nested(MAX_JSON_DEPTH, (v) => ({ a: v })),
        MAX_JSON_DEPTH,
      ),
    ).toBe(false)
    expect(
      jsonNestsDeeperThan(
        nested(MAX_JSON_DEPTH + 1, (v) => ({ a: v })),
        MAX_JSON_DEPTH,
      ),
    ).toBe(true)
    expect(
      jsonNestsDeeperThan(
        nested(MAX_JSON_DEPTH + 1, (v) => [v]),
        MAX_JSON_DEPTH,
      ),
    ).toBe(true)
    expect(
      jsonNestsDeeperThan(
        nested(40, (v) => [{ b: v }]),
        MAX_JSON_DEPTH,
      ),
    ).toBe(true)
    expect(jsonNestsDeeperThan({ a: 'x'.repeat(1000), b: [1, 2, { c: null }] }, MAX_JSON_DEPTH)).toBe(false)
  })

  it('measures a value far deeper than the stack would allow to recurse into', () => {
    const text = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    expect(jsonNestsDeeperThan(JSON.parse(text), MAX_JSON_DEPTH)).toBe(true)
  })
})
