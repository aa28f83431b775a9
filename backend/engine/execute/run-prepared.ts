import { execute as executeIntrospection, type DocumentNode, type GraphQLSchema } from 'graphql'
import type { Database, LimitedDatabase, Queryable } from '../../db/database.ts'
import type { ClientGone } from '../../lib/client-gone.ts'
import { traceContextFor, type TraceContext } from '../../lib/trace-context.ts'
import type { Session } from '../../session/session.ts'
import { EngineError } from '../engine-error.ts'
import { bindValues } from '../sql/bound-param.ts'
import { hasuraUserStatement } from '../sql/compile-hasura-user.ts'
import type { CompiledMutation } from '../sql/compile-mutation.ts'
import type { CompiledOperation } from '../sql/compile-operation.ts'
import type { PreparedRequest } from './operation-preparer.ts'
import type { RoleLimits } from './role-limits.ts'
import { prepareMutation, runMutation, runPreparedMutation, runPreparedMutations } from './run-mutation.ts'

/** Per request: whether its client is still there, and how to name it in the log. */
export interface ExecuteOptions {
  /** The request's client: once it has gone, its running statement is cancelled. */
  clientGone?: ClientGone
  /** Names the request in the log when it fails unexpectedly (Hasura's `x-request-id`). */
  requestId?: string
  /**
   * The client's W3C `traceparent` header: a mutation's events carry its trace (a new one when
   * absent or invalid). Read only for mutations, so a query pays nothing for it.
   */
  traceparent?: string | string[]
}

/** What running an operation needs: the database, and each role's time limit. */
export interface RunContext {
  db: Database
  limits: RoleLimits
}

/**
 * Runs a prepared operation and answers its `data` as JSON text (`{"field":…}`), spliced from
 * each root field's JSON text; throws on failure (a database error as the database's).
 */
export function runPrepared(context: RunContext, prepared: PreparedRequest, options: ExecuteOptions): Promise<string> {
  const { compiled, session } = prepared
  const queryLimits = { timeoutMs: context.limits.of(session.role).timeLimitMs, clientGone: options.clientGone }
  return context.db.limited(queryLimits, async (db) => {
    if (compiled.operationType !== 'mutation') return runFields(db, prepared, db)
    const mutation = singleMutation(compiled)
    const trace = traceContextFor(options.traceparent)
    const single = mutation && prepareMutation(mutation, { sessionVariables: session.variables, variables: prepared.variables }, trace)
    if (single) return dataOf(compiled, await runPreparedMutation(db, single))
    // Hasura runs every root field of a mutation in one transaction, with the session variables
    // in `hasura.user` for triggers to read.
    return db.transaction(async (tx) => {
      await setHasuraUser(tx, session, trace)
      return runFields(tx, prepared, null)
    })
  })
}

/**
 * Mutations, each prepared for its own session, in one transaction, and in one round trip when
 * each is a single statement. Answers the last one's `data`; when any fails, none is applied.
 */
export function runPreparedTogether(context: RunContext, prepared: readonly PreparedRequest[], options: ExecuteOptions): Promise<string> {
  const last = prepared[prepared.length - 1]
  if (!last) throw new Error('runTogether: no operations')
  for (const { compiled } of prepared) {
    if (compiled.operationType !== 'mutation') throw new EngineError('validation-failed', 'only mutations run together', '$.query')
  }
  const timeoutMs = Math.min(...prepared.map(({ session }) => context.limits.of(session.role).timeLimitMs))
  // One trace for the operations that run as one (an upload's insert and completion).
  const trace = traceContextFor(options.traceparent)
  return context.db.limited({ timeoutMs, clientGone: options.clientGone }, async (db) => {
    const single = prepared.map(({ compiled, variables, session }) => {
      const mutation = singleMutation(compiled)
      return mutation && prepareMutation(mutation, { sessionVariables: session.variables, variables }, trace)
    })
    if (single.every((mutation) => mutation !== null)) return dataOf(last.compiled, await runPreparedMutations(db, single))
    return db.transaction(async (tx) => {
      let answer = ''
      for (const operation of prepared) {
        await setHasuraUser(tx, operation.session, trace)
        answer = await runFields(tx, operation, null)
      }
      return answer
    })
  })
}

async function setHasuraUser(tx: Queryable, session: Session, trace: TraceContext): Promise<void> {
  const hasuraUser = hasuraUserStatement(session.variables, trace)
  await tx.query(hasuraUser.text, [...hasuraUser.values])
}

/**
 * `statements`: the request's limited database, which runs a query's root fields as prepared
 * statements and hands their `json` over as text; null inside a mutation's transaction, whose
 * statement fields (tracked volatile functions) are compiled to answer `text`.
 */
async function runFields(db: Queryable, prepared: PreparedRequest, statements: LimitedDatabase | null): Promise<string> {
  const { compiled, schema, variables, session } = prepared
  const bind = { sessionVariables: session.variables, variables }
  // Bind every statement before the first runs: a missing session variable costs no query.
  const bound = compiled.rootFields.map((field) =>
    field.kind === 'sql' || field.kind === 'stream' ? bindValues(field.values, bind) : null,
  )
  const answers: string[] = []
  for (const [i, field] of compiled.rootFields.entries()) {
    if (field.kind === 'json') answers.push(field.json)
    else if (field.kind === 'introspection') answers.push(await introspect(schema, field.document, variables, field.key))
    else if (field.kind === 'mutation') answers.push(await runMutation(db, field.mutation, bind))
    else {
      const values = bound[i] ?? []
      const root = statements
        ? (await statements.runStatements([{ text: field.text, values }]))[0]?.[0]
        : (await db.query<{ root: string | null }>(field.text, values)).rows[0]?.root
      answers.push(root ?? 'null')
    }
  }
  return dataText(compiled, answers)
}

/** An operation of one mutation field (and any `__typename`): its `data` from the mutation's JSON. */
function dataOf(compiled: CompiledOperation, json: string): string {
  return dataText(
    compiled,
    compiled.rootFields.map((field) => (field.kind === 'json' ? field.json : json)),
  )
}

/** `{…}` with each root field's JSON text under its response key. */
function dataText(compiled: CompiledOperation, answers: string[]): string {
  let data = '{'
  for (let i = 0; i < answers.length; i++) data += `${i === 0 ? '' : ','}${compiled.responseKeys[i]}${answers[i]}`
  return `${data}}`
}

/** The mutation of an operation of one mutation field (and any `__typename`), else null. */
function singleMutation(compiled: CompiledOperation): CompiledMutation | null {
  let mutation: CompiledMutation | null = null
  for (const field of compiled.rootFields) {
    if (field.kind === 'json') continue
    if (field.kind !== 'mutation' || mutation) return null
    mutation = field.mutation
  }
  return mutation
}

async function introspect(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, key: string): Promise<string> {
  const result = await executeIntrospection({ schema, document, variableValues: variables })
  if (result.errors?.[0]) throw new EngineError('unexpected', result.errors[0].message)
  return JSON.stringify(result.data?.[key] ?? null)
}
