import type { Queryable } from '../../db/database.ts'
import { sql } from '../../lib/sql.ts'
import { qualifiedKey, type Catalog, type CatalogFunction, type CatalogTable } from './catalog.ts'

/**
 * One round trip that reads every user table (columns, keys, foreign keys) and function. Postgres
 * builds the JSON so that the catalog of a large schema costs a single statement (Hasura's
 * `pg_table_metadata.sql` does the same).
 */
const CATALOG_QUERY = sql`
SELECT json_build_object(
  'tables', (
    SELECT coalesce(json_agg(json_build_object(
      'schema', n.nspname, 'name', c.relname, 'kind', c.relkind,
      'writable', json_build_object('insert', pg_relation_is_updatable(c.oid, false) & 8 = 8,
        'update', pg_relation_is_updatable(c.oid, false) & 4 = 4, 'delete', pg_relation_is_updatable(c.oid, false) & 16 = 16),
      'comment', obj_description(c.oid, 'pg_class'),
      'columns', (
        SELECT coalesce(json_agg(json_build_object(
          'name', a.attname, 'type', t.typname, 'sqlType', format_type(a.atttypid, NULL),
          'typeKind', t.typtype, 'elementType', et.typname,
          'nullable', NOT a.attnotnull, 'hasDefault', a.atthasdef OR a.attidentity <> '',
          'generated', a.attgenerated <> ''
        ) ORDER BY a.attnum), '[]')
        FROM pg_attribute a
        JOIN pg_type t ON t.oid = a.atttypid
        LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      ),
      'primaryKey', (
        SELECT json_agg(a.attname ORDER BY k.ord)
        FROM pg_constraint con
        CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
        WHERE con.conrelid = c.oid AND con.contype = 'p'
      ),
      'uniqueConstraints', (
        SELECT coalesce(json_agg(json_build_object('name', con.conname, 'columns', (
          SELECT json_agg(a.attname ORDER BY k.ord)
          FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
        ))), '[]')
        FROM pg_constraint con WHERE con.conrelid = c.oid AND con.contype IN ('u', 'p')
      ),
      'foreignKeys', (
        SELECT coalesce(json_agg(json_build_object(
          'name', con.conname, 'refSchema', rn.nspname, 'refTable', rc.relname,
          'columns', (
            SELECT json_agg(json_build_array(a.attname, ra.attname) ORDER BY k.ord)
            FROM unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(att, ratt, ord)
            JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.att
            JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = k.ratt
          )
        )), '[]')
        FROM pg_constraint con
        JOIN pg_class rc ON rc.oid = con.confrelid
        JOIN pg_namespace rn ON rn.oid = rc.relnamespace
        WHERE con.conrelid = c.oid AND con.contype = 'f'
      )
    )), '[]')
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
  ),
  'functions', (
    SELECT coalesce(json_agg(json_build_object(
      'schema', n.nspname, 'name', p.proname, 'returnsSet', p.proretset,
      'returnSchema', rn.nspname, 'returnType', rt.typname, 'returnTypeKind', rt.typtype,
      'volatility', p.provolatile, 'defaultCount', p.pronargdefaults,
      'comment', obj_description(p.oid, 'pg_proc'),
      'args', (
        SELECT coalesce(json_agg(json_build_object(
          'name', nullif(p.proargnames[o.ord], ''), 'type', t.typname, 'sqlType', format_type(t.oid, NULL)
        ) ORDER BY o.ord), '[]')
        FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY AS o(typ, ord)
        JOIN pg_type t ON t.oid = o.typ
      )
    )), '[]')
    FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace
    JOIN pg_type rt ON rt.oid = p.prorettype
    JOIN pg_namespace rn ON rn.oid = rt.typnamespace
    WHERE p.prokind = 'f'
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
  )
)::text AS catalog`

export async function introspectCatalog(db: Queryable): Promise<Catalog> {
  const { rows } = await db.query<{ catalog: string }>(CATALOG_QUERY)
  const parsed = JSON.parse(rows[0]?.catalog ?? '{}') as { tables: CatalogTable[]; functions: CatalogFunction[] }
  const tables = new Map<string, CatalogTable>()
  for (const table of parsed.tables) tables.set(qualifiedKey(table.schema, table.name), table)
  const functions = new Map<string, CatalogFunction[]>()
  for (const fn of parsed.functions) {
    const key = qualifiedKey(fn.schema, fn.name)
    functions.set(key, [...(functions.get(key) ?? []), fn])
  }
  return { tables, functions }
}
