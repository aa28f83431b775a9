import { readApiLimits } from './api-limits.ts'
import { JsonNode } from './json-node.ts'
import { readCronTrigger, readEventTrigger } from './read-trigger-definitions.ts'
import type { Location } from './metadata-parse-error.ts'
import type {
  ArrayRelationship,
  BoolExp,
  ColumnList,
  CustomRootFields,
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

/**
 * Hand-written validators from JSON (as `replace_metadata` receives it, or as the metadata directory
 * holds it) to the typed model. They accept what Hasura's own parsers accept: tables and functions
 * named by a bare string (schema `public`) or `{schema, name}`, `columns: "*"`, null for absent keys.
 * Keys Hasura does not know are dropped, as aeson drops them.
 */
export interface ParseMetadataOptions {
  at?: Location
  /** Values read from `!include`d files, mapped to the file (see load-metadata-directory.ts). */
  origins?: WeakMap<object, string>
}

/** Top-level keys other than `version`, `sources`, `cron_triggers` and `api_limits`, kept verbatim: list or object. */
const PASS_THROUGH_KEYS: Record<string, 'list' | 'object'> = {
  remote_schemas: 'list',
  query_collections: 'list',
  allowlist: 'list',
  actions: 'list',
  custom_types: 'object',
  rest_endpoints: 'list',
  metrics_config: 'object',
  inherited_roles: 'list',
  graphql_schema_introspection: 'object',
  network: 'object',
  backend_configs: 'object',
  opentelemetry: 'object',
}

export function parseMetadata(value: unknown, options: ParseMetadataOptions = {}): Metadata {
  return readMetadata(new JsonNode(value, options.at ?? { path: [] }, options.origins))
}

export function readMetadata(node: JsonNode): Metadata {
  node.object('expected the metadata object')
  const version = node.key('version')
  if (version.value !== 3) version.fail('expected 3 (metadata version 3; older versions are not supported)')
  const metadata: Metadata = { version: 3, sources: node.optional('sources', (n) => n.list(readSource)) ?? [] }
  const names = new Set<string>()
  metadata.sources.forEach((source, i) => {
    if (names.has(source.name)) node.key('sources').child(i, undefined).fail(`duplicate source "${source.name}"`)
    names.add(source.name)
  })
  for (const [key, kind] of Object.entries(PASS_THROUGH_KEYS)) {
    const value = node.optional(key, (n) => (kind === 'list' ? n.list((item) => item.value) : n.anyObject()))
    if (value !== undefined) metadata[key] = value
  }
  const cron = node.optional('cron_triggers', (n) => n.list(readCronTrigger))
  if (cron !== undefined) metadata.cron_triggers = cron
  // Checked on load, as set_api_limits checks them: the engine enforces what it reads here.
  const apiLimits = node.optional('api_limits', readApiLimits)
  if (apiLimits !== undefined) metadata.api_limits = apiLimits
  return metadata
}

export function readSource(node: JsonNode): Source {
  node.object()
  const kind = node.required('kind', (n) => n.string())
  if (kind !== 'postgres') node.key('kind').fail(`unsupported source kind "${kind}": only "postgres" is served`)
  const source: Source = {
    name: node.required('name', (n) => n.nonEmptyString()),
    kind: 'postgres',
    tables: node.optional('tables', (n) => n.list(readTableMetadata)) ?? [],
    configuration: node.optional('configuration', (n) => n.anyObject()) ?? {},
  }
  const functions = node.optional('functions', (n) => n.list(readFunctionMetadata))
  if (functions !== undefined) source.functions = functions
  const customization = node.optional('customization', (n) => n.anyObject())
  if (customization !== undefined) source.customization = customization
  assertUniqueTables(node, source.tables)
  return source
}

function assertUniqueTables(node: JsonNode, tables: TableMetadata[]): void {
  const seen = new Set<string>()
  tables.forEach((t, i) => {
    const key = `${t.table.schema}.${t.table.name}`
    if (seen.has(key)) node.key('tables').child(i, undefined).fail(`table "${key}" is tracked more than once`)
    seen.add(key)
  })
}

export function readQualifiedName(node: JsonNode): QualifiedTable {
  if (typeof node.value === 'string') return { schema: 'public', name: node.nonEmptyString() }
  node.object('expected a name or an object with "schema" and "name"')
  return {
    schema: node.optional('schema', (n) => n.nonEmptyString()) ?? 'public',
    name: node.required('name', (n) => n.nonEmptyString()),
  }
}

export function readTableMetadata(node: JsonNode): TableMetadata {
  node.object()
  const table: TableMetadata = { table: node.required('table', readQualifiedName) }
  const isEnum = node.optional('is_enum', (n) => n.boolean())
  if (isEnum !== undefined) table.is_enum = isEnum
  const configuration = node.optional('configuration', readTableConfiguration)
  if (configuration !== undefined) table.configuration = configuration
  assign(
    table,
    'object_relationships',
    node.optional('object_relationships', (n) => n.list(readObjectRelationship)),
  )
  assign(
    table,
    'array_relationships',
    node.optional('array_relationships', (n) => n.list(readArrayRelationship)),
  )
  assign(
    table,
    'computed_fields',
    node.optional('computed_fields', (n) => n.list((c) => c.anyObject())),
  )
  assign(
    table,
    'remote_relationships',
    node.optional('remote_relationships', (n) => n.list((c) => c.anyObject())),
  )
  assign(
    table,
    'insert_permissions',
    node.optional('insert_permissions', (n) => readPermissions(n, readInsertPermission)),
  )
  assign(
    table,
    'select_permissions',
    node.optional('select_permissions', (n) => readPermissions(n, readSelectPermission)),
  )
  assign(
    table,
    'update_permissions',
    node.optional('update_permissions', (n) => readPermissions(n, readUpdatePermission)),
  )
  assign(
    table,
    'delete_permissions',
    node.optional('delete_permissions', (n) => readPermissions(n, readDeletePermission)),
  )
  assign(
    table,
    'event_triggers',
    node.optional('event_triggers', (n) => n.list(readEventTrigger)),
  )
  return table
}

function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value
}

function readTableConfiguration(node: JsonNode): TableConfiguration {
  node.object()
  const configuration: TableConfiguration = {}
  assign(
    configuration,
    'custom_name',
    node.optional('custom_name', (n) => n.nonEmptyString()),
  )
  assign(
    configuration,
    'custom_root_fields',
    node.optional('custom_root_fields', (n) => n.anyObject() as CustomRootFields),
  )
  assign(
    configuration,
    'column_config',
    node.optional('column_config', (n) => {
      const entries = n.object()
      return Object.fromEntries(
        Object.keys(entries).map((column) => {
          const entry = n.child(column, entries[column])
          entry.object()
          const config: { custom_name?: string; comment?: string } = {}
          assign(
            config,
            'custom_name',
            entry.optional('custom_name', (c) => c.nonEmptyString()),
          )
          assign(
            config,
            'comment',
            entry.optional('comment', (c) => c.string()),
          )
          return [column, config]
        }),
      )
    }),
  )
  assign(
    configuration,
    'custom_column_names',
    node.optional('custom_column_names', (n) => n.stringMap()),
  )
  assign(
    configuration,
    'comment',
    node.optional('comment', (n) => n.string()),
  )
  return configuration
}

function readRelationshipBase(node: JsonNode): { name: string; comment?: string } {
  node.object()
  const base: { name: string; comment?: string } = { name: node.required('name', (n) => n.nonEmptyString()) }
  assign(
    base,
    'comment',
    node.optional('comment', (n) => n.string()),
  )
  return base
}

function readUsing(node: JsonNode, allowColumn: boolean): ObjectRelationship['using'] {
  const using = node.object()
  const keys = Object.keys(using).filter((k) => using[k] !== null && using[k] !== undefined)
  if (keys.length !== 1 || (keys[0] !== 'foreign_key_constraint_on' && keys[0] !== 'manual_configuration')) {
    node.fail('expected exactly one of "foreign_key_constraint_on" or "manual_configuration"')
  }
  if (keys[0] === 'manual_configuration') {
    const manual = node.key('manual_configuration')
    manual.object()
    const config: Extract<ObjectRelationship['using'], { manual_configuration: unknown }>['manual_configuration'] = {
      remote_table: manual.required('remote_table', readQualifiedName),
      column_mapping: manual.required('column_mapping', (n) => n.stringMap()),
    }
    const order = manual.optional('insertion_order', (n) => n.string())
    if (order === 'before_parent' || order === 'after_parent') config.insertion_order = order
    else if (order !== undefined) manual.key('insertion_order').fail('expected "before_parent" or "after_parent"')
    return { manual_configuration: config }
  }
  const fk = node.key('foreign_key_constraint_on')
  if (typeof fk.value === 'string' && allowColumn) return { foreign_key_constraint_on: fk.nonEmptyString() }
  if (Array.isArray(fk.value) && allowColumn) return { foreign_key_constraint_on: fk.list((c) => c.nonEmptyString()) }
  fk.object(allowColumn ? 'expected a column, a list of columns or {table, column(s)}' : 'expected {table, column} or {table, columns}')
  const remote: { table: QualifiedTable; column?: string; columns?: string[] } = { table: fk.required('table', readQualifiedName) }
  assign(
    remote,
    'column',
    fk.optional('column', (n) => n.nonEmptyString()),
  )
  assign(
    remote,
    'columns',
    fk.optional('columns', (n) => n.list((c) => c.nonEmptyString())),
  )
  if (remote.column === undefined && remote.columns === undefined) fk.fail('expected "column" or "columns"')
  return { foreign_key_constraint_on: remote }
}

export function readObjectRelationship(node: JsonNode): ObjectRelationship {
  return { ...readRelationshipBase(node), using: node.required('using', (n) => readUsing(n, true)) }
}

export function readArrayRelationship(node: JsonNode): ArrayRelationship {
  return { ...readRelationshipBase(node), using: node.required('using', (n) => readUsing(n, false)) as ArrayRelationship['using'] }
}

function readPermissions<P>(node: JsonNode, read: (n: JsonNode) => P): PermissionEntry<P>[] {
  const roles = new Set<string>()
  return node.list((entry) => {
    entry.object()
    const role = entry.required('role', (n) => n.nonEmptyString())
    if (roles.has(role)) entry.key('role').fail(`duplicate permission for role "${role}"`)
    roles.add(role)
    const permission: PermissionEntry<P> = { role, permission: entry.required('permission', read) }
    assign(
      permission,
      'comment',
      entry.optional('comment', (n) => n.string()),
    )
    return permission
  })
}

function readColumns(node: JsonNode): ColumnList {
  if (node.value === '*') return '*'
  return node.list((c) => c.nonEmptyString(), 'expected a list of column names or "*"')
}

function readBoolExp(node: JsonNode): BoolExp {
  return node.object('expected a boolean expression (an object)')
}

export function readInsertPermission(node: JsonNode): InsertPermission {
  node.object()
  const permission: InsertPermission = {}
  assign(permission, 'check', node.optional('check', readBoolExp))
  assign(
    permission,
    'set',
    node.optional('set', (n) => n.anyObject()),
  )
  assign(permission, 'columns', node.optional('columns', readColumns))
  assign(
    permission,
    'backend_only',
    node.optional('backend_only', (n) => n.boolean()),
  )
  assign(
    permission,
    'validate_input',
    node.optional('validate_input', (n) => n.anyObject()),
  )
  return permission
}

export function readSelectPermission(node: JsonNode): SelectPermission {
  node.object()
  const permission: SelectPermission = { columns: node.required('columns', readColumns) }
  assign(permission, 'filter', node.optional('filter', readBoolExp))
  assign(
    permission,
    'limit',
    node.optional('limit', (n) => n.nonNegativeInteger()),
  )
  assign(
    permission,
    'allow_aggregations',
    node.optional('allow_aggregations', (n) => n.boolean()),
  )
  assign(
    permission,
    'computed_fields',
    node.optional('computed_fields', (n) => n.list((c) => c.nonEmptyString())),
  )
  assign(
    permission,
    'query_root_fields',
    node.optional('query_root_fields', (n) => n.list((c) => c.nonEmptyString())),
  )
  assign(
    permission,
    'subscription_root_fields',
    node.optional('subscription_root_fields', (n) => n.list((c) => c.nonEmptyString())),
  )
  return permission
}

export function readUpdatePermission(node: JsonNode): UpdatePermission {
  node.object()
  const permission: UpdatePermission = { columns: node.required('columns', readColumns) }
  assign(permission, 'filter', node.optional('filter', readBoolExp))
  assign(permission, 'check', node.optional('check', readBoolExp))
  assign(
    permission,
    'set',
    node.optional('set', (n) => n.anyObject()),
  )
  assign(
    permission,
    'backend_only',
    node.optional('backend_only', (n) => n.boolean()),
  )
  assign(
    permission,
    'validate_input',
    node.optional('validate_input', (n) => n.anyObject()),
  )
  return permission
}

export function readDeletePermission(node: JsonNode): DeletePermission {
  node.object()
  const permission: DeletePermission = {}
  assign(permission, 'filter', node.optional('filter', readBoolExp))
  assign(
    permission,
    'backend_only',
    node.optional('backend_only', (n) => n.boolean()),
  )
  assign(
    permission,
    'validate_input',
    node.optional('validate_input', (n) => n.anyObject()),
  )
  return permission
}

export function readFunctionMetadata(node: JsonNode): FunctionMetadata {
  node.object()
  const fn: FunctionMetadata = { function: node.required('function', readQualifiedName) }
  assign(
    fn,
    'configuration',
    node.optional('configuration', (n) => {
      n.object()
      const exposed = n.optional('exposed_as', (e) => e.string())
      if (exposed !== undefined && exposed !== 'query' && exposed !== 'mutation') n.key('exposed_as').fail('expected "query" or "mutation"')
      return n.anyObject() as NonNullable<FunctionMetadata['configuration']>
    }),
  )
  assign(
    fn,
    'permissions',
    node.optional('permissions', (n) =>
      n.list((p) => {
        p.object()
        return { role: p.required('role', (r) => r.nonEmptyString()) }
      }),
    ),
  )
  assign(
    fn,
    'comment',
    node.optional('comment', (n) => n.string()),
  )
  return fn
}
