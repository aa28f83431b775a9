import type { Queryable } from '../../db/database.ts'
import { bindValues } from '../sql/bound-param.ts'
import type { PreparedRequest } from './operation-preparer.ts'

/** Hasura's `/v1/graphql/explain` answer: each root field's SQL and Postgres' plan for it. */
export async function explainPrepared(db: Queryable, { compiled, variables, session }: PreparedRequest): Promise<string> {
  const bind = { sessionVariables: session.variables, variables }
  const answers: { field: string; sql: string; plan: string[] }[] = []
  for (const field of compiled.rootFields) {
    if (field.kind !== 'sql' && field.kind !== 'stream') continue
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${field.text}`, bindValues(field.values, bind))
    answers.push({ field: field.key, sql: field.text, plan: rows.map((row) => row['QUERY PLAN']) })
  }
  return JSON.stringify(answers)
}
