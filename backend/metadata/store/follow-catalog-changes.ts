import type { Queryable } from '../../db/database.ts'
import { sql } from '../../lib/sql.ts'
import { DEFAULT_SOURCE, displayName } from './find-inconsistencies.ts'
import type { Metadata, QualifiedTable, Source, TableMetadata } from '../model/types.ts'

/** SQL dropped objects that metadata still uses and `cascade` was not given: the admin API's `dependency-error`. */
export class DependentObjectsError extends Error {
  override name = 'DependentObjectsError'
}

/** The tracked tables (by OID) and tracked functions of the default source that existed before the SQL ran. */
export interface CatalogSnapshot {
  tables: Map<number, QualifiedTable>
  functions: QualifiedTable[]
}

export async function snapshotTrackedObjects(tx: Queryable, metadata: Metadata): Promise<CatalogSnapshot> {
  const source = defaultSource(metadata)
  const tables = source?.tables.map((t) => t.table) ?? []
  const functions = source?.functions?.map((f) => f.function) ?? []
  const { rows } =
    tables.length === 0
      ? { rows: [] }
      : await tx.query<{ oid: number; schema: string; name: string }>(sql`
    select c.oid, n.nspname as schema, c.relname as name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where (n.nspname, c.relname) in (select * from unnest(${tables.map((t) => t.schema)}::text[], ${tables.map((t) => t.name)}::text[]))`)
  return {
    tables: new Map(rows.map((r) => [r.oid, { schema: r.schema, name: r.name }])),
    functions: await existingFunctions(tx, functions),
  }
}

function defaultSource(metadata: Metadata): Source | undefined {
  return metadata.sources.find((s) => s.name === DEFAULT_SOURCE)
}

const same = (a: QualifiedTable, b: QualifiedTable) => a.schema === b.schema && a.name === b.name
const asTable = (t: QualifiedTable | string): QualifiedTable => (typeof t === 'string' ? { schema: 'public', name: t } : t)

/**
 * After `run_sql`, brings the metadata in line with what the SQL did to tracked objects, as Hasura's
 * `withMetadataCheck` does (`Hasura/Backends/Postgres/DDL/RunSQL.hs`): a renamed table stays
 * tracked under its new name (found by OID), a dropped table or function leaves the metadata, and
 * relationships of other tables that point at a dropped table are an error (`dependency-error`)
 * unless `cascade` is set, which removes them too. Returns undefined when nothing changed.
 * Not followed: renamed or dropped columns, and renamed functions.
 */
export async function followCatalogChanges(
  tx: Queryable,
  metadata: Metadata,
  before: CatalogSnapshot,
  cascade: boolean,
): Promise<Metadata | undefined> {
  const source = defaultSource(metadata)
  if (!source) return undefined
  const { rows } = await tx.query<{ oid: number; schema: string; name: string }>(sql`
    select c.oid, n.nspname as schema, c.relname as name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where c.oid = any(${[...before.tables.keys()]}::oid[])`)
  const now = new Map(rows.map((r) => [r.oid, { schema: r.schema, name: r.name }]))
  const renamed: [QualifiedTable, QualifiedTable][] = []
  const dropped: QualifiedTable[] = []
  for (const [oid, old] of before.tables) {
    const current = now.get(oid)
    if (!current) dropped.push(old)
    else if (!same(current, old)) renamed.push([old, current])
  }
  const stillThere = await existingFunctions(tx, before.functions)
  const droppedFunctions = before.functions.filter((f) => !stillThere.some((s) => same(s, f)))
  if (renamed.length === 0 && dropped.length === 0 && droppedFunctions.length === 0) return undefined

  const rename = (t: QualifiedTable | string): QualifiedTable => {
    const table = asTable(t)
    return renamed.find(([old]) => same(old, table))?.[1] ?? table
  }
  const isDropped = (t: QualifiedTable | string) => dropped.some((d) => same(d, asTable(t)))
  const dependents: string[] = []
  const tables = source.tables
    .filter((t) => !isDropped(t.table))
    .map((t) =>
      followTable(t, rename, isDropped, (name) =>
        dependents.push(`relationship ${displayName(t.table)}.${name} in source "${source.name}"`),
      ),
    )
  if (dependents.length > 0 && !cascade) {
    throw new DependentObjectsError(`cannot drop due to the following dependent objects : ${dependents.join(', ')}`)
  }
  const functions = source.functions?.filter((f) => !droppedFunctions.some((d) => same(d, f.function)))
  const next: Source = { ...source, tables }
  if (functions !== undefined) next.functions = functions
  return { ...metadata, sources: metadata.sources.map((s) => (s === source ? next : s)) }
}

function followTable(
  table: TableMetadata,
  rename: (t: QualifiedTable | string) => QualifiedTable,
  isDropped: (t: QualifiedTable | string) => boolean,
  dependent: (relationship: string) => void,
): TableMetadata {
  const remoteOf = (using: NonNullable<TableMetadata['object_relationships']>[number]['using']): QualifiedTable | string | undefined => {
    if ('manual_configuration' in using) return using.manual_configuration.remote_table
    const fk = using.foreign_key_constraint_on
    return typeof fk === 'string' || Array.isArray(fk) ? undefined : fk.table
  }
  const keep = <R extends { name: string; using: NonNullable<TableMetadata['object_relationships']>[number]['using'] }>(r: R): boolean => {
    const remote = remoteOf(r.using)
    if (remote === undefined || !isDropped(remote)) return true
    dependent(r.name)
    return false
  }
  const retarget = <R extends { using: NonNullable<TableMetadata['object_relationships']>[number]['using'] }>(r: R): R => {
    const using = r.using
    if ('manual_configuration' in using) {
      return {
        ...r,
        using: { manual_configuration: { ...using.manual_configuration, remote_table: rename(using.manual_configuration.remote_table) } },
      }
    }
    const fk = using.foreign_key_constraint_on
    if (typeof fk === 'string' || Array.isArray(fk)) return r
    return { ...r, using: { foreign_key_constraint_on: { ...fk, table: rename(fk.table) } } }
  }
  const next: TableMetadata = { ...table, table: rename(table.table) }
  if (table.object_relationships) next.object_relationships = table.object_relationships.filter(keep).map(retarget)
  if (table.array_relationships) next.array_relationships = table.array_relationships.filter(keep).map(retarget)
  return next
}

async function existingFunctions(tx: Queryable, functions: QualifiedTable[]): Promise<QualifiedTable[]> {
  if (functions.length === 0) return []
  const { rows } = await tx.query<{ schema: string; name: string }>(sql`
    select distinct n.nspname as schema, p.proname as name
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where (n.nspname, p.proname) in (select * from unnest(${functions.map((f) => f.schema)}::text[], ${functions.map((f) => f.name)}::text[]))`)
  return functions.filter((f) => rows.some((r) => same(r, f)))
}
