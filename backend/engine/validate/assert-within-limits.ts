import { Kind, type DocumentNode, type FragmentDefinitionNode } from 'graphql'
import type { GraphqlLimits } from '../../config/load-config.ts'
import { EngineError } from '../engine-error.ts'
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from '../../lib/json-limits.ts'
import { jsonDepthExceeds, measureOperation } from './operation-cost.ts'

export type DocumentLimits = Pick<GraphqlLimits, 'maxDepth' | 'maxNodes' | 'maxAliases'>

/**
 * Refuses a document any of whose operations is too deep, too large or too aliased, before
 * graphql-js's own rules walk it: those rules, like the planner, expand fragments, and a few
 * hundred bytes of fragments can stand for millions of fields.
 */
export function assertDocumentWithinLimits(document: DocumentNode, limits: DocumentLimits): void {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue
    const cost = measureOperation(definition, fragments)
    if (cost.depth > limits.maxDepth) refuse(`the query exceeds the maximum depth of ${limits.maxDepth}`)
    if (cost.nodes > limits.maxNodes) {
      refuse(`the query asks for ${fieldCount(cost.nodes)} fields once its fragments are expanded; the limit is ${limits.maxNodes}`)
    }
    if (cost.aliases > limits.maxAliases) {
      refuse(`the query has ${fieldCount(cost.aliases)} aliased fields once its fragments are expanded; the limit is ${limits.maxAliases}`)
    }
  }
}

/** Variables carry filters as literals do (`where: $where`): their objects may nest as deep as a query. */
export function assertVariablesWithinLimits(variables: Record<string, unknown>, maxDepth: number): void {
  for (const [name, value] of Object.entries(variables)) {
    if (jsonDepthExceeds(value, maxDepth))
      refuse(`variable "${name}" nests objects deeper than the maximum depth of ${maxDepth}`, '$.variableValues')
    // A jsonb column's value nests arrays too, which the query depth above does not count.
    if (jsonNestsDeeperThan(value, MAX_JSON_DEPTH))
      refuse(`variable "${name}" nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`, '$.variableValues')
  }
}

/** A fragment bomb's count passes Number.MAX_SAFE_INTEGER: say "more than" instead of printing 1e+30. */
function fieldCount(count: number): string {
  return Number.isSafeInteger(count) ? String(count) : `more than ${Number.MAX_SAFE_INTEGER}`
}

function refuse(message: string, path = '$'): never {
  throw new EngineError('validation-failed', message, path)
}
