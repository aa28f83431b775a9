import {
  Kind,
  parse,
  print,
  visit,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type TypeNode,
} from 'graphql'

/** One named operation of `graphql/`, ready for the explorer's editor. */
export interface ExampleOperation {
  /** The operation's name, e.g. `MyProfile`. */
  name: string
  kind: 'query' | 'mutation' | 'subscription'
  /** The feature file it comes from, e.g. `account` for `graphql/account.graphql`. */
  feature: string
  /** The operation followed by every fragment it spreads, so the document runs as it is. */
  document: string
  /** A JSON object with one placeholder per variable, for the variables editor. */
  variables: string
}

/**
 * Splits the app's operation files (path → source, as Vite's `import.meta.glob` gives them) into
 * one example per named operation, sorted by feature, then in file order.
 */
export function exampleOperations(files: Record<string, string>): ExampleOperation[] {
  const examples: ExampleOperation[] = []
  for (const path of Object.keys(files).sort()) {
    const feature = path.replace(/^.*\//, '').replace(/\.graphql$/, '')
    const definitions = parse(files[path]!).definitions
    const fragments = fragmentsByName(definitions)
    for (const definition of definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue
      examples.push({
        name: definition.name.value,
        kind: definition.operation,
        feature,
        document: withFragments(definition, fragments),
        variables: placeholderVariables(definition),
      })
    }
  }
  return examples
}

/**
 * The operation the explorer would run (the named one, or the only one) with the fragments it
 * spreads, for the code snippets; null while the editor's text does not parse.
 */
export function selectedOperation(
  query: string,
  operationName: string | null,
): { document: string; kind: ExampleOperation['kind'] } | null {
  let definitions: readonly DefinitionNode[]
  try {
    definitions = parse(query).definitions
  } catch {
    return null
  }
  const operations = definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
  const operation = operations.find((o) => o.name?.value === operationName) ?? operations[0]
  if (!operation) return null
  const fragments = fragmentsByName(definitions)
  return {
    document: withFragments(operation, fragments),
    kind: operation.operation,
  }
}

function fragmentsByName(definitions: readonly DefinitionNode[]): Map<string, FragmentDefinitionNode> {
  return new Map(definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]))
}

/** The operation printed, followed by every fragment it spreads, so the document runs as it is. */
function withFragments(operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): string {
  return [operation, ...spreadFragments(operation, fragments)].map((node) => print(node)).join('\n\n')
}

/** The fragments a definition spreads, directly or through other fragments, each once. */
function spreadFragments(root: DefinitionNode, fragments: Map<string, FragmentDefinitionNode>): FragmentDefinitionNode[] {
  const found = new Map<string, FragmentDefinitionNode>()
  const walk = (node: DefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value)
        if (!fragment || found.has(fragment.name.value)) return
        found.set(fragment.name.value, fragment)
        walk(fragment)
      },
    })
  walk(root)
  return [...found.values()]
}

/** `{"workspaceId": "", "limit": 0}`: something of each variable's type to replace. */
function placeholderVariables(operation: OperationDefinitionNode): string {
  const definitions = operation.variableDefinitions ?? []
  if (definitions.length === 0) return ''
  const values = Object.fromEntries(definitions.map((d) => [d.variable.name.value, placeholder(d.type)]))
  return JSON.stringify(values, null, 2)
}

function placeholder(type: TypeNode): unknown {
  if (type.kind === Kind.NON_NULL_TYPE) return placeholder(type.type)
  if (type.kind === Kind.LIST_TYPE) return []
  switch (type.name.value) {
    case 'Int':
    case 'Float':
    case 'bigint':
    case 'numeric':
    case 'float8':
      return 0
    case 'Boolean':
      return false
    case 'jsonb':
      return {}
    default:
      // Hasura names its input objects `<table>_insert_input`, `<table>_bool_exp`, …
      return /_(input|exp)$/.test(type.name.value) ? {} : ''
  }
}
