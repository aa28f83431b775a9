import { compile, sql } from '../../lib/sql.ts'
import type { BoundStatement } from '../../db/database.ts'

const SET_HASURA_USER = compile(sql`SELECT set_config('hasura.user', ${''}, true)`).text

/**
 * `hasura.user` for the rest of the transaction: the session variables as JSON, which Hasura
 * sets in every mutation's transaction and triggers read with `current_setting('hasura.user')`.
 */
export function hasuraUserStatement(variables: Record<string, string>): BoundStatement {
  return { text: SET_HASURA_USER, values: [JSON.stringify(variables)] }
}
