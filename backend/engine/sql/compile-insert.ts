import { ident, join, sql, type SqlFragment } from '../../lib/sql.ts'
import type { ColumnValue, InsertPlan, InsertRow, Returning } from '../plan/mutation-ir.ts'
import type { TableInfo } from '../schema/source-model.ts'
import { AliasSource } from './alias-source.ts'
import { compileBoolExp, compileValue, tableRef } from './compile-bool-exp.ts'
import { CHECK_COLUMN, compileMutationOutput } from './compile-mutation-output.ts'
import { checkOf } from './permission-check.ts'

/**
 * `insert_T` / `insert_T_one` without nested inserts: one statement, the INSERT as a
 * data-modifying CTE and the response built over its RETURNING rows.
 */
export function compileInsert(plan: InsertPlan, returning: Returning): SqlFragment {
  const aliases = new AliasSource()
  const rows = aliases.next('m')
  // `objects: []`: nothing to insert, and Hasura answers with no rows rather than an error.
  if (plan.rows.length === 0) {
    const target = aliases.next('b')
    const nothing = sql`SELECT ${target}.*, true AS ${CHECK_COLUMN} FROM ${tableRef(plan.table)} AS ${target} WHERE false`
    return sql`WITH ${rows} AS (${nothing}) ${compileMutationOutput(rows, returning, aliases)}`
  }
  return sql`WITH ${rows} AS (${compileInsertCte(plan, plan.rows, aliases)}) ${compileMutationOutput(rows, returning, aliases)}`
}

/**
 * Rows of a nested insert (Hasura inserts those row by row, in dependency order) or a chunk of a
 * large one: returns each row as JSON for the final response, its values as text for the rows
 * that reference it. A row that fails the permission's check fails the statement (permission-check.ts).
 */
export function compileInsertStep(plan: InsertPlan, rows: InsertRow[]): SqlFragment {
  const aliases = new AliasSource()
  const inserted = aliases.next('m')
  const entry = aliases.next('e')
  return sql`WITH ${inserted} AS (${compileInsertCte(plan, rows, aliases)}) SELECT to_json(${inserted})::text AS "row", (SELECT json_object_agg(${entry}.key, ${entry}.value) FROM json_each_text(to_json(${inserted})) AS ${entry})::text AS "values" FROM ${inserted}`
}

/** The response of a nested insert, over the top-level rows it inserted (passed as one JSON array). */
export function compileInsertedRowsOutput(table: TableInfo, rowsJson: string, affectedRows: number, returning: Returning): SqlFragment {
  const aliases = new AliasSource()
  const rows = aliases.next('m')
  return sql`WITH ${rows} AS (SELECT * FROM json_populate_recordset(NULL::${tableRef(table)}, (${rowsJson})::json)) ${compileMutationOutput(rows, returning, aliases, affectedRows)}`
}

/**
 * `INSERT … VALUES … ON CONFLICT … RETURNING *, <check>`. Rows may name different columns: a
 * column a row leaves out takes its DEFAULT, as in Hasura. For an upsert the check is the insert
 * permission's for new rows and the update permission's for updated ones (`xmax` is 0 only for a
 * row this statement inserted).
 */
function compileInsertCte(plan: InsertPlan, rows: InsertRow[], aliases: AliasSource): SqlFragment {
  const target = aliases.next('b')
  const valuesOf = (row: InsertRow): ColumnValue[] => [...row.values, ...plan.presets]
  const columns: string[] = []
  for (const row of rows) {
    for (const { column } of valuesOf(row)) if (!columns.includes(column.name)) columns.push(column.name)
  }
  // Rows naming no column at all: `(first column) VALUES (DEFAULT), …` inserts as many rows.
  if (columns.length === 0) columns.push((plan.table.columns[0] as { name: string }).name)
  const tuples = rows.map((row) => {
    const values = new Map(valuesOf(row).map((v) => [v.column.name, v]))
    return sql`(${join(
      columns.map((name) => {
        const value = values.get(name)
        return value ? compileValue(value.value) : sql`DEFAULT`
      }),
    )})`
  })
  const body = sql`(${join(columns.map((c) => ident(c)))}) VALUES ${join(tuples)}`
  const conflict = plan.onConflict
  let onConflict = sql``
  let check = checkOf(plan.check, target, aliases)
  if (conflict) {
    const constraint = sql` ON CONFLICT ON CONSTRAINT ${ident(conflict.constraint)}`
    if (conflict.updateColumns.length === 0) onConflict = sql`${constraint} DO NOTHING`
    else {
      const sets = [
        ...conflict.updateColumns.map((c) => sql`${ident(c.name)} = EXCLUDED.${ident(c.name)}`),
        ...conflict.presets.map((p) => sql`${ident(p.column.name)} = ${compileValue(p.value)}`),
      ]
      onConflict = sql`${constraint} DO UPDATE SET ${join(sets)} WHERE ${compileBoolExp(conflict.where, target, aliases)}`
      check = sql`(CASE WHEN ${target}.xmax::text = '0' THEN ${check} ELSE ${checkOf(conflict.updateCheck, target, aliases)} END)`
    }
  }
  return sql`INSERT INTO ${tableRef(plan.table)} AS ${target} ${body}${onConflict} RETURNING ${target}.*, ${check} AS ${CHECK_COLUMN}`
}
