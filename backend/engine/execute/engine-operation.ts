import { GraphQLError, parse, type DocumentNode } from 'graphql'
import { EngineError } from '../engine-error.ts'

/**
 * A GraphQL operation a service runs in-process (engine-api.ts), parsed once when it is defined;
 * the engine validates it once per role schema and plans it once per plan-cache key.
 * `TData` is its `data`, `TVariables` its variables: declared by the service that writes it.
 */
export interface EngineOperation<TData, TVariables> {
  readonly document: DocumentNode
  /** The operation to run when the document holds several; null when it holds one. */
  readonly operationName: string | null
  /** Never set: carries `TData` and `TVariables` to `run`. */
  readonly types?: { data: TData; variables: TVariables }
}

/** The operation in `text`; throws the engine's `validation-failed` error when it does not parse. */
export function engineOperation<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  text: string,
  operationName: string | null = null,
): EngineOperation<TData, TVariables> {
  return { document: parseDocument(text), operationName }
}

/** graphql-js' `parse`, failing with the engine's error as Hasura words it. */
export function parseDocument(text: string): DocumentNode {
  try {
    return parse(text)
  } catch (error) {
    // graphql-js parses recursively: a document nested thousands deep overflows its stack.
    if (error instanceof RangeError) throw new EngineError('validation-failed', 'the query nests too deeply to be parsed', '$.query')
    throw new EngineError('validation-failed', error instanceof GraphQLError ? error.message : 'not a valid graphql query', '$.query')
  }
}
