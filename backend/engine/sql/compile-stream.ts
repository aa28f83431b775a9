import { compile, ident, join, literal, sql, type SqlFragment } from '../../lib/sql.ts'
import type { RootField } from '../plan/ir.ts'
import { AliasSource } from './alias-source.ts'
import { columnRef, tableRef } from './compile-bool-exp.ts'
import { compileFields, compileRowSource } from './compile-select.ts'

/**
 * A streaming subscription's statement: one row with the batch as JSON text (`root`, `[]` when
 * empty) and the cursor column's value of its last row as text (`cursor`, null when empty), both
 * read in one snapshot so that the next poll starts exactly after the rows just sent.
 * Hasura returns the cursor beside the rows the same way (`Hasura.Backends.Postgres.Translate.Select`
 * streaming, its `cursor` column); ours comes as text, cast back to the column's type by the
 * next poll's parameter.
 */
export function compileStream(field: Extract<RootField, { kind: 'stream' }>): SqlFragment {
  const aliases = new AliasSource()
  const row = aliases.next('t')
  const laterals: SqlFragment[] = []
  const object = compileFields(field.plan.fields, row, laterals, aliases)
  const cursor = sql`(${columnRef(row, field.cursor.column)})::text`
  const rows = sql`SELECT ${object} AS root, ${cursor} AS ${ident('cursor')} FROM (${compileRowSource(field.plan.source, null, aliases)}) AS ${row}${join(laterals, '')}`
  const s = aliases.next('s')
  // json_agg and array_agg keep the rows' order, the cursor column's (see compile-select.ts).
  return sql`SELECT coalesce(json_agg(${s}.root), '[]')::text AS root, (array_agg(${s}.${ident('cursor')}))[count(*)::int4] AS ${ident('cursor')} FROM (${rows}) AS ${s}`
}

/**
 * The statement an ascending stream's poller runs before its batches (stream-poller.ts), in one
 * snapshot: the highest cursor value committed (`high`, as text), the transactions writing the
 * table at that moment (`writers`, a JSON array of their virtual transaction ids from `pg_locks`:
 * every INSERT or UPDATE holds the table's `RowExclusiveLock` from before it computes a row's
 * values until it ends), and whether any writer passed in `$1` (a JSON array) is still in
 * progress (`waiting`). Rows up to `high` are all committed once the writers seen with it have
 * ended: any other transaction takes its cursor values after `high` was committed, so above it.
 */
export function compileStreamWatermark(field: Extract<RootField, { kind: 'stream' }>): string {
  const table = field.plan.source.table
  const column = ident(field.cursor.column.name)
  // pg_locks is read after the statement's snapshot is taken: a writer that committed in between
  // is missing from `writers`, but its rows are visible to every later batch.
  // ORDER BY rather than max(): every type a cursor may have sorts (uuid has no max() before
  // PostgreSQL 16), and a key's index answers it.
  // The text is named apart from the column: ORDER BY the column's name would sort the text.
  return compile(sql`SELECT (SELECT ${column}::text AS high FROM ${tableRef(table)} ORDER BY ${column} DESC NULLS LAST LIMIT 1) AS high,
  to_json(array(SELECT DISTINCT l.virtualtransaction FROM pg_catalog.pg_locks AS l
    WHERE l.locktype = 'relation' AND l.relation = ${literal(compile(tableRef(table)).text)}::regclass
      AND l.mode = 'RowExclusiveLock' AND l.pid IS DISTINCT FROM pg_backend_pid())) AS writers,
  EXISTS (SELECT 1 FROM pg_catalog.pg_locks AS l
    WHERE l.virtualtransaction IN (SELECT json_array_elements_text($1::json))) AS waiting`).text
}
