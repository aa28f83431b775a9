import type { ApiLimits } from './api-limits.ts'

/**
 * Hasura v2 metadata (version 3), as `export_metadata` returns it and as the metadata directory
 * holds it. Only Postgres sources are modelled. Optional keys stay absent rather than defaulted,
 * so that the model exports back to the JSON it was read from.
 * Reference: https://hasura.io/docs/2.0/api-reference/syntax-defs/
 */

export interface Metadata {
  version: 3
  sources: Source[]
  /** Kept as given: cron triggers are run by backend/triggers. */
  cron_triggers?: CronTrigger[]
  /** Enforced by the GraphQL engine for every role but admin. */
  api_limits?: ApiLimits
  /** Other top-level keys (actions, remote_schemas, allowlist, …) are kept verbatim for export. */
  [other: string]: unknown
}

export interface Source {
  name: string
  kind: 'postgres'
  tables: TableMetadata[]
  functions?: FunctionMetadata[]
  configuration: Record<string, unknown>
  customization?: Record<string, unknown>
}

export interface QualifiedTable {
  schema: string
  name: string
}

export type QualifiedFunction = QualifiedTable

export interface TableConfiguration {
  custom_name?: string
  custom_root_fields?: CustomRootFields
  /** Per column: a custom GraphQL field name and comment. */
  column_config?: Record<string, { custom_name?: string; comment?: string }>
  /** Deprecated form of column_config, still accepted by Hasura. */
  custom_column_names?: Record<string, string>
  comment?: string
}

export type CustomRootFieldName = string | { name?: string | null; comment?: string | null } | null

export interface CustomRootFields {
  select?: CustomRootFieldName
  select_by_pk?: CustomRootFieldName
  select_aggregate?: CustomRootFieldName
  select_stream?: CustomRootFieldName
  insert?: CustomRootFieldName
  insert_one?: CustomRootFieldName
  update?: CustomRootFieldName
  update_by_pk?: CustomRootFieldName
  update_many?: CustomRootFieldName
  delete?: CustomRootFieldName
  delete_by_pk?: CustomRootFieldName
}

export interface TableMetadata {
  table: QualifiedTable
  is_enum?: boolean
  configuration?: TableConfiguration
  object_relationships?: ObjectRelationship[]
  array_relationships?: ArrayRelationship[]
  /** Kept as given: computed fields and remote relationships are not served by the engine. */
  computed_fields?: Record<string, unknown>[]
  remote_relationships?: Record<string, unknown>[]
  insert_permissions?: InsertPermissionEntry[]
  select_permissions?: SelectPermissionEntry[]
  update_permissions?: UpdatePermissionEntry[]
  delete_permissions?: DeletePermissionEntry[]
  event_triggers?: EventTrigger[]
}

/** `foreign_key_constraint_on` names a column (or columns) of this table, or, for array
 * relationships, `{table, column(s)}` on the remote table. `manual_configuration` maps columns. */
export interface ManualRelationshipConfiguration {
  remote_table: QualifiedTable | string
  column_mapping: Record<string, string>
  insertion_order?: 'before_parent' | 'after_parent' | null
}

export interface ObjectRelationship {
  name: string
  using:
    | { foreign_key_constraint_on: string | string[] | { table: QualifiedTable | string; column?: string; columns?: string[] } }
    | { manual_configuration: ManualRelationshipConfiguration }
  comment?: string
}

export interface ArrayRelationship {
  name: string
  using:
    | { foreign_key_constraint_on: { table: QualifiedTable | string; column?: string; columns?: string[] } }
    | { manual_configuration: ManualRelationshipConfiguration }
  comment?: string
}

/** A boolean expression over a table, in Hasura's JSON form (`{"author_id": {"_eq": "X-Hasura-User-Id"}}`). */
export type BoolExp = { [key: string]: unknown }

export type ColumnList = string[] | '*'

export interface InsertPermission {
  check?: BoolExp
  set?: Record<string, unknown>
  columns?: ColumnList
  backend_only?: boolean
  validate_input?: unknown
}

export interface SelectPermission {
  columns: ColumnList
  filter?: BoolExp
  limit?: number
  allow_aggregations?: boolean
  computed_fields?: string[]
  query_root_fields?: string[]
  subscription_root_fields?: string[]
}

export interface UpdatePermission {
  columns: ColumnList
  filter?: BoolExp
  check?: BoolExp | null
  set?: Record<string, unknown>
  backend_only?: boolean
  validate_input?: unknown
}

export interface DeletePermission {
  filter?: BoolExp
  backend_only?: boolean
  validate_input?: unknown
}

export interface PermissionEntry<P> {
  role: string
  permission: P
  comment?: string
}

export type InsertPermissionEntry = PermissionEntry<InsertPermission>
export type SelectPermissionEntry = PermissionEntry<SelectPermission>
export type UpdatePermissionEntry = PermissionEntry<UpdatePermission>
export type DeletePermissionEntry = PermissionEntry<DeletePermission>

export interface FunctionMetadata {
  function: QualifiedFunction
  configuration?: {
    custom_name?: string
    custom_root_fields?: { function?: string; function_aggregate?: string }
    session_argument?: string
    exposed_as?: 'query' | 'mutation'
  }
  permissions?: { role: string }[]
  comment?: string
}

export interface EventTrigger {
  name: string
  definition: {
    enable_manual?: boolean
    insert?: { columns: ColumnList }
    update?: { columns: ColumnList }
    delete?: { columns: ColumnList }
  }
  retry_conf: { num_retries: number; interval_sec: number; timeout_sec?: number }
  webhook?: string
  webhook_from_env?: string
  headers?: { name: string; value?: string; value_from_env?: string }[]
  request_transform?: unknown
  [other: string]: unknown
}

export interface CronTrigger {
  name: string
  webhook: string
  schedule: string
  include_in_metadata: boolean
  payload?: unknown
  retry_conf?: { num_retries?: number; retry_interval_seconds?: number; timeout_seconds?: number; tolerance_seconds?: number }
  headers?: { name: string; value?: string; value_from_env?: string }[]
  comment?: string
  [other: string]: unknown
}

export function emptyMetadata(): Metadata {
  return { version: 3, sources: [] }
}
