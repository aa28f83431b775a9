import {
  execute as executeIntrospection,
  GraphQLError,
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql'
import type { ClientGone } from '../../lib/client-gone.ts'
import { LruCache } from '../../lib/lru-cache.ts'
import { traceContextFor } from '../../lib/trace-context.ts'
import type { LimitedDatabase, Queryable } from '../../db/database.ts'
import type { BackendContext } from '../../context/backend-context.ts'
import type { Session } from '../../session/session.ts'
import { EngineError } from '../engine-error.ts'
import { planOperation } from '../plan/plan-operation.ts'
import { bindValues } from '../sql/bound-param.ts'
import { hasuraUserStatement } from '../sql/compile-hasura-user.ts'
import { assertExpectedVariables } from '../validate/assert-expected-variables.ts'
import { variableCoercer } from '../validate/coerce-variables.ts'
import { assertDocumentWithinLimits, assertVariablesWithinLimits } from '../validate/assert-within-limits.ts'
import { validateDocument, validateIntrospection } from '../validate/validate-document.ts'
import { compileOperation, type CompiledOperation, type CompiledRootField } from '../sql/compile-operation.ts'
import type { BoundOperation } from '../subscriptions/bound-operation.ts'
import { engineErrorFromDatabase } from './database-error.ts'
import { requestLimits, type RequestLimits } from './request-limits.ts'
import { RoleRateLimiter } from './role-rate-limiter.ts'
import { prepareMutation, runMutation, runPreparedMutation, runPreparedMutations } from './run-mutation.ts'
import type { CompiledMutation } from '../sql/compile-mutation.ts'
import { usesBackendOnlyPermissions } from './uses-backend-only-permissions.ts'
import { DocumentCache } from './document-cache.ts'
import { OperationCache } from './operation-cache.ts'
import { SchemaCache, type RoleSchema } from './schema-cache.ts'

/** A GraphQL request body as clients send it (`query`, `variables`, `operationName`). */
export interface GraphqlRequest {
  query: string
  variables?: Record<string, unknown> | null
  operationName?: string | null
}

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

/**
 * The engine as the HTTP route, the WebSocket transport and later the mutation and subscription
 * code use it: `execute` answers one request with Hasura's response JSON text.
 */
export interface GraphqlEngine {
  execute(request: GraphqlRequest, session: Session, options?: ExecuteOptions): Promise<string>
  /** Hasura's `/v1/graphql/explain`: each root field's SQL and Postgres' plan for it. */
  explain(request: GraphqlRequest, session: Session): Promise<string>
  /**
   * The operation prepared for this session without running it (throws the engine's error): a
   * subscription's multiplexed statement with this subscriber's slot values, which live queries
   * run (backend/engine/subscriptions).
   */
  bind(request: GraphqlRequest, session: Session): Promise<BoundOperation>
  /**
   * Mutations, each as its own session, in one transaction, and in one round trip when each is a
   * single statement: storage inserts a file's row as the caller and completes it as admin so.
   * Answers the last operation's response as `execute` would; when any fails, none is applied and
   * the answer is that failure's error.
   */
  executeTogether(operations: readonly SessionOperation[], options?: ExecuteOptions): Promise<string>
  schemaFor(role: string): Promise<GraphQLSchema>
  /**
   * Hasura's `rate_limit` API limit, one count for every transport and every instance (in the
   * database): null when the session's role has no such limit; else counts `operations` for this
   * session and client address and resolves with the error and seconds to wait when they would
   * pass the limit, else null.
   */
  rateLimit(session: Session, clientAddress: string, operations: number): Promise<RateLimited | null> | null
  /** The limits a request of `role` is held to (request-limits.ts), kept until the metadata changes. */
  limits(role: string): RequestLimits
}

export interface SessionOperation {
  request: GraphqlRequest
  session: Session
}

export interface RateLimited {
  error: EngineError
  retryAfterSeconds: number
}

/** Limits are kept per role; made-up `x-hasura-role` values only churn them. */
const MAX_ROLES = 256

export function createGraphqlEngine(context: BackendContext): GraphqlEngine {
  const schemas = new SchemaCache(context.db, context.metadata)
  const documents = new DocumentCache()
  const operations = new OperationCache()
  /** Numbers the operations of prepared documents (their ids in the plan cache). */
  let operationCount = 0
  const rateLimiter = new RoleRateLimiter(context.db)
  const limitsByRole = new LruCache<string, RequestLimits>(MAX_ROLES)
  context.metadata.subscribe(() => {
    documents.clear()
    operations.clear()
    limitsByRole.clear()
  })

  function limits(role: string): RequestLimits {
    let found = limitsByRole.get(role)
    if (!found) limitsByRole.set(role, (found = requestLimits(context.config.graphql, context.metadata.current, role)))
    return found
  }

  /** The session's role schema: built on its first request, then without an await. */
  function roleSchemaFor(session: Session): RoleSchema | Promise<RoleSchema> {
    const backendOnly = usesBackendOnlyPermissions(session)
    return schemas.cached(session.role, backendOnly) ?? schemas.forRole(session.role, backendOnly)
  }

  /** The request's operation, parsed, validated and planned, or all of that from the caches. */
  function prepare(
    roleSchema: RoleSchema,
    request: GraphqlRequest,
    session: Session,
  ): { compiled: CompiledOperation; variables: Record<string, unknown> } {
    const { schema, role } = roleSchema
    let prepared = documents.get(request.query, roleSchema)
    if (!prepared) {
      let document: DocumentNode
      try {
        document = parse(request.query)
      } catch (error) {
        // graphql-js parses recursively: a document nested thousands deep overflows its stack.
        if (error instanceof RangeError) throw new EngineError('validation-failed', 'the query nests too deeply to be parsed', '$.query')
        throw new EngineError('validation-failed', error instanceof GraphQLError ? error.message : 'not a valid graphql query', '$.query')
      }
      assertDocumentWithinLimits(document, limits(session.role))
      validateDocument(schema, document)
      prepared = { document, operations: new Map() }
      documents.set(request.query, roleSchema, prepared)
    }
    const operationName = request.operationName ?? null
    let operation = prepared.operations.get(operationName ?? '')
    if (!operation) {
      const selected = selectOperation(prepared.document, operationName)
      operation = { id: String(++operationCount), ...selected, coerceVariables: variableCoercer(schema, selected.operation) }
      prepared.operations.set(operationName ?? '', operation)
    }
    const given = request.variables ?? {}
    assertExpectedVariables(operation.operation, operation.fragments, given)
    assertVariablesWithinLimits(given, limits(session.role).maxDepth)
    const variables = operation.coerceVariables(given)
    const cached = operations.get(operation, variables)
    if (cached) return { compiled: cached, variables }
    const planned = planOperation({
      schema,
      role,
      operation: operation.operation,
      fragments: operation.fragments,
      variables,
      stringifyNumericTypes: context.config.stringifyNumericTypes,
    })
    const compiled = compileOperation(planned.plan, operation.operation, operation.fragments)
    for (const field of compiled.rootFields) if (field.kind === 'introspection') validateIntrospection(schema, field.document)
    // A mutation whose variables' values shaped its plan is planned per request: keyed on those
    // values, its plans would fill the cache with entries that never hit again. Rows to insert
    // (`objects: $rows`) only shape it by their shape, which the cache keys on.
    if (compiled.operationType !== 'mutation' || planned.readVariables.size === 0) {
      operations.set(operation, planned, variables, compiled)
    }
    return { compiled, variables }
  }

  async function run(
    compiled: CompiledOperation,
    schema: GraphQLSchema,
    variables: Record<string, unknown>,
    session: Session,
    options: ExecuteOptions,
  ): Promise<string> {
    const queryLimits = { timeoutMs: limits(session.role).timeLimitMs, clientGone: options.clientGone }
    return context.db.limited(queryLimits, async (db) => {
      if (compiled.operationType !== 'mutation') return runFields(db, compiled, schema, variables, session, db)
      const mutation = singleMutation(compiled)
      const trace = traceContextFor(options.traceparent)
      const prepared = mutation && prepareMutation(mutation, { sessionVariables: session.variables, variables }, trace)
      if (prepared) {
        const json = await runPreparedMutation(db, prepared)
        return dataResponse(
          compiled,
          compiled.rootFields.map((field) => (field.kind === 'json' ? field.json : json)),
        )
      }
      // Hasura runs every root field of a mutation in one transaction, with the session variables
      // in `hasura.user` for triggers to read.
      return db.transaction(async (tx) => {
        const hasuraUser = hasuraUserStatement(session.variables, trace)
        await tx.query(hasuraUser.text, [...hasuraUser.values])
        return runFields(tx, compiled, schema, variables, session, null)
      })
    })
  }

  /** `executeTogether`'s operations, prepared (all before the first runs), then run as one. */
  async function runTogether(operations: readonly SessionOperation[], options: ExecuteOptions): Promise<string> {
    if (operations.length === 0) throw new Error('executeTogether: no operations')
    const prepared: { compiled: CompiledOperation; schema: GraphQLSchema; variables: Record<string, unknown>; session: Session }[] = []
    for (const { request, session } of operations) {
      const found = roleSchemaFor(session)
      const roleSchema = found instanceof Promise ? await found : found
      const { compiled, variables } = prepare(roleSchema, request, session)
      if (compiled.operationType !== 'mutation') throw new EngineError('validation-failed', 'only mutations run together', '$.query')
      prepared.push({ compiled, schema: roleSchema.schema, variables, session })
    }
    const timeoutMs = Math.min(...prepared.map(({ session }) => limits(session.role).timeLimitMs))
    // One trace for the operations that run as one (an upload's insert and completion).
    const trace = traceContextFor(options.traceparent)
    return context.db.limited({ timeoutMs, clientGone: options.clientGone }, async (db) => {
      const single = prepared.map(({ compiled, variables, session }) => {
        const mutation = singleMutation(compiled)
        return mutation && prepareMutation(mutation, { sessionVariables: session.variables, variables }, trace)
      })
      const last = prepared[prepared.length - 1]!
      if (single.every((mutation) => mutation !== null)) {
        const json = await runPreparedMutations(db, single)
        return dataResponse(
          last.compiled,
          last.compiled.rootFields.map((field) => (field.kind === 'json' ? field.json : json)),
        )
      }
      return db.transaction(async (tx) => {
        let answer = ''
        for (const { compiled, schema, variables, session } of prepared) {
          const hasuraUser = hasuraUserStatement(session.variables, trace)
          await tx.query(hasuraUser.text, [...hasuraUser.values])
          answer = await runFields(tx, compiled, schema, variables, session, null)
        }
        return answer
      })
    })
  }

  /**
   * `statements`: the request's limited database, which runs a query's root fields as prepared
   * statements and hands their `json` over as text; null inside a mutation's transaction, whose
   * statement fields (tracked volatile functions) are compiled to answer `text`.
   */
  async function runFields(
    db: Queryable,
    compiled: CompiledOperation,
    schema: GraphQLSchema,
    variables: Record<string, unknown>,
    session: Session,
    statements: LimitedDatabase | null,
  ): Promise<string> {
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
    return dataResponse(compiled, answers)
  }

  return {
    async execute(request, session, options = {}) {
      try {
        const found = roleSchemaFor(session)
        const roleSchema = found instanceof Promise ? await found : found
        const { compiled, variables } = prepare(roleSchema, request, session)
        return await run(compiled, roleSchema.schema, variables, session, options)
      } catch (error) {
        const engineError = engineErrorFromDatabase(error)
        // Every `unexpected` is a bug to find: logged with the request id the client was given.
        if (engineError.code === 'unexpected') {
          context.log.error('graphql execution failed', {
            requestId: options.requestId,
            error: String(error),
            stack: (error as Error).stack,
          })
        }
        return errorResponse(engineError, session.isAdmin)
      }
    },
    async executeTogether(operations, options = {}) {
      try {
        return await runTogether(operations, options)
      } catch (error) {
        const engineError = engineErrorFromDatabase(error)
        if (engineError.code === 'unexpected') {
          context.log.error('graphql execution failed', {
            requestId: options.requestId,
            error: String(error),
            stack: (error as Error).stack,
          })
        }
        // Internal details only when every operation's session may see them.
        return errorResponse(
          engineError,
          operations.every(({ session }) => session.isAdmin),
        )
      }
    },
    async bind(request, session) {
      const { compiled, variables } = prepare(await roleSchemaFor(session), request, session)
      const bind = { sessionVariables: session.variables, variables }
      const { subscription } = compiled
      if (compiled.operationType === 'mutation') return { operationType: 'mutation' }
      // Only subscriptions compile to one (compile-subscription.ts).
      if (!subscription) {
        const rootFields: Exclude<CompiledRootField, { kind: 'mutation' }>[] = []
        for (const field of compiled.rootFields) {
          if (field.kind === 'sql' || field.kind === 'stream') rootFields.push({ ...field, values: bindValues(field.values, bind) })
          else if (field.kind !== 'mutation') rootFields.push(field)
        }
        return { operationType: 'query', rootFields }
      }
      if (subscription.kind === 'refused') {
        throw new EngineError(
          'validation-failed',
          'introspection fields cannot be used in subscriptions',
          `$.selectionSet.${subscription.field}`,
        )
      }
      return { operationType: 'subscription', subscription, values: bindValues(subscription.statement.slots, bind) }
    },
    async explain(request, session) {
      try {
        const { compiled, variables } = prepare(await roleSchemaFor(session), request, session)
        const bind = { sessionVariables: session.variables, variables }
        const answers: { field: string; sql: string; plan: string[] }[] = []
        for (const field of compiled.rootFields) {
          if (field.kind !== 'sql' && field.kind !== 'stream') continue
          const { rows } = await context.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${field.text}`, bindValues(field.values, bind))
          answers.push({ field: field.key, sql: field.text, plan: rows.map((row) => row['QUERY PLAN']) })
        }
        return JSON.stringify(answers)
      } catch (error) {
        return errorResponse(engineErrorFromDatabase(error), true)
      }
    },
    async schemaFor(role) {
      return (await schemas.forRole(role)).schema
    },
    limits,
    rateLimit(session, clientAddress, count) {
      const { rate } = limits(session.role)
      if (!rate) return null
      return rateLimiter.allow(session, rate, clientAddress, count).then((allowed) =>
        allowed
          ? null
          : {
              error: new EngineError('rate-limit-exceeded', `too many requests: the limit is ${rate.max_reqs_per_min} per minute`),
              retryAfterSeconds: rateLimiter.retryAfterSeconds(),
            },
      )
    },
  }
}

/** `{"data":{…}}` with each root field's JSON text under its response key. */
function dataResponse(compiled: CompiledOperation, answers: string[]): string {
  let response = '{"data":{'
  for (let i = 0; i < answers.length; i++) response += `${i === 0 ? '' : ','}${compiled.responseKeys[i]}${answers[i]}`
  return `${response}}}`
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

function selectOperation(
  document: DocumentNode,
  operationName: string | null,
): { operation: OperationDefinitionNode; fragments: Map<string, FragmentDefinitionNode> } {
  const operations: OperationDefinitionNode[] = []
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition)
    else if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  const operation =
    operationName === null ? (operations.length === 1 ? operations[0] : undefined) : operations.find((o) => o.name?.value === operationName)
  if (!operation) {
    throw new EngineError(
      'validation-failed',
      operationName === null
        ? 'exactly one operation has to be present in the document when operationName is not specified'
        : `no such operation found in the document: ${JSON.stringify(operationName)}`,
    )
  }
  return { operation, fragments }
}

async function introspect(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, key: string): Promise<string> {
  const result = await executeIntrospection({ schema, document, variableValues: variables })
  if (result.errors?.[0]) throw new EngineError('unexpected', result.errors[0].message)
  return JSON.stringify(result.data?.[key] ?? null)
}

/** Hasura's GraphQL error response; `internal` (the SQL error) only for admins. */
export function errorResponse(error: EngineError, isAdmin: boolean): string {
  const extensions: Record<string, unknown> = { path: error.path, code: error.code }
  if (isAdmin && error.internal !== undefined) extensions.internal = error.internal
  return JSON.stringify({ errors: [{ extensions, message: error.message }] })
}
