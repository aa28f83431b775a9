import type { Queryable } from '../db/database.ts'
import { sql } from '../lib/sql.ts'
import { DEFAULT_SOURCE, displayName } from '../metadata/store/find-inconsistencies.ts'
import type { ColumnList, Metadata } from '../metadata/model/types.ts'
import { AdminApiError } from './admin-api-error.ts'

const named = (list: ColumnList | undefined) => (list === undefined || list === '*' ? [] : list)

/**
 * After `run_sql`: an event trigger that names columns (listened `columns` or `payload`, of any
 * operation) depends on them, as in Hasura (`getTrigDefDeps`), so SQL that dropped one is refused
 * with `dependency-error` and rolled back. Tables that are gone or renamed are left to
 * `followCatalogChanges`.
 */
export async function assertEventTriggerColumns(tx: Queryable, metadata: Metadata): Promise<void> {
  const dependents: string[] = []
  for (const table of metadata.sources.find((s) => s.name === DEFAULT_SOURCE)?.tables ?? []) {
    const triggers = (table.event_triggers ?? []).map((trigger) => {
      const columns = new Set<string>()
      for (const op of ['insert', 'update', 'delete'] as const) {
        const spec = trigger.definition[op] as { columns?: ColumnList; payload?: ColumnList } | undefined
        for (const column of [...named(spec?.columns), ...named(spec?.payload)]) columns.add(column)
      }
      return { name: trigger.name, columns }
    })
    if (!triggers.some((t) => t.columns.size > 0)) continue
    const { rows } = await tx.query<{ name: string }>(sql`
SELECT a.attname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ${table.table.schema} AND c.relname = ${table.table.name} AND a.attnum > 0 AND NOT a.attisdropped`)
    if (rows.length === 0) continue
    const existing = new Set(rows.map((r) => r.name))
    for (const trigger of triggers) {
      if ([...trigger.columns].some((c) => !existing.has(c)))
        dependents.push(`event-trigger ${displayName(table.table)}.${trigger.name} in source "${DEFAULT_SOURCE}"`)
    }
  }
  if (dependents.length > 0) {
    throw new AdminApiError(400, 'dependency-error', `cannot drop due to the following dependent objects : ${dependents.join(', ')}`)
  }
}
