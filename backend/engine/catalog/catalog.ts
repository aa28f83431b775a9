/** What the engine knows about the database: read by `introspectCatalog`, plain data. */

export interface CatalogColumn {
  name: string
  /** `pg_type.typname`: `int4`, `text`, `_text` for arrays, `complex` for a composite. */
  type: string
  /** `format_type(oid, NULL)`: the type as SQL accepts it in a cast (`integer`, `public.complex`). */
  sqlType: string
  /** `pg_type.typtype`: `b` base, `c` composite, `e` enum, `d` domain, `r` range. */
  typeKind: string
  /** Element `typname` for arrays. */
  elementType: string | null
  nullable: boolean
  hasDefault: boolean
  /** `GENERATED ALWAYS AS (…) STORED`: never written by a mutation. */
  generated: boolean
}

export interface CatalogForeignKey {
  name: string
  refSchema: string
  refTable: string
  /** Pairs of [column here, column on the referenced table], in constraint order. */
  columns: [string, string][]
}

export interface CatalogTable {
  schema: string
  name: string
  /** `pg_class.relkind`: `r` table, `v` view, `m` materialized view, `f` foreign, `p` partitioned. */
  kind: string
  columns: CatalogColumn[]
  primaryKey: string[] | null
  uniqueConstraints: { name: string; columns: string[] }[]
  foreignKeys: CatalogForeignKey[]
  comment: string | null
  /** `pg_relation_is_updatable`: which writes the relation takes (views only some, or none). */
  writable: { insert: boolean; update: boolean; delete: boolean }
}

export interface CatalogFunctionArg {
  name: string | null
  type: string
  sqlType: string
}

export interface CatalogFunction {
  schema: string
  name: string
  returnsSet: boolean
  returnSchema: string
  returnType: string
  /** `pg_type.typtype` of the return type; `c` with `returnsSet` is a `SETOF table`. */
  returnTypeKind: string
  /** `i` immutable, `s` stable, `v` volatile. */
  volatility: string
  args: CatalogFunctionArg[]
  defaultCount: number
  comment: string | null
}

export interface Catalog {
  tables: Map<string, CatalogTable>
  /** Several overloads may share a name: Hasura refuses to track those, and so do we. */
  functions: Map<string, CatalogFunction[]>
}

export function qualifiedKey(schema: string, name: string): string {
  return `${schema}.${name}`
}
