import { literal, sql, type SqlFragment } from '../../lib/sql.ts'
import type { BoolExp } from '../plan/ir.ts'
import type { AliasSource } from './alias-source.ts'
import { compileBoolExp } from './compile-bool-exp.ts'

/** Hasura's message when a written row fails the insert/update permission's `check`. */
export const PERMISSION_CHECK_FAILED = 'check constraint of an insert/update permission has failed'

/**
 * The permission's `check` on a row a mutation wrote, for its RETURNING list: true, or the
 * statement fails with SQLSTATE 23514 and Hasura's message (`hdb_catalog.check_violation`,
 * backend/db/system). Failing inside the statement rolls back whatever transaction holds it,
 * including the implicit one of a mutation sent in one round trip. A null check fails too.
 */
export function checkOf(exp: BoolExp, row: SqlFragment, aliases: AliasSource): SqlFragment {
  if (exp.kind === 'true') return sql`true`
  return sql`(CASE WHEN ${compileBoolExp(exp, row, aliases)} THEN true ELSE hdb_catalog.check_violation(${literal(PERMISSION_CHECK_FAILED)}) END)`
}
