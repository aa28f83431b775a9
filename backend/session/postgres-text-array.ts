/**
 * Reads a one-dimensional Postgres text array literal such as `{user,"my role"}`, the form Hasura
 * uses for array-valued session variables. Returns undefined when the text is not such a literal.
 */
export function parsePostgresTextArray(text: string): string[] | undefined {
  const body = /^\s*\{(.*)\}\s*$/s.exec(text)?.[1]
  if (body === undefined) return undefined
  if (body.trim() === '') return []
  const items: string[] = []
  let i = 0
  while (i <= body.length) {
    while (body[i] === ' ') i++
    let item = ''
    if (body[i] === '"') {
      i++
      while (i < body.length && body[i] !== '"') {
        if (body[i] === '\\') i++
        item += body[i] ?? ''
        i++
      }
      if (body[i] !== '"') return undefined
      i++
      while (body[i] === ' ') i++
    } else {
      const end = body.indexOf(',', i)
      item = body.slice(i, end === -1 ? body.length : end).trim()
      // Unquoted items may not hold the characters that need quoting, nor be NULL.
      if (item === '' || /["{}\\]/.test(item) || item.toUpperCase() === 'NULL') return undefined
      i = end === -1 ? body.length : end
    }
    items.push(item)
    if (i >= body.length) break
    if (body[i] !== ',') return undefined
    i++
  }
  return items
}
