import { Kind, visit, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql'
import { EngineError } from '../engine-error.ts'

/**
 * Hasura refuses variables the operation does not use (`unexpected variables in
 * variableValues: x`): a client sending values the query never reads has a bug worth reporting.
 */
export function assertExpectedVariables(
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
  provided: Record<string, unknown>,
): void {
  const names = Object.keys(provided)
  if (names.length === 0) return
  let used = usedByOperation.get(operation)
  if (!used) usedByOperation.set(operation, (used = usedVariables(operation, fragments)))
  const unexpected = names.filter((name) => !used.has(name))
  if (unexpected.length > 0) {
    throw new EngineError('validation-failed', `unexpected variables in variableValues: ${unexpected.join(', ')}`)
  }
}

/** Per operation of a cached document (its fragments are the document's): walked once, not per request. */
const usedByOperation = new WeakMap<OperationDefinitionNode, Set<string>>()

/** Variables referenced by the operation's selections and the fragments it reaches. */
function usedVariables(operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): Set<string> {
  const used = new Set<string>()
  const seen = new Set<string>()
  const pending: (OperationDefinitionNode | FragmentDefinitionNode)[] = [operation]
  while (pending.length > 0) {
    const node = pending.pop() as OperationDefinitionNode | FragmentDefinitionNode
    visit(node.selectionSet, {
      Variable: (variable) => {
        used.add(variable.name.value)
      },
      FragmentSpread: (spread) => {
        const fragment = fragments.get(spread.name.value)
        if (fragment && !seen.has(fragment.name.value)) {
          seen.add(fragment.name.value)
          pending.push(fragment)
        }
      },
    })
    if (node.kind === Kind.OPERATION_DEFINITION) {
      for (const directive of node.directives ?? []) visit(directive, { Variable: (v) => void used.add(v.name.value) })
    }
  }
  return used
}
