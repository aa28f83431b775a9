import { getOperationAST, parse, type OperationTypeNode } from 'graphql'
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

/**
 * The type of the operation a request would run, from its document and `operationName` alone (no
 * schema), or null when the document does not parse or names no such operation: the engine then
 * answers with its own error, as it does for POST.
 */
export function operationTypeOf(request: GraphqlRequest): OperationTypeNode | null {
  try {
    return getOperationAST(parse(request.query, { noLocation: true }), request.operationName)?.operation ?? null
  } catch {
    // A syntax error, or graphql-js' recursive parser out of stack on a document nested thousands deep.
    return null
  }
}
