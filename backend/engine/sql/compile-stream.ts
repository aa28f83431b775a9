import { ident, join, sql, type SqlFragment } from '../../lib/sql.ts'
import type { RootField } from '../plan/ir.ts'
import { AliasSource } from './alias-source.ts'
import { columnRef } from './compile-bool-exp.ts'
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
