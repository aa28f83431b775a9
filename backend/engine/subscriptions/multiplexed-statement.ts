import { compile, ident, raw, sql } from '../../lib/sql.ts'
import { rewriteParameters } from './rewrite-parameters.ts'

const cohort = ident('_cohort')
const result = ident('_result')
const response = ident('response')

/**
 * Rewrites one subscriber's statement into the statement that serves a whole batch of cohorts
 * at once, the shape of grafast's `pgSelect` batching (graphile/crystal
 * `grafast/dataplan-pg/src/steps/pgSelect.ts`): every cohort's parameter values arrive as one
 * JSON array of arrays, `json_array_elements … with ordinality` numbers them, and the statement
 * runs once per element as a lateral subquery in which each `$n` became that element's n-th
 * value cast to the type Postgres inferred for `$n`:
 *
 *   SELECT "_cohort"."ord"::int4 AS "cohort", "_result"."response"::text AS "response"
 *   FROM json_array_elements($1::json) WITH ORDINALITY AS "_cohort"("params", "ord")
 *   LEFT JOIN LATERAL (<statement>) AS "_result"("response") ON true
 *
 * The statement must return one row of one column, the GraphQL response.
 */
export function buildMultiplexedStatement(statement: string, parameterTypes: readonly string[]): string {
  const params = compile(sql`${cohort}.${ident('params')}`).text
  const inner = rewriteParameters(statement, (n) => {
    const type = parameterTypes[n - 1]
    if (type === undefined) throw new Error(`no type for parameter $${n} of a live query`)
    return `((${params} ->> ${n - 1})::${type})`
  })
  // `inner` is the engine's compiled statement, its parameters now read from the cohort row and
  // cast to the `regtype` names Postgres itself printed for them; nothing in it comes from a request.
  const outer = sql`SELECT ${cohort}.${ident('ord')}::int4 AS ${ident('cohort')}, ${result}.${response}::text AS ${response}
FROM json_array_elements(${'[]'}::json) WITH ORDINALITY AS ${cohort}(${ident('params')}, ${ident('ord')})
LEFT JOIN LATERAL (${raw(inner)}) AS ${result}(${response}) ON true`
  return compile(outer).text
}

/** The statement alone, with its result as text as the multiplexed one returns it. */
export function buildSingleStatement(statement: string): string {
  // `statement` is the engine's compiled statement, its values still `$n` parameters.
  return compile(sql`SELECT ${result}.${response}::text AS ${response} FROM (${raw(statement)}) AS ${result}(${response})`).text
}
