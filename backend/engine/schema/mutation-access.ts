import type { BoolExp, ColumnList } from '../../metadata/model/types.ts'
import type { RoleModel } from './role-access.ts'
import type { ColumnInfo, TableInfo } from './source-model.ts'

/**
 * What one role may write to one table: Hasura's `InsPermInfo`, `UpdPermInfo`, `DelPermInfo`, or
 * everything for admin. Columns with a preset are not in `columns` (Hasura's
 * `insColsWithoutPresets`): the client cannot name them, so it cannot override a preset.
 */
export interface InsertAccess {
  columns: ColumnInfo[]
  /** Metadata form; null for admin. */
  check: BoolExp | null
  /** Column name → preset value (a literal, or a session variable name such as `X-Hasura-User-Id`). */
  presets: Record<string, unknown>
}

export interface UpdateAccess {
  columns: ColumnInfo[]
  filter: BoolExp | null
  check: BoolExp | null
  presets: Record<string, unknown>
}

export interface DeleteAccess {
  filter: BoolExp | null
}

export interface MutationAccess {
  table: TableInfo
  insert: InsertAccess | null
  update: UpdateAccess | null
  delete: DeleteAccess | null
}

/**
 * Postgres decides which views take writes (`pg_relation_is_updatable`); materialized views take
 * none. Hasura leaves the mutation fields out for the others
 * (graphql_mutation/insert/basic/cannot_insert_in_non_insertable_view).
 */
function isWritable(table: TableInfo, operation: 'insert' | 'update' | 'delete'): boolean {
  return table.catalog.writable[operation]
}

function pick(table: TableInfo, columns: ColumnList | undefined, presets: Record<string, unknown>): ColumnInfo[] {
  const allowed = columns === undefined || columns === '*' ? null : new Set(columns)
  return table.columns.filter((c) => (allowed === null || allowed.has(c.name)) && !(c.name in presets) && !c.catalog.generated)
}

/**
 * `backendOnly`: the request sent the admin secret and `x-hasura-use-backend-only-permissions:
 * true`; only then do permissions marked `backend_only` apply (Hasura's backend-only schema).
 * Without it they are absent, as if the role had no such permission.
 */
export function buildMutationAccess(role: RoleModel, backendOnly: boolean): Map<string, MutationAccess> {
  const result = new Map<string, MutationAccess>()
  const allowedHere = (entry: { backend_only?: boolean } | undefined) => entry !== undefined && (backendOnly || entry.backend_only !== true)
  for (const table of role.model.tables.values()) {
    if (role.isAdmin) {
      const columns = table.columns.filter((c) => !c.catalog.generated)
      result.set(table.key, {
        table,
        insert: isWritable(table, 'insert') ? { columns, check: null, presets: {} } : null,
        update: isWritable(table, 'update') ? { columns, filter: null, check: null, presets: {} } : null,
        delete: isWritable(table, 'delete') ? { filter: null } : null,
      })
      continue
    }
    const metadata = table.metadata
    const insert = metadata.insert_permissions?.find((p) => p.role === role.role)?.permission
    const update = metadata.update_permissions?.find((p) => p.role === role.role)?.permission
    const remove = metadata.delete_permissions?.find((p) => p.role === role.role)?.permission
    const access: MutationAccess = {
      table,
      insert:
        insert && allowedHere(insert) && isWritable(table, 'insert')
          ? { columns: pick(table, insert.columns, insert.set ?? {}), check: insert.check ?? {}, presets: insert.set ?? {} }
          : null,
      update:
        update && allowedHere(update) && isWritable(table, 'update')
          ? {
              columns: pick(table, update.columns, update.set ?? {}),
              filter: update.filter ?? {},
              check: update.check ?? null,
              presets: update.set ?? {},
            }
          : null,
      delete: remove && allowedHere(remove) && isWritable(table, 'delete') ? { filter: remove.filter ?? {} } : null,
    }
    if (access.insert || access.update || access.delete) result.set(table.key, access)
  }
  return result
}
