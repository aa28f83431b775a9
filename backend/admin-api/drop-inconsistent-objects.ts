import type { InconsistentObject } from '../metadata/store/find-inconsistencies.ts'
import type { Metadata, QualifiedTable, Source, TableMetadata } from '../metadata/model/types.ts'

const same = (a: QualifiedTable, b: QualifiedTable) => a.schema === b.schema && a.name === b.name

/**
 * Hasura's `drop_inconsistent_metadata`: the metadata without the objects `findInconsistencies`
 * reported, each identified by its type and definition (missing tables and functions, permissions
 * and relationships that name missing columns or tables, sources this backend does not serve).
 */
export function dropInconsistentObjects(metadata: Metadata, objects: InconsistentObject[]): Metadata {
  const sources = metadata.sources
    .filter((s) => !objects.some((o) => o.type === 'source' && o.definition === s.name))
    .map((source) => dropFromSource(source, objects))
  return { ...metadata, sources }
}

function dropFromSource(source: Source, objects: InconsistentObject[]): Source {
  const about = (o: InconsistentObject) =>
    o.definition as { source?: string; table?: QualifiedTable; function?: QualifiedTable; role?: string; name?: string }
  const missingTables = objects.filter((o) => o.type === 'table').map((o) => o.definition as QualifiedTable)
  const missingFunctions = objects.filter((o) => o.type === 'function' && about(o).source === source.name).map((o) => about(o).function!)
  const inTable = (t: TableMetadata, type: string) =>
    objects.filter((o) => o.type === type && about(o).source === source.name && same(about(o).table!, t.table)).map(about)
  const tables = source.tables
    .filter((t) => !missingTables.some((m) => same(m, t.table)))
    .map((t) => {
      const roles = (kind: string) => inTable(t, `${kind}_permission`).map((d) => d.role)
      const names = (kind: string) => inTable(t, `${kind}_relation`).map((d) => d.name)
      const next: TableMetadata = { ...t }
      if (t.insert_permissions) next.insert_permissions = t.insert_permissions.filter((p) => !roles('insert').includes(p.role))
      if (t.select_permissions) next.select_permissions = t.select_permissions.filter((p) => !roles('select').includes(p.role))
      if (t.update_permissions) next.update_permissions = t.update_permissions.filter((p) => !roles('update').includes(p.role))
      if (t.delete_permissions) next.delete_permissions = t.delete_permissions.filter((p) => !roles('delete').includes(p.role))
      if (t.object_relationships) next.object_relationships = t.object_relationships.filter((r) => !names('object').includes(r.name))
      if (t.array_relationships) next.array_relationships = t.array_relationships.filter((r) => !names('array').includes(r.name))
      return next
    })
  const next: Source = { ...source, tables }
  if (source.functions) next.functions = source.functions.filter((f) => !missingFunctions.some((m) => same(m, f.function)))
  return next
}
