import { describe, expect, it } from 'vitest'
import { returnPath } from './return-path.ts'

describe('returnPath', () => {
  it.each([
    [{ from: '/w/demo/dashboards/1?range=1h' }, '/w/demo/dashboards/1?range=1h'],
    [null, '/'],
    [{}, '/'],
    [{ from: 42 }, '/'],
    [{ from: 'https://evil.example' }, '/'],
    [{ from: '//evil.example/x' }, '/'],
    [{ from: '/\\evil.example' }, '/'],
  ])('%j → %s', (state, expected) => {
    expect(returnPath(state)).toBe(expected)
  })
})
