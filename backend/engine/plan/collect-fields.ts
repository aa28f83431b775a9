import { Kind, type DirectiveNode, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql'
import { validationError } from '../engine-error.ts'
import type { InputReader } from './input-reader.ts'
import { GraphQLBoolean, GraphQLNonNull } from 'graphql'

/**
 * Flattens a selection set into response keys (alias or field name) → field nodes, expanding
 * fragments whose type condition is the parent type and honouring `@include`/`@skip`
 * (graphql-js `collectFields`, with the variables read recorded for the plan cache). Like
 * graphql-js, a fragment is expanded once per selection set however often it is spread there:
 * the fields it adds are the same each time, and re-expanding it is exponential in documents
 * whose fragments spread each other twice.
 */
export function collectFields(
  typeName: string,
  selectionSets: readonly SelectionSetNode[],
  fragments: Map<string, FragmentDefinitionNode>,
  reader: InputReader,
  path: string,
): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>()
  const expanded = new Set<string>()
  const visit = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      if (!isIncluded(selection.directives ?? [], reader, path)) continue
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value
        fields.set(key, [...(fields.get(key) ?? []), selection])
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!selection.typeCondition || selection.typeCondition.name.value === typeName) visit(selection.selectionSet)
      } else {
        const fragment = fragments.get(selection.name.value)
        if (!fragment || expanded.has(fragment.name.value) || fragment.typeCondition.name.value !== typeName) continue
        expanded.add(fragment.name.value)
        visit(fragment.selectionSet)
      }
    }
  }
  for (const set of selectionSets) visit(set)
  return fields
}

const REQUIRED_BOOLEAN = new GraphQLNonNull(GraphQLBoolean)

function isIncluded(directives: readonly DirectiveNode[], reader: InputReader, path: string): boolean {
  for (const directive of directives) {
    const name = directive.name.value
    if (name !== 'include' && name !== 'skip') continue
    const argument = directive.arguments?.find((a) => a.name.value === 'if')
    if (!argument) throw validationError(path, `missing required field 'if'`)
    const value = reader.read(argument.value, REQUIRED_BOOLEAN, `${path}.directives.${name}.args.if`) === true
    if ((name === 'include') !== value) return false
  }
  return true
}
