import { compile, ident } from '../../lib/sql.ts'
import type { Metadata } from '../../metadata/model/types.ts'
import { tableKey } from './live-query-plan.ts'

/**
 * The tracked tables a compiled statement reads, found by their quoted qualified names (the
 * engine names every table and function as `"schema"."name"`). A statement that calls a tracked
 * function, or names no tracked table at all, reads something no trigger can vouch for: null,
 * so that its live queries are polled. A name that appears without being read only costs a
 * needless refetch.
 */
export function tablesReadBy(text: string, metadata: Metadata): Set<string> | null {
  const tables = new Set<string>()
  for (const source of metadata.sources) {
    for (const fn of source.functions ?? []) {
      if (text.includes(quoted(fn.function.schema, fn.function.name))) return null
    }
    for (const { table } of source.tables) {
      if (text.includes(quoted(table.schema, table.name))) tables.add(tableKey(table.schema, table.name))
    }
  }
  return tables.size === 0 ? null : tables
}

function quoted(schema: string, name: string): string {
  return compile(ident(schema, name)).text
}
