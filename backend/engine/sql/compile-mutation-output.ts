import { ident, join, literal, sql, type SqlFragment } from '../../lib/sql.ts'
import type { Returning } from '../plan/mutation-ir.ts'
import type { AliasSource } from './alias-source.ts'
import { compileRowsFrom } from './compile-select.ts'

/**
 * The column a mutation's RETURNING adds for its permission check: true when the written row
 * satisfies the insert/update permission's `check`. Hasura evaluates the check in RETURNING too,
 * on the new row, and fails the whole request when any row fails it.
 */
export const CHECK_COLUMN = ident('pulseboard_permission_check')

/**
 * `SELECT <response JSON>::text AS root, <all checks passed> AS ok` over the rows a
 * data-modifying CTE named `rows` returned: affected_rows counts them all, `returning` shows those
 * the role may select, in the order Postgres returned them. A nested insert passes
 * `affectedRows`: Hasura counts the rows of every table it wrote to.
 */
export function compileMutationOutput(rows: SqlFragment, returning: Returning, aliases: AliasSource, checked: boolean, affectedRows: number | null = null): SqlFragment {
  const ok = checked ? sql`(SELECT bool_and(${CHECK_COLUMN}) FROM ${rows})` : sql`true`
  const output = returning.output
  if (output.kind === 'single') {
    const s = aliases.next('s')
    const selection = compileRowsFrom(output.fields, rows, returning.selectFilter, aliases)
    return sql`SELECT (SELECT ${s}.root FROM (${selection}) AS ${s} LIMIT 1)::text AS root, ${ok} AS ok`
  }
  const pairs = output.fields.map((field): SqlFragment => {
    switch (field.kind) {
      case 'typename':
        return sql`${literal(field.key)}, ${literal(field.name)}`
      case 'affected_rows':
        return affectedRows === null
          ? sql`${literal(field.key)}, (SELECT count(*) FROM ${rows})`
          : sql`${literal(field.key)}, ${affectedRows}::int`
      case 'returning': {
        const selection = compileRowsFrom(field.fields, rows, returning.selectFilter, aliases)
        const inner = aliases.next('s')
        return sql`${literal(field.key)}, (SELECT coalesce(json_agg(${inner}.root), '[]') FROM (${selection}) AS ${inner})`
      }
    }
  })
  const object = pairs.length === 0 ? sql`'{}'::json` : sql`json_build_object(${join(pairs)})`
  return sql`SELECT ${object}::text AS root, ${ok} AS ok`
}
