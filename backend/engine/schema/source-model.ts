import type { Queryable } from '../../db/database.ts'
import { ident, sql } from '../../lib/sql.ts'
import type {
  ArrayRelationship,
  CustomRootFieldName,
  FunctionMetadata,
  Metadata,
  ObjectRelationship,
  QualifiedTable,
  SelectPermission,
  TableMetadata,
} from '../../metadata/model/types.ts'
import { qualifiedKey, type Catalog, type CatalogColumn, type CatalogFunction, type CatalogTable } from '../catalog/catalog.ts'
import { isBigNumber, scalarNameFor } from './pg-scalars.ts'

/**
 * The tracked tables and functions of the default source, resolved against the catalog: GraphQL
 * names (custom names applied), relationships turned into column mappings, enum-table values.
 * Metadata that refers to objects missing from the database is left out, as Hasura marks it
 * inconsistent and serves the rest.
 */
export interface ColumnInfo {
  name: string
  gqlName: string
  catalog: CatalogColumn
  /** GraphQL scalar or enum type name. */
  scalar: string
  /** Set when the column references an enum table: its values are that table's `T_enum`. */
  enumTable: string | null
  isBigNumber: boolean
  comment: string | null
}

export interface RelationshipInfo {
  name: string
  kind: 'object' | 'array'
  target: string
  /** [column here, column on the target]. */
  mapping: [string, string][]
  /** An object relationship over non-null foreign-key columns of this table is never null. */
  nonNull: boolean
}

export interface RootFieldNames {
  select: string
  selectByPk: string
  selectAggregate: string
  selectStream: string
  insert: string
  insertOne: string
  update: string
  updateByPk: string
  updateMany: string
  delete: string
  deleteByPk: string
}

export interface TableInfo {
  key: string
  schema: string
  name: string
  gqlName: string
  rootFields: RootFieldNames
  columns: ColumnInfo[]
  columnByName: Map<string, ColumnInfo>
  primaryKey: string[] | null
  catalog: CatalogTable
  relationships: RelationshipInfo[]
  isEnum: boolean
  enumValues: { value: string; comment: string | null }[]
  metadata: TableMetadata
  comment: string | null
}

export interface FunctionArgInfo {
  name: string
  scalar: string
  sqlType: string
  hasDefault: boolean
}

export interface FunctionInfo {
  key: string
  schema: string
  name: string
  gqlName: string
  aggregateName: string
  returnTable: string
  args: FunctionArgInfo[]
  catalog: CatalogFunction
  metadata: FunctionMetadata
}

export interface SourceModel {
  tables: Map<string, TableInfo>
  functions: FunctionInfo[]
}

export function tableKeyOf(table: QualifiedTable | string): string {
  return typeof table === 'string' ? qualifiedKey('public', table) : qualifiedKey(table.schema ?? 'public', table.name)
}

function defaultName(schema: string, name: string): string {
  return schema === 'public' ? name : `${schema}_${name}`
}

function customRootName(value: CustomRootFieldName | undefined, fallback: string): string {
  if (typeof value === 'string' && value !== '') return value
  if (value && typeof value === 'object' && typeof value.name === 'string' && value.name !== '') return value.name
  return fallback
}

function rootFieldNames(table: TableMetadata, gqlName: string): RootFieldNames {
  const custom = table.configuration?.custom_root_fields ?? {}
  return {
    select: customRootName(custom.select, gqlName),
    selectByPk: customRootName(custom.select_by_pk, `${gqlName}_by_pk`),
    selectAggregate: customRootName(custom.select_aggregate, `${gqlName}_aggregate`),
    selectStream: customRootName(custom.select_stream, `${gqlName}_stream`),
    insert: customRootName(custom.insert, `insert_${gqlName}`),
    insertOne: customRootName(custom.insert_one, `insert_${gqlName}_one`),
    update: customRootName(custom.update, `update_${gqlName}`),
    updateByPk: customRootName(custom.update_by_pk, `update_${gqlName}_by_pk`),
    updateMany: customRootName(custom.update_many, `update_${gqlName}_many`),
    delete: customRootName(custom.delete, `delete_${gqlName}`),
    deleteByPk: customRootName(custom.delete_by_pk, `delete_${gqlName}_by_pk`),
  }
}

export async function buildSourceModel(metadata: Metadata, catalog: Catalog, db: Queryable): Promise<SourceModel> {
  const source = metadata.sources.find((s) => s.name === 'default') ?? metadata.sources[0]
  const tables = new Map<string, TableInfo>()
  for (const entry of source?.tables ?? []) {
    const key = tableKeyOf(entry.table)
    const found = catalog.tables.get(key)
    if (found) tables.set(key, tableInfo(entry, found))
  }
  for (const table of tables.values()) {
    resolveRelationships(table, tables)
    if (table.isEnum) table.enumValues = await readEnumValues(table, db)
  }
  // Columns referencing an enum table take its enum type (Hasura: "enum table references").
  for (const table of tables.values()) {
    for (const fk of table.catalog.foreignKeys) {
      const target = tables.get(qualifiedKey(fk.refSchema, fk.refTable))
      const pair = fk.columns[0]
      if (!target?.isEnum || fk.columns.length !== 1 || !pair) continue
      const column = table.columnByName.get(pair[0])
      if (column) column.enumTable = target.key
    }
  }
  const functions: FunctionInfo[] = []
  for (const entry of source?.functions ?? []) {
    const info = functionInfo(entry, catalog, tables)
    if (info) functions.push(info)
  }
  return { tables, functions }
}

function tableInfo(entry: TableMetadata, catalog: CatalogTable): TableInfo {
  const config = entry.configuration ?? {}
  const gqlName = config.custom_name ?? defaultName(catalog.schema, catalog.name)
  const columns = catalog.columns.map((column): ColumnInfo => ({
    name: column.name,
    gqlName: config.column_config?.[column.name]?.custom_name ?? config.custom_column_names?.[column.name] ?? column.name,
    catalog: column,
    scalar: scalarNameFor(column.type, column.elementType),
    enumTable: null,
    isBigNumber: isBigNumber(column.type),
    comment: config.column_config?.[column.name]?.comment ?? null,
  }))
  return {
    key: qualifiedKey(catalog.schema, catalog.name),
    schema: catalog.schema,
    name: catalog.name,
    gqlName,
    rootFields: rootFieldNames(entry, gqlName),
    columns,
    columnByName: new Map(columns.map((c) => [c.name, c])),
    primaryKey: catalog.primaryKey,
    catalog,
    relationships: [],
    isEnum: entry.is_enum === true,
    enumValues: [],
    metadata: entry,
    comment: config.comment ?? catalog.comment,
  }
}

function asColumns(value: string | string[] | undefined, fallback?: string[]): string[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return [value]
  return fallback ?? []
}

function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c))
}

function resolveRelationships(table: TableInfo, tables: Map<string, TableInfo>): void {
  const add = (rel: ObjectRelationship | ArrayRelationship, kind: 'object' | 'array'): void => {
    const using = rel.using as Record<string, unknown>
    if ('manual_configuration' in using) {
      const manual = using.manual_configuration as { remote_table: QualifiedTable | string; column_mapping: Record<string, string> }
      const target = tables.get(tableKeyOf(manual.remote_table))
      if (!target) return
      table.relationships.push({ name: rel.name, kind, target: target.key, mapping: Object.entries(manual.column_mapping), nonNull: false })
      return
    }
    const fk = using.foreign_key_constraint_on as
      string | string[] | { table: QualifiedTable | string; column?: string; columns?: string[] }
    if (typeof fk === 'string' || Array.isArray(fk)) {
      const columns = asColumns(fk)
      const constraint = table.catalog.foreignKeys.find((f) =>
        sameColumns(
          f.columns.map(([c]) => c),
          columns,
        ),
      )
      const target = constraint && tables.get(qualifiedKey(constraint.refSchema, constraint.refTable))
      if (!constraint || !target) return
      const nonNull = columns.every((c) => table.columnByName.get(c)?.catalog.nullable === false)
      table.relationships.push({ name: rel.name, kind, target: target.key, mapping: constraint.columns, nonNull })
      return
    }
    const target = tables.get(tableKeyOf(fk.table))
    if (!target) return
    const columns = asColumns(fk.columns ?? fk.column)
    const constraint = target.catalog.foreignKeys.find(
      (f) =>
        f.refSchema === table.schema &&
        f.refTable === table.name &&
        sameColumns(
          f.columns.map(([c]) => c),
          columns,
        ),
    )
    if (!constraint) return
    const mapping = constraint.columns.map(([remote, local]): [string, string] => [local, remote])
    table.relationships.push({ name: rel.name, kind, target: target.key, mapping, nonNull: false })
  }
  for (const rel of table.metadata.object_relationships ?? []) add(rel, 'object')
  for (const rel of table.metadata.array_relationships ?? []) add(rel, 'array')
}

/** An enum table has a single-column text primary key and at most one more column, the comment. */
async function readEnumValues(table: TableInfo, db: Queryable): Promise<{ value: string; comment: string | null }[]> {
  const key = table.primaryKey?.[0]
  if (!key) return []
  const commentColumn = table.columns.find((c) => c.name !== key)?.name
  const comment = commentColumn ? sql`${ident(commentColumn)}::text` : sql`NULL::text`
  const { rows } = await db.query<{ value: string; comment: string | null }>(
    sql`SELECT ${ident(key)}::text AS value, ${comment} AS comment FROM ${ident(table.schema, table.name)} ORDER BY 1`,
  )
  return rows
}

function functionInfo(entry: FunctionMetadata, catalog: Catalog, tables: Map<string, TableInfo>): FunctionInfo | null {
  const key = tableKeyOf(entry.function)
  const overloads = catalog.functions.get(key)
  const fn = overloads?.length === 1 ? overloads[0] : undefined
  if (!fn || !fn.returnsSet) return null
  const returnTable = tables.get(qualifiedKey(fn.returnSchema, fn.returnType))
  if (!returnTable) return null
  const gqlName = entry.configuration?.custom_name ?? defaultName(fn.schema, fn.name)
  const firstDefault = fn.args.length - fn.defaultCount
  const args = fn.args.map((arg, i): FunctionArgInfo => ({
    name: arg.name ?? `arg_${i + 1}`,
    scalar: scalarNameFor(arg.type, arg.type.startsWith('_') ? arg.type.slice(1) : null),
    sqlType: arg.sqlType,
    hasDefault: i >= firstDefault,
  }))
  return {
    key,
    schema: fn.schema,
    name: fn.name,
    gqlName: entry.configuration?.custom_root_fields?.function ?? gqlName,
    aggregateName: entry.configuration?.custom_root_fields?.function_aggregate ?? `${gqlName}_aggregate`,
    returnTable: returnTable.key,
    args,
    catalog: fn,
    metadata: entry,
  }
}

export function selectPermissionOf(table: TableInfo, role: string): SelectPermission | undefined {
  return table.metadata.select_permissions?.find((p) => p.role === role)?.permission
}
