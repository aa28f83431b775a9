import type { BoolExp } from '../../metadata/model/types.ts'
import { selectPermissionOf, type ColumnInfo, type FunctionInfo, type SourceModel, type TableInfo } from './source-model.ts'

/** What one role may select from one table: Hasura's `SelPermInfo`, or everything for admin. */
export interface TableAccess {
  table: TableInfo
  /** Selectable columns in table order. */
  columns: ColumnInfo[]
  /** Row filter, in metadata form; null for admin. */
  filter: BoolExp | null
  limit: number | null
  allowAggregations: boolean
  /** Which of `select`, `select_by_pk`, `select_aggregate` appear at the query root. */
  queryRootFields: Set<string>
  subscriptionRootFields: Set<string>
}

export interface RoleModel {
  role: string
  isAdmin: boolean
  model: SourceModel
  /** Only the tables the role may select from: absent tables do not exist for it. */
  access: Map<string, TableAccess>
  functions: FunctionInfo[]
  /** Tracked functions exposed as mutations (VOLATILE unless `exposed_as: query`, or `exposed_as: mutation`). */
  mutationFunctions: FunctionInfo[]
  /** The request may use `backend_only` permissions (admin secret + x-hasura-use-backend-only-permissions). */
  backendOnly?: boolean
}

const ALL_ROOT_FIELDS = ['select', 'select_by_pk', 'select_aggregate', 'select_stream']

export function buildRoleModel(model: SourceModel, role: string): RoleModel {
  const isAdmin = role === 'admin'
  const access = new Map<string, TableAccess>()
  for (const table of model.tables.values()) {
    if (isAdmin) {
      access.set(table.key, {
        table,
        columns: table.columns,
        filter: null,
        limit: null,
        allowAggregations: true,
        queryRootFields: new Set(ALL_ROOT_FIELDS),
        subscriptionRootFields: new Set(ALL_ROOT_FIELDS),
      })
      continue
    }
    const permission = selectPermissionOf(table, role)
    if (!permission) continue
    const allowed = permission.columns === '*' ? null : new Set(permission.columns)
    access.set(table.key, {
      table,
      columns: table.columns.filter((c) => allowed === null || allowed.has(c.name)),
      filter: permission.filter ?? {},
      limit: typeof permission.limit === 'number' ? permission.limit : null,
      allowAggregations: permission.allow_aggregations === true,
      queryRootFields: new Set(permission.query_root_fields ?? ALL_ROOT_FIELDS),
      subscriptionRootFields: new Set(permission.subscription_root_fields ?? ALL_ROOT_FIELDS),
    })
  }
  // Inferred function permissions (Hasura's default): a role may call a query function when it
  // may select from the table the function returns. A mutation function changes data, so a role
  // calls it only when its metadata names the role (Hasura's function permissions).
  const callable = model.functions.filter((fn) => access.has(fn.returnTable))
  const functions = callable.filter((fn) => !isMutationFunction(fn))
  const mutationFunctions = callable.filter(
    (fn) => isMutationFunction(fn) && (isAdmin || (fn.metadata.permissions ?? []).some((p) => p.role === role)),
  )
  return { role, isAdmin, model, access, functions, mutationFunctions }
}

/** Hasura exposes VOLATILE functions under mutation_root unless configured `exposed_as: query`. */
function isMutationFunction(fn: FunctionInfo): boolean {
  const exposedAs = fn.metadata.configuration?.exposed_as
  return exposedAs === 'mutation' || (exposedAs !== 'query' && fn.catalog.volatility === 'v')
}
