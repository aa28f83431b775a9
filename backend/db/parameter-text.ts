/**
 * A statement's value as the text parameter PostgreSQL receives, the way node-postgres writes it
 * (its `prepareValue`), so that a value means the same on PGlite as on a server: Postgres reads
 * the text for the parameter's type. PGlite would otherwise serialize by the type it describes,
 * with rules of its own (a number given for a date became a timestamp) and by throwing in the
 * middle of its protocol exchange on a value it cannot serialize, which failed the next
 * statements too, whoever sent them. Never throws.
 */
export function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'invalid date' : value.toISOString()
  if (Array.isArray(value)) return arrayLiteral(value)
  if (typeof value === 'object') return JSON.stringify(value) ?? null
  return String(value)
}

/** A Postgres array literal: `{1,NULL,"a \"b\""}`, nested arrays as nested braces. */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return 'NULL'
    if (Array.isArray(item)) return arrayLiteral(item)
    const text = parameterText(item)!
    return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  })
  return `{${items.join(',')}}`
}
