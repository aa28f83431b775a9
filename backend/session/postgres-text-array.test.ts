import { describe, expect, it } from 'vitest'
import { parsePostgresTextArray } from './postgres-text-array.ts'

describe('parsePostgresTextArray', () => {
  it.each([
    ['{}', []],
    ['{user,me}', ['user', 'me']],
    ['{ user , me }', ['user', 'me']],
    ['{"my role","a,b","q\\"uote"}', ['my role', 'a,b', 'q"uote']],
  ])('reads %s', (text, items) => {
    expect(parsePostgresTextArray(text)).toEqual(items)
  })

  it.each(['user', '[user]', '{user', '{a,,b}', '{NULL}', '{"open}', '{{a}}'])('refuses %s', (text) => {
    expect(parsePostgresTextArray(text)).toBeUndefined()
  })
})
