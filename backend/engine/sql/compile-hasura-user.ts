import { sql, sqlLiterals, type SqlFragment } from '../../lib/sql.ts'

/**
 * `hasura.user` for the rest of the transaction: the session variables as JSON, which Hasura
 * sets in every mutation's transaction and triggers read with `current_setting('hasura.user')`.
 */
export function compileHasuraUser(variables: Record<string, string>): SqlFragment {
  return sql`SELECT set_config('hasura.user', ${JSON.stringify(variables)}, true)`
}

/**
 * The same statement as text with its value inlined, for a script sent ahead of a mutation in
 * one round trip; null when the value cannot be a literal (a NUL character).
 */
export function hasuraUserScript(variables: Record<string, string>): string | null {
  const literal = sqlLiterals([JSON.stringify(variables)])?.[0]
  return literal === undefined ? null : `SELECT set_config('hasura.user', ${literal}, true);\n`
}
