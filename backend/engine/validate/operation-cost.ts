import {
  Kind,
  type ArgumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql'

/**
 * What an operation would cost once its fragments are expanded, computed without expanding
 * them: each fragment is measured once and reused wherever it is spread, so a document of
 * fragments that spread each other twice (a "fragment bomb") is measured in time linear in its
 * size although it stands for an exponential number of fields.
 */
export interface OperationCost {
  /** Deepest nesting of selections, each field's argument objects (`where`, `order_by`…) counted as levels too. */
  depth: number
  /** Fields, as if every fragment were written out where it is spread. */
  nodes: number
  /** Aliased fields, counted the same way. */
  aliases: number
}

const ZERO: OperationCost = { depth: 0, nodes: 0, aliases: 0 }

export function measureOperation(
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): OperationCost {
  const measured = new Map<string, OperationCost>()
  const visiting = new Set<string>()

  const measureFragment = (name: string): OperationCost => {
    const known = measured.get(name)
    if (known) return known
    const fragment = fragments.get(name)
    // Unknown fragments and cycles are reported by graphql-js's rules; they add nothing here.
    if (!fragment || visiting.has(name)) return ZERO
    visiting.add(name)
    const cost = measureSet(fragment.selectionSet)
    visiting.delete(name)
    measured.set(name, cost)
    return cost
  }

  const measureSet = (set: SelectionSetNode): OperationCost => {
    let depth = 0
    let nodes = 0
    let aliases = 0
    for (const selection of set.selections) {
      let part: OperationCost
      if (selection.kind === Kind.FIELD) {
        const below = selection.selectionSet ? measureSet(selection.selectionSet) : ZERO
        part = {
          depth: 1 + Math.max(below.depth, argumentsDepth(selection.arguments ?? [])),
          nodes: 1 + below.nodes,
          aliases: (selection.alias ? 1 : 0) + below.aliases,
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        part = measureSet(selection.selectionSet)
      } else {
        part = measureFragment(selection.name.value)
      }
      depth = Math.max(depth, part.depth)
      nodes += part.nodes
      aliases += part.aliases
    }
    return { depth, nodes, aliases }
  }

  return measureSet(operation.selectionSet)
}

function argumentsDepth(args: readonly ArgumentNode[]): number {
  let depth = 0
  for (const argument of args) depth = Math.max(depth, valueDepth(argument.value))
  return depth
}

/**
 * Object levels of a literal argument: `{workspace: {metrics: {…}}}` is as costly as selecting
 * through those relationships. Lists add no level (`_and: [{…}]` is one level for `_and`'s object).
 * Iterative, so a document nested thousands of levels deep cannot overflow the stack.
 */
function valueDepth(root: ValueNode): number {
  let deepest = 0
  const pending: [ValueNode, number][] = [[root, 0]]
  while (pending.length > 0) {
    const [value, depth] = pending.pop() as [ValueNode, number]
    if (value.kind === Kind.OBJECT) {
      deepest = Math.max(deepest, depth + 1)
      for (const field of value.fields) pending.push([field.value, depth + 1])
    } else if (value.kind === Kind.LIST) {
      for (const item of value.values) pending.push([item, depth])
    }
  }
  return deepest
}

/**
 * Object levels of a JSON variable value, stopping as soon as it passes `limit`: variables
 * carry the same filters as literals (`where: $where`) and may be nested just as deep.
 */
export function jsonDepthExceeds(root: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[root, 0]]
  while (pending.length > 0) {
    const [value, depth] = pending.pop() as [unknown, number]
    if (typeof value !== 'object' || value === null) continue
    if (Array.isArray(value)) {
      for (const item of value) pending.push([item, depth])
      continue
    }
    if (depth + 1 > limit) return true
    for (const item of Object.values(value)) pending.push([item, depth + 1])
  }
  return false
}
