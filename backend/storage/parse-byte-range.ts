import type { ByteRange } from './blob-store.ts'

/**
 * The one byte range of a `Range` header (RFC 9110 §14): `bytes=a-b`, `bytes=a-` and the suffix
 * form `bytes=-n`, clamped to the file. `undefined`: serve the whole file (no header, another
 * unit, or several ranges, which a server may ignore); `'unsatisfiable'`: 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (start >= size) return 'unsatisfiable'
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (end < start) return undefined
  return { start, end }
}
