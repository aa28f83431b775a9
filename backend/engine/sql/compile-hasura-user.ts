import { sql, type SqlFragment } from '../../lib/sql.ts'

/**
 * `hasura.user` for the rest of the transaction: the session variables as JSON, which Hasura
 * sets in every mutation's transaction and triggers read with `current_setting('hasura.user')`.
 */
export function compileHasuraUser(variables: Record<string, string>): SqlFragment {
  return sql`SELECT set_config('hasura.user', ${JSON.stringify(variables)}, true)`
}
