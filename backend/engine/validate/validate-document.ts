import {
  ExecutableDefinitionsRule,
  FragmentsOnCompositeTypesRule,
  KnownDirectivesRule,
  KnownFragmentNamesRule,
  KnownTypeNamesRule,
  LoneAnonymousOperationRule,
  NoFragmentCyclesRule,
  NoUndefinedVariablesRule,
  NoUnusedFragmentsRule,
  NoUnusedVariablesRule,
  OverlappingFieldsCanBeMergedRule,
  PossibleFragmentSpreadsRule,
  ScalarLeafsRule,
  SingleFieldSubscriptionsRule,
  UniqueArgumentNamesRule,
  UniqueDirectivesPerLocationRule,
  UniqueFragmentNamesRule,
  UniqueInputFieldNamesRule,
  UniqueOperationNamesRule,
  UniqueVariableNamesRule,
  VariablesAreInputTypesRule,
  VariablesInAllowedPositionRule,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql'
import { EngineError } from '../engine-error.ts'

/**
 * The document-level rules run here. Rules about fields, arguments and input values are left to
 * the planner, which walks the same selections with their Hasura path and answers with Hasura's
 * own messages (`field 'x' not found in type: 'author'` at `$.selectionSet.author.selectionSet.x`).
 */
const DOCUMENT_RULES: ValidationRule[] = [
  ExecutableDefinitionsRule,
  UniqueOperationNamesRule,
  LoneAnonymousOperationRule,
  SingleFieldSubscriptionsRule,
  KnownTypeNamesRule,
  FragmentsOnCompositeTypesRule,
  VariablesAreInputTypesRule,
  UniqueFragmentNamesRule,
  KnownFragmentNamesRule,
  NoUnusedFragmentsRule,
  PossibleFragmentSpreadsRule,
  NoFragmentCyclesRule,
  UniqueVariableNamesRule,
  NoUndefinedVariablesRule,
  KnownDirectivesRule,
  UniqueDirectivesPerLocationRule,
  UniqueArgumentNamesRule,
  UniqueInputFieldNamesRule,
  VariablesInAllowedPositionRule,
  // Selections: objects need a selection set, scalars may not have one, one response key names
  // one field. They skip fields the schema does not know, which the planner reports.
  ScalarLeafsRule,
  OverlappingFieldsCanBeMergedRule,
]

/** graphql-js stops at 100 errors against documents built to exhaust the validator; one is enough here. */
const MAX_ERRORS = 1

export function validateDocument(schema: GraphQLSchema, document: DocumentNode): void {
  const errors = validate(schema, document, DOCUMENT_RULES, { maxErrors: MAX_ERRORS })
  const first = errors[0]
  if (first) throw new EngineError('validation-failed', first.message)
}

/**
 * Introspection fields are answered by graphql-js itself, so they get its full rule set, except
 * the two about unused definitions: their document is the operation cut down to those fields.
 */
const INTROSPECTION_RULES = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule && rule !== NoUnusedVariablesRule)

export function validateIntrospection(schema: GraphQLSchema, document: DocumentNode): void {
  const first = validate(schema, document, INTROSPECTION_RULES, { maxErrors: MAX_ERRORS })[0]
  if (first) throw new EngineError('validation-failed', first.message)
}
