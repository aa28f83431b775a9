/**
 * A bound value as the text Postgres receives for it, written the way node-postgres writes
 * parameters (`prepareValue` in brianc/node-postgres `packages/pg/lib/utils.js`), so that a value
 * carried through a multiplexed statement's JSON array and cast there means what it would mean
 * as a `$n` parameter of the subscriber's own statement.
 */
export function toParameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  if (value instanceof Date) return value.toISOString()
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`
  if (Array.isArray(value)) return arrayLiteral(value)
  return JSON.stringify(value)
}

function arrayLiteral(items: readonly unknown[]): string {
  const parts = items.map((item) => {
    if (Array.isArray(item)) return arrayLiteral(item)
    const text = toParameterText(item)
    if (text === null) return 'NULL'
    return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  })
  return `{${parts.join(',')}}`
}
