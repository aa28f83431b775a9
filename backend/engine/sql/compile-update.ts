import { ident, join, sql, type SqlFragment } from '../../lib/sql.ts'
import type { Returning, UpdateOperation, UpdatePlan } from '../plan/mutation-ir.ts'
import type { ColumnInfo } from '../schema/source-model.ts'
import { AliasSource } from './alias-source.ts'
import { columnRef, compileBoolExp, compileValue, tableRef } from './compile-bool-exp.ts'
import { CHECK_COLUMN, compileMutationOutput } from './compile-mutation-output.ts'
import { checkOf } from './permission-check.ts'

/**
 * `update_T` / `update_T_by_pk` / one entry of `update_T_many`: the UPDATE as a data-modifying
 * CTE, its RETURNING rows checked against the update permission's `check` and turned into the
 * response in the same statement.
 */
export function compileUpdate(plan: UpdatePlan, returning: Returning): SqlFragment {
  const aliases = new AliasSource()
  const rows = aliases.next('m')
  const target = aliases.next('b')
  const sets = [
    ...plan.operations.map(({ column, operation }) => sql`${ident(column.name)} = ${compileOperation(column, operation, target)}`),
    ...plan.presets.map((p) => sql`${ident(p.column.name)} = ${compileValue(p.value)}`),
  ]
  // Nothing to set (`_set: {}` and no preset): Hasura changes no row and answers with none.
  if (sets.length === 0) {
    const nothing = sql`SELECT ${target}.*, true AS ${CHECK_COLUMN} FROM ${tableRef(plan.table)} AS ${target} WHERE false`
    return sql`WITH ${rows} AS (${nothing}) ${compileMutationOutput(rows, returning, aliases)}`
  }
  const update = sql`UPDATE ${tableRef(plan.table)} AS ${target} SET ${join(sets)} WHERE ${compileBoolExp(plan.where, target, aliases)} RETURNING ${target}.*, ${checkOf(plan.check, target, aliases)} AS ${CHECK_COLUMN}`
  return sql`WITH ${rows} AS (${update}) ${compileMutationOutput(rows, returning, aliases)}`
}

/** Hasura's update operators as SQL over the row's current value. */
function compileOperation(column: ColumnInfo, operation: UpdateOperation, row: SqlFragment): SqlFragment {
  const current = columnRef(row, column)
  const value = compileValue(operation.value)
  switch (operation.kind) {
    case '_set':
      return value
    case '_inc':
      return sql`${current} + ${value}`
    case '_append':
      return sql`${current} || ${value}`
    case '_prepend':
      return sql`${value} || ${current}`
    case '_delete_key':
    case '_delete_elem':
      return sql`${current} - ${value}`
    case '_delete_at_path':
      return sql`${current} #- ${value}`
  }
}
