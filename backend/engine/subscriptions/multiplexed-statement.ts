import { compile, ident, join, raw, sql, type SqlFragment } from '../../lib/sql.ts'

/**
 * Rewrites one subscriber's statement into the statement that serves a whole batch of cohorts
 * at once, the shape of grafast's `pgSelect` batching (graphile/crystal
 * `grafast/dataplan-pg/src/steps/pgSelect.ts`): every cohort's parameter values arrive as one
 * JSON array of arrays, `json_array_elements … with ordinality` numbers them, and the statement
 * runs once per element as a lateral subquery in which each `$n` became that element's n-th
 * value cast to the type Postgres inferred for `$n`.
 *
 *   SELECT "_cohort"."ord"::int4 AS "cohort", "_result"."response"::text AS "response"
 *   FROM json_array_elements($1::json) WITH ORDINALITY AS "_cohort"("params", "ord")
 *   LEFT JOIN LATERAL (<statement>) AS "_result"("response") ON true
 *
 * The statement must return one row of one column, the GraphQL response.
 */
export function buildMultiplexedStatement(statement: SqlFragment, parameterTypes: readonly string[]): string {
  const cohort = ident('_cohort')
  let index = 0
  const rewrite = (node: SqlFragment): SqlFragment =>
    join(
      node.parts.map((part) => {
        if (part.kind === 'text') return raw(part.text)
        if (part.kind === 'fragment') return rewrite(part.fragment)
        const type = parameterTypes[index]
        if (type === undefined) throw new Error('statement has more parameters than Postgres reported types for')
        // `type` is a `regtype` name Postgres itself printed (quoted where it needs quoting),
        // and the index a number: neither comes from a request.
        const value = sql`((${cohort}.${ident('params')} ->> ${raw(String(index))})::${raw(type)})`
        index++
        return value
      }),
      '',
    )
  const inner = rewrite(statement)
  const outer = sql`SELECT ${cohort}.${ident('ord')}::int4 AS ${ident('cohort')}, ${ident('_result')}.${ident('response')}::text AS ${ident('response')}
FROM json_array_elements(${'[]'}::json) WITH ORDINALITY AS ${cohort}(${ident('params')}, ${ident('ord')})
LEFT JOIN LATERAL (${inner}) AS ${ident('_result')}(${ident('response')}) ON true`
  const compiled = compile(outer)
  if (compiled.values.length !== 1) throw new Error('a multiplexed statement takes exactly one parameter')
  return compiled.text
}

/** One cohort's values as an element of the batch's JSON array: texts, as `$n` would receive them. */
export function cohortParameters(values: readonly (string | null)[]): string {
  return JSON.stringify(values)
}
