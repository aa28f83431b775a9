import type { DocumentNode, GraphQLSchema } from 'graphql'
import type { BackendConfig } from '../../config/load-config.ts'
import type { Database } from '../../db/database.ts'
import type { MetadataStore } from '../../metadata/store/metadata-store.ts'
import type { Session } from '../../session/session.ts'
import { planOperation } from '../plan/plan-operation.ts'
import { assertExpectedVariables } from '../validate/assert-expected-variables.ts'
import { assertDocumentWithinLimits, assertVariablesWithinLimits } from '../validate/assert-within-limits.ts'
import { variableCoercer } from '../validate/coerce-variables.ts'
import { validateDocument, validateIntrospection } from '../validate/validate-document.ts'
import { compileOperation, type CompiledOperation } from '../sql/compile-operation.ts'
import { DocumentCache, type PreparedOperation } from './document-cache.ts'
import type { EngineOperation } from './engine-operation.ts'
import { parseDocument } from './engine-operation.ts'
import { OperationCache } from './operation-cache.ts'
import type { RoleLimits } from './role-limits.ts'
import { SchemaCache, type RoleSchema } from './schema-cache.ts'
import { selectOperation } from './select-operation.ts'
import { usesBackendOnlyPermissions } from './uses-backend-only-permissions.ts'

/** A GraphQL request body as clients send it (`query`, `variables`, `operationName`). */
export interface GraphqlRequest {
  query: string
  variables?: Record<string, unknown> | null
  operationName?: string | null
}

/** An operation ready to run for one session: compiled, with its variables coerced. */
export interface PreparedRequest {
  compiled: CompiledOperation
  schema: GraphQLSchema
  variables: Record<string, unknown>
  session: Session
}

type PreparerContext = { db: Database; metadata: MetadataStore; config: Pick<BackendConfig, 'stringifyNumericTypes'> }

/**
 * Requests and in-process operations to compiled operations: parsed, validated and planned, or
 * all of that from the caches. Owns the schema, document and plan caches; the document and plan
 * caches are emptied when the metadata changes (the schema cache empties itself).
 */
export class OperationPreparer {
  readonly #schemas: SchemaCache
  readonly #documents = new DocumentCache()
  readonly #plans = new OperationCache()
  /** In-process operations come parsed: only their validation per role schema is kept. */
  readonly #validated = new WeakMap<EngineOperation<unknown, unknown>, WeakMap<RoleSchema, PreparedOperation>>()

  constructor(
    private readonly context: PreparerContext,
    private readonly limits: RoleLimits,
  ) {
    this.#schemas = new SchemaCache(context.db, context.metadata)
    context.metadata.subscribe(() => {
      this.#documents.clear()
      this.#plans.clear()
    })
  }

  async schemaFor(role: string): Promise<GraphQLSchema> {
    return (await this.#schemas.forRole(role)).schema
  }

  /** The request prepared for `session`; after the role's first request, without an await. */
  prepare(request: GraphqlRequest, session: Session): PreparedRequest | Promise<PreparedRequest> {
    const found = this.#roleSchemaFor(session)
    return found instanceof Promise
      ? found.then((roleSchema) => this.#prepareRequest(roleSchema, request, session))
      : this.#prepareRequest(found, request, session)
  }

  /** An in-process operation prepared for `session` with `variables`. */
  async prepareOperation(
    operation: EngineOperation<unknown, unknown>,
    variables: Record<string, unknown>,
    session: Session,
  ): Promise<PreparedRequest> {
    const roleSchema = await this.#roleSchemaFor(session)
    let byRoleSchema = this.#validated.get(operation)
    if (!byRoleSchema) this.#validated.set(operation, (byRoleSchema = new WeakMap()))
    let prepared = byRoleSchema.get(roleSchema)
    if (!prepared) {
      this.#validate(roleSchema, operation.document, session)
      byRoleSchema.set(roleSchema, (prepared = this.#selectOperation(roleSchema, operation.document, operation.operationName)))
    }
    return this.#plan(roleSchema, prepared, variables, session)
  }

  #roleSchemaFor(session: Session): RoleSchema | Promise<RoleSchema> {
    const backendOnly = usesBackendOnlyPermissions(session)
    return this.#schemas.cached(session.role, backendOnly) ?? this.#schemas.forRole(session.role, backendOnly)
  }

  #prepareRequest(roleSchema: RoleSchema, request: GraphqlRequest, session: Session): PreparedRequest {
    let prepared = this.#documents.get(request.query, roleSchema)
    if (!prepared) {
      const document = parseDocument(request.query)
      this.#validate(roleSchema, document, session)
      prepared = { document, operations: new Map() }
      this.#documents.set(request.query, roleSchema, prepared)
    }
    const operationName = request.operationName ?? null
    let operation = prepared.operations.get(operationName ?? '')
    if (!operation)
      prepared.operations.set(operationName ?? '', (operation = this.#selectOperation(roleSchema, prepared.document, operationName)))
    return this.#plan(roleSchema, operation, request.variables ?? {}, session)
  }

  #validate(roleSchema: RoleSchema, document: DocumentNode, session: Session): void {
    assertDocumentWithinLimits(document, this.limits.of(session.role))
    validateDocument(roleSchema.schema, document)
  }

  #selectOperation(roleSchema: RoleSchema, document: DocumentNode, operationName: string | null): PreparedOperation {
    const selected = selectOperation(document, operationName)
    return { ...selected, coerceVariables: variableCoercer(roleSchema.schema, selected.operation) }
  }

  #plan(roleSchema: RoleSchema, operation: PreparedOperation, given: Record<string, unknown>, session: Session): PreparedRequest {
    const { schema, role } = roleSchema
    assertExpectedVariables(operation.operation, operation.fragments, given)
    assertVariablesWithinLimits(given, this.limits.of(session.role).maxDepth)
    const variables = operation.coerceVariables(given)
    const cached = this.#plans.get(operation, variables)
    if (cached) return { compiled: cached, schema, variables, session }
    const planned = planOperation({
      schema,
      role,
      operation: operation.operation,
      fragments: operation.fragments,
      variables,
      stringifyNumericTypes: this.context.config.stringifyNumericTypes,
    })
    const compiled = compileOperation(planned.plan, operation.operation, operation.fragments)
    for (const field of compiled.rootFields) if (field.kind === 'introspection') validateIntrospection(schema, field.document)
    // A mutation whose variables' values shaped its plan is planned per request: keyed on those
    // values, its plans would fill the cache with entries that never hit again. Rows to insert
    // (`objects: $rows`) only shape it by their shape, which the cache keys on.
    if (compiled.operationType !== 'mutation' || planned.readVariables.size === 0) {
      this.#plans.set(operation, planned, variables, compiled)
    }
    return { compiled, schema, variables, session }
  }
}
