import { Kind, parse } from 'graphql'
import { LruCache } from '../../lib/lru-cache.ts'
import type { GraphqlRequest } from '../execute/graphql-engine.ts'

type OperationType = 'query' | 'mutation' | 'subscription'

/** Documents seen recently: clients send the same few subscription documents again and again. */
const cache = new LruCache<string, Map<string | null, OperationType>>(1_000)

/**
 * Whether a request selects a query, a mutation or a subscription; undefined when the document
 * does not parse or names no such operation (the engine then answers with Hasura's error).
 */
export function operationTypeOf(request: GraphqlRequest): OperationType | undefined {
  let byName = cache.get(request.query)
  if (byName === undefined) {
    byName = new Map()
    try {
      const operations = parse(request.query, { noLocation: true }).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
      for (const operation of operations) byName.set(operation.name?.value ?? null, operation.operation)
      if (operations.length === 1 && operations[0]) byName.set(null, operations[0].operation)
    } catch {
      // Not a document: the engine reports the parse error.
    }
    cache.set(request.query, byName)
  }
  return byName.get(request.operationName ?? null)
}
