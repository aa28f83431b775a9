import { EngineError } from '../engine-error.ts'

const MAX_INT = 2 ** 31 - 1
const MIN_INT = -(2 ** 31)

export function isInt32(value: number): boolean {
  return Number.isInteger(value) && value <= MAX_INT && value >= MIN_INT
}

/**
 * Hasura's answer to a number too large for `Int` (`scientificToInteger` in
 * Hasura.GraphQL.Parser.Internal.Scalars): code `parse-failed`, the number as Haskell's
 * `Scientific` shows it (`3000000000` is `3.0e9`).
 */
export function intOverflowError(path: string, numberText: string): EngineError {
  return new EngineError(
    'parse-failed',
    `The value ${showScientific(numberText)} lies outside the bounds or is not an integer. Maybe it is a float, or is there integer overflow?`,
    path,
  )
}

/**
 * A decimal number as `show` prints a Haskell `Scientific`: digits `0.d1d2… × 10^e` printed
 * fixed (`1234.5`, `5.0`) when 0 ≤ e ≤ 7, else as `d1.d2…e(e-1)` (`2.147483648e9`).
 */
export function showScientific(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)
  if (!match) return text
  const [, sign, whole = '', fraction = '', exponent = '0'] = match
  let digits = whole + fraction
  let e = whole.length + Number(exponent)
  const leading = /^0*/.exec(digits)?.[0].length ?? 0
  digits = digits.slice(leading).replace(/0+$/, '')
  e -= leading
  if (digits === '') return '0.0'
  if (e < 0 || e > 7) return `${sign}${digits[0]}.${digits.slice(1) || '0'}e${e - 1}`
  if (e === 0) return `${sign}0.${digits}`
  return `${sign}${digits.slice(0, e).padEnd(e, '0')}.${digits.slice(e) || '0'}`
}
