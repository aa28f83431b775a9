import { Kind, parse, type OperationTypeNode } from 'graphql'
import { LruCache } from '../lib/lru-cache.ts'
import type { GraphqlRequest } from '../engine/execute/graphql-engine.ts'

/** A GraphQL request as HTTP carries it, with its `extensions` (Automatic Persisted Queries ask there). */
export interface GraphqlRequestWithExtensions extends GraphqlRequest {
  extensions?: Record<string, unknown> | null
}

/** Why the URL holds no request: Hasura's `code` and a message that names the parameter. */
export interface GetParametersRefused {
  refused: { code: 'parse-failed' | 'invalid-json'; message: string }
}

const PARAMETERS = ['query', 'variables', 'operationName', 'extensions'] as const

/**
 * The request in a URL's query string, as GraphQL over HTTP puts it there: `query`, and
 * `variables` and `extensions` as JSON text, `operationName`; other parameters (a cache buster)
 * are left alone. A parameter given twice is refused rather than one of its values picked.
 */
export function readGraphqlRequestWithExtensions(search: string): GraphqlRequestWithExtensions | GetParametersRefused {
  const parameters = new URLSearchParams(search)
  for (const name of PARAMETERS) {
    if (parameters.getAll(name).length > 1) return refused('parse-failed', `the URL has more than one "${name}" parameter`)
  }
  const query = parameters.get('query')
  if (query === null) return refused('parse-failed', 'the URL has no "query" parameter')
  const variables = jsonObjectParameter(parameters, 'variables')
  if ('refused' in variables) return variables
  const extensions = jsonObjectParameter(parameters, 'extensions')
  if ('refused' in extensions) return extensions
  return { query, variables: variables.value, operationName: parameters.get('operationName'), extensions: extensions.value }
}

function jsonObjectParameter(
  parameters: URLSearchParams,
  name: 'variables' | 'extensions',
): { value: Record<string, unknown> | null } | GetParametersRefused {
  const text = parameters.get(name)
  if (text === null) return { value: null }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return refused('invalid-json', `the "${name}" parameter is not valid JSON`)
  }
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    return refused('parse-failed', `the "${name}" parameter is not a JSON object`)
  }
  return { value: value as Record<string, unknown> | null }
}

function refused(code: GetParametersRefused['refused']['code'], message: string): GetParametersRefused {
  return { refused: { code, message } }
}

/** Documents whose operation types are remembered; longer ones (rare in a URL) are parsed each time. */
const MAX_REMEMBERED = 500
const MAX_REMEMBERED_LENGTH = 8192

/** A document's operations, in order and by name, or null when it does not parse. */
type DocumentOperations = { all: OperationTypeNode[]; byName: Map<string, OperationTypeNode> } | null

/**
 * The type of the operation a request would run, from its document and `operationName` alone (no
 * schema), or null when the document does not parse or names no such operation: the engine then
 * answers with its own error, as it does for POST. Clients repeat the same few documents, so each
 * one is parsed once: parsing is most of what a GET costs beyond a POST.
 */
export function operationTypeReader(): (request: GraphqlRequest) => OperationTypeNode | null {
  const remembered = new LruCache<string, DocumentOperations>(MAX_REMEMBERED)
  return (request) => {
    let operations = remembered.get(request.query)
    if (operations === undefined) {
      operations = operationsOf(request.query)
      if (request.query.length <= MAX_REMEMBERED_LENGTH) remembered.set(request.query, operations)
    }
    if (operations === null) return null
    // As graphql-js' getOperationAST: without a name, the document must hold exactly one operation.
    if (request.operationName != null) return operations.byName.get(request.operationName) ?? null
    return operations.all.length === 1 ? (operations.all[0] ?? null) : null
  }
}

function operationsOf(query: string): DocumentOperations {
  let document
  try {
    document = parse(query, { noLocation: true })
  } catch {
    // A syntax error, or graphql-js' recursive parser out of stack on a document nested thousands deep.
    return null
  }
  const operations = { all: [] as OperationTypeNode[], byName: new Map<string, OperationTypeNode>() }
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue
    operations.all.push(definition.operation)
    if (definition.name) operations.byName.set(definition.name.value, definition.operation)
  }
  return operations
}
