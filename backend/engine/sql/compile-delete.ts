import { sql, type SqlFragment } from '../../lib/sql.ts'
import type { DeletePlan, Returning } from '../plan/mutation-ir.ts'
import { AliasSource } from './alias-source.ts'
import { compileBoolExp, tableRef } from './compile-bool-exp.ts'
import { compileMutationOutput } from './compile-mutation-output.ts'

/**
 * `delete_T` / `delete_T_by_pk`: the DELETE as a data-modifying CTE. Relationships in `returning`
 * read the statement's snapshot, so a deleted article still shows its author.
 */
export function compileDelete(plan: DeletePlan, returning: Returning): SqlFragment {
  const aliases = new AliasSource()
  const rows = aliases.next('m')
  const target = aliases.next('b')
  const remove = sql`DELETE FROM ${tableRef(plan.table)} AS ${target} WHERE ${compileBoolExp(plan.where, target, aliases)} RETURNING ${target}.*`
  return sql`WITH ${rows} AS (${remove}) ${compileMutationOutput(rows, returning, aliases)}`
}
