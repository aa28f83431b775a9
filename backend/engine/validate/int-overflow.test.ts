import { describe, expect, it } from 'vitest'
import { showScientific } from './int-overflow.ts'

describe('showScientific', () => {
  it('prints numbers as Haskell shows a Scientific', () => {
    // 2147483648 is the example in hasura/graphql-engine#4757's error message.
    expect(showScientific('2147483648')).toBe('2.147483648e9')
    expect(showScientific('3000000000')).toBe('3.0e9')
    expect(showScientific('-3000000000')).toBe('-3.0e9')
    expect(showScientific('3.5')).toBe('3.5')
    expect(showScientific('5')).toBe('5.0')
    expect(showScientific('12345670')).toBe('1.234567e7')
    expect(showScientific('1234567')).toBe('1234567.0')
    expect(showScientific('0.05')).toBe('5.0e-2')
    expect(showScientific('0.5')).toBe('0.5')
    expect(showScientific('1e21')).toBe('1.0e21')
  })
})
