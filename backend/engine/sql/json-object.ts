import { join, literal, sql, type SqlFragment } from '../../lib/sql.ts'

/** Postgres functions take at most 100 arguments: json_build_object takes 50 pairs at a time. */
const MAX_PAIRS = 50

/** `json_build_object` over any number of (key, value) pairs, keys in the order given. */
export function jsonObject(pairs: [string, SqlFragment][]): SqlFragment {
  const chunks: SqlFragment[] = []
  for (let i = 0; i < pairs.length; i += MAX_PAIRS) {
    chunks.push(sql`json_build_object(${join(pairs.slice(i, i + MAX_PAIRS).map(([key, value]) => sql`${literal(key)}, ${value}`))})`)
  }
  if (chunks.length === 0) return sql`'{}'::json`
  if (chunks.length === 1) return chunks[0] as SqlFragment
  // Wider objects: splice the chunks' text so that keys keep the order of the selection set:
  // every chunk loses its braces but the first its opening one and the last its closing one.
  const last = chunks.length - 1
  const parts = chunks.map((chunk, i) => {
    const text = i === last ? sql`${chunk}::text` : sql`left(${chunk}::text, -1)`
    return i === 0 ? text : sql`substr(${text}, 2)`
  })
  return sql`(${join(parts, " || ',' || ")})::json`
}
