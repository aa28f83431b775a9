import type {
  DeletePermission,
  FunctionMetadata,
  InsertPermission,
  Metadata,
  ObjectRelationship,
  PermissionEntry,
  QualifiedTable,
  SelectPermission,
  Source,
  TableConfiguration,
  TableMetadata,
  UpdatePermission,
} from './types.ts'

type Json = Record<string, unknown>

/**
 * The JSON Hasura's `export_metadata` answers (metadata version 3), as `metadataToOrdJSON` and
 * `Hasura/RQL/Types/Metadata/Serialization.hs` write it: keys in Hasura's order; sources, tables,
 * functions, relationships, permissions (by role) and named top-level entries sorted; empty lists
 * and objects and default values (`is_enum: false`, `allow_aggregations: false`,
 * `backend_only: false`) left out; a select permission's `filter` and an update permission's
 * `check` (null when unset) always written; every table and function name as `{schema, name}`.
 */
export function exportMetadata(metadata: Metadata): Json {
  const out: Json = { version: 3, sources: sortBy(metadata.sources, (s) => s.name).map(exportSource) }
  for (const [key, sortKey] of TOP_LEVEL_ORDER) {
    const value = key === 'cron_triggers' ? metadata.cron_triggers : metadata[key]
    if (isEmpty(value)) continue
    out[key] = Array.isArray(value) && sortKey ? sortBy(value as Json[], (entry) => String(entry[sortKey])) : value
  }
  return out
}

/** A stable sort by a text key, comparing code points as Haskell's `sortOn` on `Text` does. */
function sortBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => {
    const x = keyOf(a)
    const y = keyOf(b)
    return x < y ? -1 : x > y ? 1 : 0
  })
}

/** Qualified names order by schema, then name (the derived `Ord` of Hasura's `QualifiedObject`). */
const byQualifiedName = (name: QualifiedTable) => `${name.schema}\0${name.name}`

/** Hasura's order of the top-level keys after `version` and `sources`, and what lists are sorted by. */
const TOP_LEVEL_ORDER: [key: string, sortKey?: string][] = [
  ['remote_schemas', 'name'],
  ['query_collections', 'name'],
  ['allowlist', 'collection'],
  ['actions', 'name'],
  ['custom_types'],
  ['cron_triggers', 'name'],
  ['rest_endpoints', 'url'],
  ['api_limits'],
  ['metrics_config'],
  ['inherited_roles', 'role_name'],
  ['graphql_schema_introspection'],
  ['network'],
  ['backend_configs'],
  ['opentelemetry'],
]

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.values(value).every(isEmpty)
  return false
}

function put(target: Json, key: string, value: unknown): void {
  if (!isEmpty(value)) target[key] = value
}

function qualified(name: QualifiedTable): QualifiedTable {
  return { name: name.name, schema: name.schema }
}

function exportSource(source: Source): Json {
  const out: Json = {
    name: source.name,
    kind: source.kind,
    tables: sortBy(source.tables, (t) => byQualifiedName(t.table)).map(exportTable),
  }
  put(out, 'functions', source.functions && sortBy(source.functions, (f) => byQualifiedName(f.function)).map(exportFunction))
  out.configuration = source.configuration
  put(out, 'customization', source.customization)
  return out
}

export function exportTable(table: TableMetadata): Json {
  const out: Json = { table: qualified(table.table) }
  if (table.is_enum) out.is_enum = true
  const configuration = table.configuration && exportTableConfiguration(table.configuration)
  if (configuration) out.configuration = configuration
  const named = <T extends { name?: unknown }>(list: T[] | undefined) => list && sortBy(list, (r) => String(r.name))
  const byRole = <T extends { role: string }>(list: T[] | undefined) => list && sortBy(list, (p) => p.role)
  put(out, 'object_relationships', named(table.object_relationships)?.map(exportRelationship))
  put(out, 'array_relationships', named(table.array_relationships)?.map(exportRelationship))
  put(out, 'computed_fields', named(table.computed_fields))
  put(out, 'remote_relationships', named(table.remote_relationships))
  put(
    out,
    'insert_permissions',
    byRole(table.insert_permissions)?.map((p) => exportPermission(p, exportInsert)),
  )
  put(
    out,
    'select_permissions',
    byRole(table.select_permissions)?.map((p) => exportPermission(p, exportSelect)),
  )
  put(
    out,
    'update_permissions',
    byRole(table.update_permissions)?.map((p) => exportPermission(p, exportUpdate)),
  )
  put(
    out,
    'delete_permissions',
    byRole(table.delete_permissions)?.map((p) => exportPermission(p, exportDelete)),
  )
  put(out, 'event_triggers', named(table.event_triggers))
  return out
}

/**
 * Hasura's `TableConfig` JSON: keys alphabetical (aeson's object order), the deprecated
 * `custom_column_names` merged into `column_config` on input and written back from it, null root
 * fields left out. Undefined when nothing is configured (Hasura's `emptyTableConfig`).
 */
function exportTableConfiguration(configuration: TableConfiguration): Json | undefined {
  const columns: Record<string, { comment?: string; custom_name?: string }> = {}
  for (const [column, config] of Object.entries(configuration.column_config ?? {})) columns[column] = { ...config }
  for (const [column, name] of Object.entries(configuration.custom_column_names ?? {})) {
    columns[column] = { ...columns[column], custom_name: columns[column]?.custom_name ?? name }
  }
  const columnConfig: Json = {}
  const customColumnNames: Json = {}
  for (const column of Object.keys(columns).sort()) {
    const { comment, custom_name: customName } = columns[column]!
    if (comment === undefined && customName === undefined) continue
    columnConfig[column] = {
      ...(comment !== undefined ? { comment } : {}),
      ...(customName !== undefined ? { custom_name: customName } : {}),
    }
    if (customName !== undefined) customColumnNames[column] = customName
  }
  const rootFields = configuration.custom_root_fields ?? {}
  const customRootFields: Json = {}
  for (const field of Object.keys(rootFields).sort()) {
    const value = rootFields[field as keyof typeof rootFields]
    if (value !== null && value !== undefined) customRootFields[field] = value
  }
  const empty =
    Object.keys(columnConfig).length === 0 &&
    Object.keys(customRootFields).length === 0 &&
    configuration.custom_name === undefined &&
    configuration.comment === undefined
  if (empty) return undefined
  const out: Json = { column_config: columnConfig }
  if (configuration.comment !== undefined) out.comment = configuration.comment
  out.custom_column_names = customColumnNames
  if (configuration.custom_name !== undefined) out.custom_name = configuration.custom_name
  out.custom_root_fields = customRootFields
  return out
}

function exportRelationship(relationship: { name: string; using: ObjectRelationship['using']; comment?: string }): Json {
  const out: Json = { name: relationship.name, using: exportUsing(relationship.using) }
  if (relationship.comment !== undefined) out.comment = relationship.comment
  return out
}

function exportUsing(using: ObjectRelationship['using']): Json {
  if ('manual_configuration' in using) {
    const manual = using.manual_configuration
    // Keys in aeson's (alphabetical) order, as Hasura writes these objects.
    const out: Json = { column_mapping: manual.column_mapping }
    out.insertion_order = manual.insertion_order ?? null
    out.remote_table =
      typeof manual.remote_table === 'string' ? { name: manual.remote_table, schema: 'public' } : qualified(manual.remote_table)
    return { manual_configuration: out }
  }
  const fk = using.foreign_key_constraint_on
  if (typeof fk === 'string' || Array.isArray(fk)) return { foreign_key_constraint_on: fk }
  const out: Json = {}
  if (fk.column !== undefined) out.column = fk.column
  if (fk.columns !== undefined) out.columns = fk.columns
  out.table = typeof fk.table === 'string' ? { name: fk.table, schema: 'public' } : qualified(fk.table)
  return { foreign_key_constraint_on: out }
}

function exportPermission<P>(entry: PermissionEntry<P>, exportBody: (p: P) => Json): Json {
  const out: Json = { role: entry.role, permission: exportBody(entry.permission) }
  if (entry.comment !== undefined) out.comment = entry.comment
  return out
}

function exportInsert(p: InsertPermission): Json {
  const out: Json = { check: p.check ?? {} }
  put(out, 'set', p.set)
  if (p.columns !== undefined) out.columns = p.columns
  if (p.backend_only) out.backend_only = true
  put(out, 'validate_input', p.validate_input)
  return out
}

function exportSelect(p: SelectPermission): Json {
  const out: Json = { columns: p.columns }
  put(out, 'computed_fields', p.computed_fields)
  out.filter = p.filter ?? {}
  if (p.limit !== undefined) out.limit = p.limit
  if (p.allow_aggregations) out.allow_aggregations = true
  if (p.query_root_fields !== undefined) out.query_root_fields = p.query_root_fields
  if (p.subscription_root_fields !== undefined) out.subscription_root_fields = p.subscription_root_fields
  return out
}

function exportUpdate(p: UpdatePermission): Json {
  const out: Json = { columns: p.columns, filter: p.filter ?? {}, check: p.check ?? null }
  put(out, 'set', p.set)
  if (p.backend_only) out.backend_only = true
  put(out, 'validate_input', p.validate_input)
  return out
}

function exportDelete(p: DeletePermission): Json {
  const out: Json = { filter: p.filter ?? {} }
  if (p.backend_only) out.backend_only = true
  put(out, 'validate_input', p.validate_input)
  return out
}

function exportFunction(fn: FunctionMetadata): Json {
  const out: Json = { function: qualified(fn.function) }
  put(out, 'configuration', fn.configuration)
  put(out, 'permissions', fn.permissions)
  if (fn.comment !== undefined) out.comment = fn.comment
  return out
}
