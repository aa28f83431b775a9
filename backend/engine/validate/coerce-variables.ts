import {
  coerceInputValue,
  getVariableValues,
  isInputType,
  isNonNullType,
  typeFromAST,
  valueFromAST,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql'
import { EngineError } from '../engine-error.ts'
import { intOverflowError, isInt32 } from './int-overflow.ts'

/** The request's variables coerced to the operation's types: a function of the variables alone. */
export type CoerceVariables = (given: Record<string, unknown>) => Record<string, unknown>

/**
 * graphql-js's `getVariableValues` with the operation's variable types looked up once, when the
 * operation is first prepared, rather than per request (`typeFromAST` builds a new non-null
 * wrapper each time). Values that coerce are coerced by graphql-js's own `coerceInputValue`;
 * anything else is handed to `getVariableValues` itself, so that the answer, and the error's
 * wording, are graphql-js's.
 */
export function variableCoercer(schema: GraphQLSchema, operation: OperationDefinitionNode): CoerceVariables {
  const refuse = (given: Record<string, unknown>): Record<string, unknown> => {
    const result = getVariableValues(schema, operation.variableDefinitions ?? [], given)
    if (result.coerced) return result.coerced
    for (const { name, type } of definitions) {
      const overflow = intOverflowIn(given[name], type)
      if (overflow !== undefined) throw intOverflowError('$.variableValues', overflow)
    }
    // A scalar's own refusal (a number for `interval`) is Hasura's error, not graphql-js' wording.
    // graphql-js wraps it twice (coerceInputValue, then getVariableValues).
    let cause: Error | undefined = result.errors[0]?.originalError
    while (cause && !(cause instanceof EngineError)) cause = (cause as { originalError?: Error }).originalError
    if (cause) throw cause
    throw new EngineError('validation-failed', result.errors[0]?.message ?? 'invalid variables', '$.variableValues')
  }
  const definitions: { name: string; type: GraphQLInputType; node: VariableDefinitionNode }[] = []
  for (const node of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, node.type)
    // A variable whose type is no input type (validation refuses it first) never coerces.
    if (!isInputType(type)) return refuse
    definitions.push({ name: node.variable.name.value, type, node })
  }
  return (given) => {
    // Without a prototype, as graphql-js makes it: a variable may be called `$__proto__`.
    const coerced: Record<string, unknown> = Object.create(null) as Record<string, unknown>
    for (const { name, type, node } of definitions) {
      if (!Object.hasOwn(given, name)) {
        if (node.defaultValue) coerced[name] = valueFromAST(node.defaultValue, type)
        else if (isNonNullType(type)) return refuse(given)
        continue
      }
      const value = given[name]
      if (value === null && isNonNullType(type)) return refuse(given)
      let invalid = false
      coerced[name] = coerceInputValue(value, type, () => {
        invalid = true
      })
      if (invalid) return refuse(given)
    }
    return coerced
  }
}

/**
 * The first whole number too large for an `Int` in a variable's value, as text: Hasura answers
 * it with its overflow error rather than a type mismatch.
 */
function intOverflowIn(value: unknown, type: GraphQLInputType): string | undefined {
  if (value === null || value === undefined) return undefined
  if (type instanceof GraphQLNonNull) return intOverflowIn(value, type.ofType as GraphQLInputType)
  if (type instanceof GraphQLList) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const found = intOverflowIn(item, type.ofType as GraphQLInputType)
      if (found !== undefined) return found
    }
    return undefined
  }
  if (type instanceof GraphQLInputObjectType) {
    if (typeof value !== 'object') return undefined
    const fields = type.getFields()
    for (const [key, item] of Object.entries(value)) {
      const field = fields[key]
      const found = field ? intOverflowIn(item, field.type) : undefined
      if (found !== undefined) return found
    }
    return undefined
  }
  if (type instanceof GraphQLScalarType && type.name === 'Int' && typeof value === 'number' && Number.isInteger(value) && !isInt32(value))
    return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString()
  return undefined
}
