import type { Queryable } from '../../db/database.ts'
import { sql } from '../../lib/sql.ts'
import { exportTable } from '../model/export-metadata.ts'
import type {
  ColumnList,
  ManualRelationshipConfiguration,
  Metadata,
  ObjectRelationship,
  QualifiedTable,
  Source,
  TableMetadata,
} from '../model/types.ts'

/** One entry of Hasura's `inconsistent_objects` (`get_inconsistent_metadata`, `replace_metadata`). */
export interface InconsistentObject {
  definition: unknown
  name: string
  reason: string
  type: string
}

/** The only source this backend serves is its own database, named `default` as Nhost names it. */
export const DEFAULT_SOURCE = 'default'

/** Hasura's display of a table or function name: bare in `public`, else `schema.name`. */
export function displayName(name: QualifiedTable): string {
  return name.schema === 'public' ? name.name : `${name.schema}.${name.name}`
}

const key = (name: QualifiedTable) => `${name.schema}\0${name.name}`

/**
 * Checks tracked tables, the columns permissions and relationships name, and tracked functions
 * against the database, as Hasura does when it builds its schema cache. Names, types and reasons
 * follow Hasura's (`table t1 in source default`, `Inconsistent object: no such table/view exists in
 * source: "t1"`). Computed fields, remote relationships and event trigger columns are not checked.
 */
export async function findInconsistencies(db: Queryable, metadata: Metadata): Promise<InconsistentObject[]> {
  const found: InconsistentObject[] = []
  for (const source of metadata.sources) {
    if (source.name !== DEFAULT_SOURCE) {
      found.push({
        definition: source.name,
        name: `source ${source.name}`,
        reason: `Inconsistent object: the embedded backend serves only the source "${DEFAULT_SOURCE}"`,
        type: 'source',
      })
      continue
    }
    found.push(...(await checkSource(db, source)))
  }
  return found
}

async function checkSource(db: Queryable, source: Source): Promise<InconsistentObject[]> {
  const found: InconsistentObject[] = []
  const columns = await catalogColumns(
    db,
    source.tables.map((t) => t.table),
  )
  const present = source.tables.filter((t) => columns.has(key(t.table)))
  const tracked = new Set(present.map((t) => key(t.table)))
  for (const table of source.tables) {
    if (columns.has(key(table.table))) continue
    const name = displayName(table.table)
    found.push({
      definition: { name: table.table.name, schema: table.table.schema },
      name: `table ${name} in source ${source.name}`,
      reason: `Inconsistent object: no such table/view exists in source: "${name}"`,
      type: 'table',
    })
  }
  const foreignKeys = await catalogForeignKeys(
    db,
    present.map((t) => t.table),
  )
  for (const table of present) {
    const own = columns.get(key(table.table))!
    found.push(...checkRelationships(source.name, table, { own, columns, tracked, foreignKeys }))
    found.push(...checkPermissions(source.name, table, own))
  }
  const functions = await catalogFunctions(
    db,
    (source.functions ?? []).map((f) => f.function),
  )
  for (const fn of source.functions ?? []) {
    if (functions.has(key(fn.function))) continue
    const name = displayName(fn.function)
    found.push({
      definition: {
        source: source.name,
        function: { name: fn.function.name, schema: fn.function.schema },
        configuration: fn.configuration ?? {},
      },
      name: `function ${name} in source ${source.name}`,
      reason: `Inconsistent object: in function "${name}": no such function exists: "${name}"`,
      type: 'function',
    })
  }
  return found
}

function withTable(sourceName: string, table: TableMetadata, entry: object): object {
  return { source: sourceName, table: exportTable({ table: table.table }).table, ...entry }
}

function checkPermissions(sourceName: string, table: TableMetadata, own: Set<string>): InconsistentObject[] {
  const found: InconsistentObject[] = []
  const kinds = [
    ['insert', table.insert_permissions],
    ['select', table.select_permissions],
    ['update', table.update_permissions],
    ['delete', table.delete_permissions],
  ] as const
  for (const [kind, entries] of kinds) {
    for (const entry of entries ?? []) {
      const listed: ColumnList | undefined =
        'columns' in entry.permission ? (entry.permission.columns as ColumnList | undefined) : undefined
      const missing = Array.isArray(listed) ? listed.find((c) => !own.has(c)) : undefined
      const reason = entry.role === 'admin' ? 'cannot define permission for admin role' : missing && `"${missing}" does not exist`
      if (!reason) continue
      found.push({
        definition: withTable(sourceName, table, entry),
        name: `${kind}_permission ${entry.role} in table ${displayName(table.table)} in source ${sourceName}`,
        reason: `Inconsistent object: in table "${displayName(table.table)}": in permission for role "${entry.role}": ${reason}`,
        type: `${kind}_permission`,
      })
    }
  }
  return found
}

/** What relationships are checked against: the table's columns, every tracked table's, and foreign keys. */
interface RelationshipCatalog {
  own: Set<string>
  columns: Map<string, Set<string>>
  tracked: Set<string>
  foreignKeys: ForeignKey[]
}

function checkRelationships(sourceName: string, table: TableMetadata, catalog: RelationshipCatalog): InconsistentObject[] {
  const found: InconsistentObject[] = []
  const relationships = [
    ...(table.object_relationships ?? []).map((r) => ['object', r] as const),
    ...(table.array_relationships ?? []).map((r) => ['array', r] as const),
  ]
  for (const [kind, relationship] of relationships) {
    const problem = relationshipProblem(table.table, relationship.using, catalog)
    if (!problem) continue
    found.push({
      definition: withTable(sourceName, table, relationship),
      name: `${kind}_relation ${relationship.name} in table ${displayName(table.table)} in source ${sourceName}`,
      reason: `Inconsistent object: in table "${displayName(table.table)}": in relationship "${relationship.name}": ${problem}`,
      type: `${kind}_relation`,
    })
  }
  return found
}

function relationshipProblem(table: QualifiedTable, using: ObjectRelationship['using'], catalog: RelationshipCatalog): string | undefined {
  const { own, columns, tracked, foreignKeys } = catalog
  const remoteName = (t: QualifiedTable | string): QualifiedTable => (typeof t === 'string' ? { schema: 'public', name: t } : t)
  const missingIn = (names: string[], set: Set<string>) => names.find((c) => !set.has(c))
  if ('manual_configuration' in using) {
    const manual: ManualRelationshipConfiguration = using.manual_configuration
    const remote = remoteName(manual.remote_table)
    if (!tracked.has(key(remote))) return `table "${displayName(remote)}" is not tracked`
    const local = missingIn(Object.keys(manual.column_mapping), own)
    if (local) return `column "${local}" does not exist`
    const far = missingIn(Object.values(manual.column_mapping), columns.get(key(remote))!)
    return far && `column "${far}" does not exist in table "${displayName(remote)}"`
  }
  const fk = using.foreign_key_constraint_on
  if (typeof fk === 'string' || Array.isArray(fk)) {
    const local = typeof fk === 'string' ? [fk] : fk
    const missing = missingIn(local, own)
    if (missing) return `column "${missing}" does not exist`
    const constraint = foreignKeys.find((k) => key(k.table) === key(table) && sameColumns(k.columns, local))
    if (!constraint) return `no foreign constraint exists on the given column(s)`
    return tracked.has(key(constraint.target)) ? undefined : `table "${displayName(constraint.target)}" is not tracked`
  }
  const remote = remoteName(fk.table)
  if (!tracked.has(key(remote))) return `table "${displayName(remote)}" is not tracked`
  const remoteColumns = fk.columns ?? (fk.column ? [fk.column] : [])
  const missing = missingIn(remoteColumns, columns.get(key(remote))!)
  if (missing) return `column "${missing}" does not exist in table "${displayName(remote)}"`
  const constraint = foreignKeys.find(
    (k) => key(k.table) === key(remote) && key(k.target) === key(table) && sameColumns(k.columns, remoteColumns),
  )
  return constraint ? undefined : `no foreign constraint exists on the given column(s)`
}

const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c))

/** A foreign key: its table and columns, and the table it references. */
interface ForeignKey {
  table: QualifiedTable
  columns: string[]
  target: QualifiedTable
}

/** The foreign keys declared on the given tables. */
async function catalogForeignKeys(db: Queryable, tables: QualifiedTable[]): Promise<ForeignKey[]> {
  if (tables.length === 0) return []
  const { rows } = await db.query<{ schema: string; name: string; target_schema: string; target_name: string; columns: string[] }>(sql`
    select sn.nspname as schema, sc.relname as name, tn.nspname as target_schema, tc.relname as target_name,
      (select json_agg(a.attname::text) from pg_catalog.pg_attribute a
        where a.attrelid = con.conrelid and a.attnum = any(con.conkey)) as columns
    from pg_catalog.pg_constraint con
    join pg_catalog.pg_class sc on sc.oid = con.conrelid
    join pg_catalog.pg_namespace sn on sn.oid = sc.relnamespace
    join pg_catalog.pg_class tc on tc.oid = con.confrelid
    join pg_catalog.pg_namespace tn on tn.oid = tc.relnamespace
    where con.contype = 'f'
      and (sn.nspname, sc.relname) in (select * from unnest(${tables.map((t) => t.schema)}::text[], ${tables.map((t) => t.name)}::text[]))`)
  return rows.map((r) => ({
    table: { schema: r.schema, name: r.name },
    columns: r.columns,
    target: { schema: r.target_schema, name: r.target_name },
  }))
}

/** Columns of each named table, view, materialized view or foreign table that exists. */
async function catalogColumns(db: Queryable, tables: QualifiedTable[]): Promise<Map<string, Set<string>>> {
  if (tables.length === 0) return new Map()
  const { rows } = await db.query<{ schema: string; name: string; columns: string[] }>(sql`
    select n.nspname as schema, c.relname as name,
      coalesce(json_agg(a.attname::text) filter (where a.attname is not null), '[]') as columns
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'v', 'm', 'f', 'p')
      and (n.nspname, c.relname) in (select * from unnest(${tables.map((t) => t.schema)}::text[], ${tables.map((t) => t.name)}::text[]))
    group by n.nspname, c.relname`)
  return new Map(rows.map((r) => [key(r), new Set(r.columns)]))
}

async function catalogFunctions(db: Queryable, functions: QualifiedTable[]): Promise<Set<string>> {
  if (functions.length === 0) return new Set()
  const { rows } = await db.query<{ schema: string; name: string }>(sql`
    select distinct n.nspname as schema, p.proname as name
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where (n.nspname, p.proname) in (select * from unnest(${functions.map((f) => f.schema)}::text[], ${functions.map((f) => f.name)}::text[]))`)
  return new Set(rows.map(key))
}
