import {
  execute as executeIntrospection,
  getVariableValues,
  GraphQLError,
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql'
import { LruCache } from '../../lib/lru-cache.ts'
import type { LimitedDatabase, Queryable } from '../../db/database.ts'
import type { BackendContext } from '../../context/backend-context.ts'
import type { Session } from '../../session/session.ts'
import { EngineError } from '../engine-error.ts'
import { planOperation } from '../plan/plan-operation.ts'
import { bindValues } from '../sql/bound-param.ts'
import { compileHasuraUser } from '../sql/compile-hasura-user.ts'
import { assertExpectedVariables } from '../validate/assert-expected-variables.ts'
import { assertDocumentWithinLimits, assertVariablesWithinLimits } from '../validate/assert-within-limits.ts'
import { validateDocument, validateIntrospection } from '../validate/validate-document.ts'
import { compileOperation, type CompiledOperation, type CompiledRootField } from './compile-operation.ts'
import type { BoundOperation } from '../subscriptions/bound-operation.ts'
import { engineErrorFromDatabase } from './database-error.ts'
import { requestLimits } from './request-limits.ts'
import { RoleRateLimiter } from './role-rate-limiter.ts'
import { prepareMutation, runMutation, runPreparedMutation } from './run-mutation.ts'
import type { CompiledMutation } from './compile-mutation.ts'
import { usesBackendOnlyPermissions } from './uses-backend-only-permissions.ts'
import { documentCacheKey, OperationCache } from './operation-cache.ts'
import { SchemaCache } from './schema-cache.ts'

/** A GraphQL request body as clients send it (`query`, `variables`, `operationName`). */
export interface GraphqlRequest {
  query: string
  variables?: Record<string, unknown> | null
  operationName?: string | null
}

/** Per request: whether its client is still there, and how to name it in the log. */
export interface ExecuteOptions {
  /** Aborts when the client has gone: its running statement is cancelled. */
  signal?: AbortSignal
  /** Names the request in the log when it fails unexpectedly (Hasura's `x-request-id`). */
  requestId?: string
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
  schemaFor(role: string): Promise<GraphQLSchema>
  /**
   * Hasura's `rate_limit` API limit, one count per process for every transport: counts
   * `operations` for this session and client address; the error and seconds to wait when they
   * would pass the role's limit, else null.
   */
  rateLimit(session: Session, clientAddress: string, operations: number): RateLimited | null
}

export interface RateLimited {
  error: EngineError
  retryAfterSeconds: number
}

/** Parsed and validated documents per (role, document): parsing is the costly part of a hit. */
const MAX_DOCUMENTS = 1000

interface PreparedDocument {
  document: DocumentNode
  generation: number
}

export function createGraphqlEngine(context: BackendContext): GraphqlEngine {
  const schemas = new SchemaCache(context.db, context.metadata)
  const documents = new LruCache<string, PreparedDocument>(MAX_DOCUMENTS)
  const operations = new OperationCache()
  const rateLimiter = new RoleRateLimiter()
  context.metadata.subscribe(() => {
    documents.clear()
    operations.clear()
  })

  const limitsFor = (session: Session) => requestLimits(context.config.graphql, context.metadata.current, session.role)

  async function prepare(
    request: GraphqlRequest,
    session: Session,
  ): Promise<{ compiled: CompiledOperation; schema: GraphQLSchema; variables: Record<string, unknown> }> {
    const backendOnly = usesBackendOnlyPermissions(session)
    const { schema, role, generation } = await schemas.forRole(session.role, backendOnly)
    const queryKey = documentCacheKey(request.query)
    const documentKey = `${session.role}\0${backendOnly ? 'backend-only' : ''}\0${queryKey}`
    let prepared = documents.get(documentKey)
    if (!prepared || prepared.generation !== generation) {
      let document: DocumentNode
      try {
        document = parse(request.query)
      } catch (error) {
        // graphql-js parses recursively: a document nested thousands deep overflows its stack.
        if (error instanceof RangeError) throw new EngineError('validation-failed', 'the query nests too deeply to be parsed', '$.query')
        throw new EngineError('validation-failed', error instanceof GraphQLError ? error.message : 'not a valid graphql query', '$.query')
      }
      assertDocumentWithinLimits(document, limitsFor(session))
      validateDocument(schema, document)
      prepared = { document, generation }
      documents.set(documentKey, prepared)
    }
    const { operation, fragments } = selectOperation(prepared.document, request.operationName ?? null)
    assertExpectedVariables(operation, fragments, request.variables ?? {})
    assertVariablesWithinLimits(request.variables ?? {}, limitsFor(session).maxDepth)
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {})
    if (coerced.errors) throw new EngineError('validation-failed', coerced.errors[0]?.message ?? 'invalid variables', '$.variableValues')
    const variables = coerced.coerced
    const operationKey = `${documentKey}\0${request.operationName ?? ''}`
    const cached = operations.get(operationKey, variables)
    if (cached && cached.generation === generation) return { compiled: cached, schema, variables }
    const planned = planOperation({
      schema,
      role,
      operation,
      fragments,
      variables,
      stringifyNumericTypes: context.config.stringifyNumericTypes,
    })
    const compiled = compileOperation(planned.plan, operation, fragments, generation)
    for (const field of compiled.rootFields) if (field.kind === 'introspection') validateIntrospection(schema, field.document)
    // A mutation whose variables' values shaped its plan is planned per request: keyed on those
    // values, its plans would fill the cache with entries that never hit again. Rows to insert
    // (`objects: $rows`) only shape it by their shape, which the cache keys on.
    if (compiled.operationType !== 'mutation' || planned.readVariables.size === 0) {
      operations.set(operationKey, planned, variables, compiled)
    }
    return { compiled, schema, variables }
  }

  async function run(
    compiled: CompiledOperation,
    schema: GraphQLSchema,
    variables: Record<string, unknown>,
    session: Session,
    options: ExecuteOptions,
  ): Promise<string> {
    const limits = { timeoutMs: limitsFor(session).timeLimitMs, signal: options.signal }
    return context.db.limited(limits, async (db) => {
      if (compiled.operationType !== 'mutation') return runFields(db, compiled, schema, variables, session, db)
      const mutation = singleMutation(compiled)
      const prepared = mutation && prepareMutation(mutation, { sessionVariables: session.variables, variables })
      if (prepared) {
        const json = await runPreparedMutation(db, prepared)
        return dataResponse(compiled.rootFields, (field) => (field.kind === 'json' ? field.json : json))
      }
      // Hasura runs every root field of a mutation in one transaction, with the session variables
      // in `hasura.user` for triggers to read.
      return db.transaction(async (tx) => {
        await tx.query(compileHasuraUser(session.variables))
        return runFields(tx, compiled, schema, variables, session, null)
      })
    })
  }

  /** `prepared`: the request's limited database, to run query fields as prepared statements (not inside a transaction). */
  async function runFields(
    db: Queryable,
    compiled: CompiledOperation,
    schema: GraphQLSchema,
    variables: Record<string, unknown>,
    session: Session,
    prepared: LimitedDatabase | null,
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
        const root = prepared
          ? (await prepared.runStatement(field.text, values))[0]?.[0]
          : (await db.query<{ root: string | null }>(field.text, values)).rows[0]?.root
        answers.push(root ?? 'null')
      }
    }
    return dataResponse(compiled.rootFields, (_, i) => answers[i] as string)
  }

  return {
    async execute(request, session, options = {}) {
      try {
        const { compiled, schema, variables } = await prepare(request, session)
        return await run(compiled, schema, variables, session, options)
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
    async bind(request, session) {
      const { compiled, variables } = await prepare(request, session)
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
        const { compiled, variables } = await prepare(request, session)
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
    rateLimit(session, clientAddress, count) {
      const { rate } = limitsFor(session)
      if (!rate || rateLimiter.allow(session, rate, clientAddress, count)) return null
      return {
        error: new EngineError('rate-limit-exceeded', `too many requests: the limit is ${rate.max_reqs_per_min} per minute`),
        retryAfterSeconds: rateLimiter.retryAfterSeconds(),
      }
    },
  }
}

/** `{"data":{…}}` with each root field's JSON text under its response key. */
function dataResponse(fields: CompiledRootField[], json: (field: CompiledRootField, index: number) => string): string {
  return `{"data":{${fields.map((field, i) => `${JSON.stringify(field.key)}:${json(field, i)}`).join(',')}}}`
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
