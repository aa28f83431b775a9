import type {
  DeletePermission, FunctionMetadata, InsertPermission, Metadata, ObjectRelationship, PermissionEntry,
  QualifiedTable, SelectPermission, Source, TableConfiguration, TableMetadata, UpdatePermission,
} from './types.ts'

type Json = Record<string, unknown>

/**
 * The JSON Hasura's `export_metadata` answers (metadata version 3), in its key order. Like Hasura's
 * `metadataToOrdJSON` it leaves out empty lists and objects and default values (`is_enum: false`,
 * `allow_aggregations: false`, `backend_only: false`), always writes a select permission's `filter`,
 * and writes every table and function name as `{schema, name}`.
 */
export function exportMetadata(metadata: Metadata): Json {
  const out: Json = { version: 3, sources: metadata.sources.map(exportSource) }
  for (const key of TOP_LEVEL_ORDER) {
    const value = key === 'cron_triggers' ? metadata.cron_triggers : metadata[key]
    if (!isEmpty(value)) out[key] = value
  }
  return out
}

/** Hasura's order of the top-level keys after `version` and `sources`. */
const TOP_LEVEL_ORDER = [
  'remote_schemas', 'query_collections', 'allowlist', 'actions', 'custom_types', 'cron_triggers',
  'rest_endpoints', 'api_limits', 'metrics_config', 'inherited_roles', 'graphql_schema_introspection',
  'network', 'backend_configs', 'opentelemetry',
] as const

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
  const out: Json = { name: source.name, kind: source.kind, tables: source.tables.map(exportTable) }
  put(out, 'functions', source.functions?.map(exportFunction))
  out.configuration = source.configuration
  put(out, 'customization', source.customization)
  return out
}

export function exportTable(table: TableMetadata): Json {
  const out: Json = { table: qualified(table.table) }
  if (table.is_enum) out.is_enum = true
  put(out, 'configuration', table.configuration && exportTableConfiguration(table.configuration))
  put(out, 'object_relationships', table.object_relationships?.map(exportRelationship))
  put(out, 'array_relationships', table.array_relationships?.map(exportRelationship))
  put(out, 'computed_fields', table.computed_fields)
  put(out, 'remote_relationships', table.remote_relationships)
  put(out, 'insert_permissions', table.insert_permissions?.map((p) => exportPermission(p, exportInsert)))
  put(out, 'select_permissions', table.select_permissions?.map((p) => exportPermission(p, exportSelect)))
  put(out, 'update_permissions', table.update_permissions?.map((p) => exportPermission(p, exportUpdate)))
  put(out, 'delete_permissions', table.delete_permissions?.map((p) => exportPermission(p, exportDelete)))
  put(out, 'event_triggers', table.event_triggers)
  return out
}

function exportTableConfiguration(configuration: TableConfiguration): Json {
  const out: Json = {}
  put(out, 'custom_root_fields', configuration.custom_root_fields)
  put(out, 'custom_name', configuration.custom_name)
  put(out, 'column_config', configuration.column_config)
  put(out, 'custom_column_names', configuration.custom_column_names)
  put(out, 'comment', configuration.comment)
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
    const out: Json = {
      column_mapping: manual.column_mapping,
      remote_table: typeof manual.remote_table === 'string' ? { name: manual.remote_table, schema: 'public' } : qualified(manual.remote_table),
    }
    if (manual.insertion_order) out.insertion_order = manual.insertion_order
    return { manual_configuration: out }
  }
  const fk = using.foreign_key_constraint_on
  if (typeof fk === 'string' || Array.isArray(fk)) return { foreign_key_constraint_on: fk }
  const out: Json = { table: typeof fk.table === 'string' ? { name: fk.table, schema: 'public' } : qualified(fk.table) }
  if (fk.column !== undefined) out.column = fk.column
  if (fk.columns !== undefined) out.columns = fk.columns
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
  const out: Json = { columns: p.columns, filter: p.filter ?? {} }
  if (p.check !== undefined && p.check !== null) out.check = p.check
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
