import { describe, expect, it } from 'vitest'
import { validatePoint } from './validate-metric.ts'

describe('validatePoint', () => {
  const now = Date.parse('2026-11-25T12:00:00Z')
  const ts = new Date(now - 60_000)

  it('takes a decimal value, with a sign, a fraction or an exponent, as the CSV import does', () => {
    for (const value of ['21.5', '-3', '+0.25', '.5', '1e3', '-2.5E-2', ' 7 ']) expect(validatePoint(value, ts, now)).toEqual({})
  })

  it('refuses hexadecimal, binary and octal numbers, which Number() would read', () => {
    for (const value of ['0x10', '0b101', '0o17'])
      expect(validatePoint(value, ts, now)).toEqual({ value: 'The value must be a finite number.' })
  })

  it('refuses an empty, non-finite or unreadable value', () => {
    for (const value of ['', ' ', 'Infinity', 'NaN', '1e400', '1,5', '12 kg'])
      expect(validatePoint(value, ts, now)).toEqual({ value: 'The value must be a finite number.' })
  })
})
