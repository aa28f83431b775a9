import { describe, expect, it } from 'vitest'
import { parseByteRange } from './parse-byte-range.ts'

describe('parseByteRange', () => {
  it('reads a closed range, inclusive at both ends', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseByteRange('bytes=10-10', 1000)).toEqual({ start: 10, end: 10 })
  })

  it('clamps the end to the last byte and reads an open range to the end', () => {
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 })
  })

  it('reads the suffix form as the last n bytes, the whole file when n is larger', () => {
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
  })

  it('accepts case and spaces around the parts', () => {
    expect(parseByteRange(' BYTES = 1 - 2 ', 10)).toEqual({ start: 1, end: 2 })
  })

  it('answers 416 for a start at or past the end, a zero suffix, or any suffix of an empty file', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=1000-2000', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=-10', 0)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable')
  })

  it('serves the whole file for no header, another unit, several ranges, a reversed or malformed range', () => {
    expect(parseByteRange(undefined, 1000)).toBeUndefined()
    expect(parseByteRange('items=0-1', 1000)).toBeUndefined()
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeUndefined()
    expect(parseByteRange('bytes=9-3', 1000)).toBeUndefined()
    expect(parseByteRange('bytes=-', 1000)).toBeUndefined()
    expect(parseByteRange('bytes=a-b', 1000)).toBeUndefined()
    expect(parseByteRange('bytes=-1-2', 1000)).toBeUndefined()
    expect(parseByteRange('bytes=1.5-2', 1000)).toBeUndefined()
  })
})
