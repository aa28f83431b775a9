import { compile, ident, join, literal, raw, sql, type SqlFragment } from '../../lib/sql.ts'
import type { Metadata } from '../../metadata/model/types.ts'
import { EngineError } from '../engine-error.ts'
import type { BoundOperation } from './bound-operation.ts'
import type { LiveQueryPlan } from './live-query-plan.ts'
import { rewriteParameters } from './rewrite-parameters.ts'
import { tablesReadBy } from './tables-read-by.ts'

/**
 * One statement for a whole live query: the root fields' statements as scalar subqueries,
 * concatenated into the `{"data":{…}}` text the HTTP path would answer (so a subscriber sees the
 * very bytes a query returns), their parameters renumbered one after the other.
 */
export function planLiveQuery(operation: BoundOperation, role: string, metadata: Metadata): LiveQueryPlan {
  const values: unknown[] = []
  const pieces: SqlFragment[] = []
  const root = ident('_root')
  operation.rootFields.forEach((field, i) => {
    const key = `${i === 0 ? '' : ','}${JSON.stringify(field.key)}:`
    if (field.kind === 'json') return pieces.push(literal(key + field.json))
    if (field.kind === 'introspection') {
      throw new EngineError('validation-failed', 'introspection fields cannot be used in subscriptions', `$.selectionSet.${field.key}`)
    }
    const offset = values.length
    values.push(...field.values)
    // The root field's compiled statement, its `$n` shifted past the earlier fields' parameters.
    const statement = raw(rewriteParameters(field.text, (n) => `$${n + offset}`))
    pieces.push(literal(key), sql`coalesce((SELECT ${root}.${ident('json')}::text FROM (${statement}) AS ${root}(${ident('json')})), 'null')`)
  })
  const body = pieces.length === 0 ? literal('') : join(pieces, ' || ')
  const { text } = compile(sql`SELECT '{"data":{' || ${body} || '}}'`)
  return { role, statement: { text, values }, tables: tablesReadBy(text, metadata) }
}
