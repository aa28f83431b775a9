import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql'
import { EngineError } from '../engine-error.ts'

/** The document's operation named `operationName` (its only one when null), and its fragments. */
export function selectOperation(
  document: DocumentNode,
  operationName: string | null,
): { operation: OperationDefinitionNode; fragments: Map<string, FragmentDefinitionNode> } {
  const operations: OperationDefinitionNode[] = []
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition)
    else if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  const operation =
    operationName === null ? (operations.length === 1 ? operations[0] : undefined) : operations.find((o) => o.name?.value === operationName)
  if (!operation) {
    throw new EngineError(
      'validation-failed',
      operationName === null
        ? 'exactly one operation has to be present in the document when operationName is not specified'
        : `no such operation found in the document: ${JSON.stringify(operationName)}`,
    )
  }
  return { operation, fragments }
}
