import { validationError } from '../engine-error.ts'

/**
 * Parses the `path` argument of json/jsonb columns into keys for Postgres' `#>` operator, in the
 * syntax Hasura accepts (`$.a.b`, `.obj.c1`, `arr[0]`, `['key with spaces']`, `objs[0]["你好"]`).
 */
export function parseJsonPath(text: string, at: string): string[] {
  const keys: string[] = []
  let i = text.startsWith('$') ? 1 : 0
  const fail = () => validationError(at, `parse json path error: ${text}`)
  let first = true
  while (i < text.length) {
    const ch = text[i]
    if (ch === '.') {
      i++
      if (text[i] === '[') continue
      const start = i
      while (i < text.length && text[i] !== '.' && text[i] !== '[') i++
      if (i === start) throw fail()
      keys.push(text.slice(start, i))
    } else if (ch === '[') {
      const quote = text[i + 1]
      if (quote === '"' || quote === "'") {
        const end = text.indexOf(`${quote}]`, i + 2)
        if (end < 0) throw fail()
        keys.push(text.slice(i + 2, end))
        i = end + 2
      } else {
        const end = text.indexOf(']', i)
        const index = text.slice(i + 1, end)
        if (end < 0 || !/^\d+$/.test(index)) throw fail()
        keys.push(index)
        i = end + 1
      }
    } else if (first) {
      const start = i
      while (i < text.length && text[i] !== '.' && text[i] !== '[') i++
      keys.push(text.slice(start, i))
    } else {
      throw fail()
    }
    first = false
  }
  return keys
}
