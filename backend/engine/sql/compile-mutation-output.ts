import { ident, literal, sql, type SqlFragment } from '../../lib/sql.ts'
import type { Returning } from '../plan/mutation-ir.ts'
import type { AliasSource } from './alias-source.ts'
import { compileRowsFrom } from './compile-select.ts'
import { jsonObject } from './json-object.ts'

/**
 * The column a mutation's RETURNING adds for its permission check (permission-check.ts): Hasura
 * evaluates the check in RETURNING too, on the new row, and fails the whole request when any row
 * fails it. Postgres computes every RETURNING column of a data-modifying CTE for every row it
 * writes, read or not, so the check runs on each.
 */
export const CHECK_COLUMN = ident('pulseboard_permission_check')

/**
 * `SELECT <response JSON>::text AS root` over the rows a
 * data-modifying CTE named `rows` returned: affected_rows counts them all, `returning` shows those
 * the role may select, in the order Postgres returned them. A nested insert passes
 * `affectedRows`: Hasura counts the rows of every table it wrote to.
 */
export function compileMutationOutput(
  rows: SqlFragment,
  returning: Returning,
  aliases: AliasSource,
  affectedRows: number | null = null,
): SqlFragment {
  const output = returning.output
  if (output.kind === 'single') {
    const s = aliases.next('s')
    const selection = compileRowsFrom(output.fields, rows, returning.selectFilter, aliases)
    return sql`SELECT (SELECT ${s}.root FROM (${selection}) AS ${s} LIMIT 1)::text AS root`
  }
  const pairs = output.fields.map((field): [string, SqlFragment] => {
    switch (field.kind) {
      case 'typename':
        return [field.key, literal(field.name)]
      case 'affected_rows':
        return [field.key, affectedRows === null ? sql`(SELECT count(*) FROM ${rows})` : sql`${affectedRows}::int`]
      case 'returning': {
        const selection = compileRowsFrom(field.fields, rows, returning.selectFilter, aliases)
        const inner = aliases.next('s')
        return [field.key, sql`(SELECT coalesce(json_agg(${inner}.root), '[]') FROM (${selection}) AS ${inner})`]
      }
    }
  })
  return sql`SELECT ${jsonObject(pairs)}::text AS root`
}
