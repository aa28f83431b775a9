import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql'

/**
 * Rejects operations whose selections nest deeper than `maxDepth` (fragments expanded), before any
 * planning or database work: a cheap document can otherwise ask for an exponential response
 * through nested relationships.
 */
export function MaxDepthRule(maxDepth: number) {
  return function MaxDepthRuleForLimit(context: ValidationContext): ASTVisitor {
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
    }
    const depthOf = (set: SelectionSetNode, visiting: Set<string>): number => {
      let deepest = 0
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet, visiting) : 1)
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, visiting))
        } else {
          const fragment = fragments.get(selection.name.value)
          // Cycles are reported by NoFragmentCyclesRule; here they only must not recurse forever.
          if (!fragment || visiting.has(fragment.name.value)) continue
          visiting.add(fragment.name.value)
          deepest = Math.max(deepest, depthOf(fragment.selectionSet, visiting))
          visiting.delete(fragment.name.value)
        }
        if (deepest > maxDepth) return deepest
      }
      return deepest
    }
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set())
        if (depth > maxDepth) {
          context.reportError(new GraphQLError(`the query exceeds the maximum depth of ${maxDepth}`, { nodes: node }))
        }
      },
    }
  }
}
