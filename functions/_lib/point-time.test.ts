import { describe, expect, it } from 'vitest'
import { parsePointTime, parsePointValue, pointTimeOutOfRange } from './point-time.ts'

describe('parsePointTime: the CSV and ingest time formats', () => {
  const ms = Date.UTC(2025, 5, 1, 12, 30, 15, 250)

  it.each([
    ['2025-06-01T12:30:15.250Z', ms],
    ['2025-06-01T12:30:15.25Z', ms],
    ['2025-06-01T14:30:15.250+02:00', ms],
    ['2025-06-01T07:30:15.250-0500', ms],
    ['2025-06-01 12:30:15.250Z', ms],
    ['2025-06-01T12:30Z', Date.UTC(2025, 5, 1, 12, 30)],
    ['2025-06-01', Date.UTC(2025, 5, 1)],
  ])('reads ISO-8601 %s', (text, expected) => {
    expect(parsePointTime(text)).toBe(expected)
  })

  it('reads Unix seconds and milliseconds, as numbers or text, told apart by size', () => {
    expect(parsePointTime(1748781015)).toBe(1748781015000)
    expect(parsePointTime('1748781015')).toBe(1748781015000)
    expect(parsePointTime('1748781015.25')).toBe(1748781015250)
    expect(parsePointTime(1748781015250)).toBe(1748781015250)
    expect(parsePointTime(' 1748781015250 ')).toBe(1748781015250)
    expect(parsePointTime(99_999_999_999)).toBe(99_999_999_999_000)
    expect(parsePointTime(100_000_000_000)).toBe(100_000_000_000)
  })

  it.each([
    '',
    'yesterday',
    '2025-13-01',
    '2025-02-30T00:00:00Z',
    '2025-06-01T12:30:15',
    '12/06/2025',
    '1e12',
    'NaN',
    null,
    undefined,
    {},
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('refuses %j', (input) => {
    expect(parsePointTime(input)).toBeNull()
  })
})

describe('pointTimeOutOfRange', () => {
  const now = new Date('2026-03-01T00:00:00Z')

  it('takes the last 5 years and up to 1 day ahead', () => {
    expect(pointTimeOutOfRange(Date.parse('2021-03-01T00:00:00Z'), now)).toBeNull()
    expect(pointTimeOutOfRange(Date.parse('2021-02-28T23:59:59Z'), now)).toBe('ts is more than 5 years old')
    expect(pointTimeOutOfRange(Date.parse('2026-03-02T00:00:00Z'), now)).toBeNull()
    expect(pointTimeOutOfRange(Date.parse('2026-03-02T00:00:01Z'), now)).toBe('ts is more than 1 day ahead')
  })
})

describe('parsePointValue', () => {
  it('takes finite numbers, as numbers or text', () => {
    expect(parsePointValue(1.5)).toBe(1.5)
    expect(parsePointValue(' -2e3 ')).toBe(-2000)
    for (const bad of ['', ' ', 'NaN', 'Infinity', 'abc', null, Number.NaN, Number.NEGATIVE_INFINITY, true])
      expect(parsePointValue(bad)).toBeNull()
  })

  it('reads decimal numbers only, with an optional sign, fraction and exponent', () => {
    for (const [text, value] of [
      ['42', 42],
      ['+0.5', 0.5],
      ['.5', 0.5],
      ['5.', 5],
      ['-1.25E-2', -0.0125],
      [' 7e3 ', 7000],
    ] as const)
      expect(parsePointValue(text)).toBe(value)
    for (const bad of ['0x10', '0X1f', '0b101', '0o17', '1_000', '1,5', '1e', 'e5', '.', '-', '1e400', '12abc'])
      expect(parsePointValue(bad)).toBeNull()
  })
})
