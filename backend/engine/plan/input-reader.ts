import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  Kind,
  type GraphQLInputType,
  type ValueNode,
} from 'graphql'
import { EngineError, validationError } from '../engine-error.ts'
import { carriesColumnValues } from '../schema/mutation-field-meanings.ts'
import { stringExpectedMessage, takesOnlyStrings } from '../schema/pg-scalars.ts'
import { slotColumnValues } from './variable-shape.ts'
import { VariableSlot } from './variable-slot.ts'
import { intOverflowError } from '../validate/int-overflow.ts'

const MAX_INT = 2 ** 31 - 1
const MIN_INT = -(2 ** 31)

const KIND_NAMES: Partial<Record<Kind, string>> = {
  [Kind.INT]: 'an integer',
  [Kind.FLOAT]: 'a float',
  [Kind.STRING]: 'a string',
  [Kind.BOOLEAN]: 'a boolean',
  [Kind.NULL]: 'null',
  [Kind.ENUM]: 'an enum value',
  [Kind.LIST]: 'a list',
  [Kind.OBJECT]: 'an object',
}

/**
 * Reads argument values against their GraphQL input type, with Hasura's messages and JSONPath
 * locations (Hasura.GraphQL.Parser: `expected an object for type 'author_bool_exp', but found
 * null`). Literals come from the document; variables were already coerced by graphql-js. Every
 * variable read by value is recorded: the plan depends on it and the plan cache keys on it; a
 * variable of column values is recorded with its type, as the plan depends only on its shape.
 */
export class InputReader {
  readonly readVariables = new Set<string>()
  /** Variables of column values read by shape: the plan cache keys on their shape, not their values. */
  readonly shapedVariables = new Map<string, GraphQLInputType>()

  constructor(
    readonly variables: Record<string, unknown>,
    readonly nonNullVariables: Set<string>,
  ) {}

  /** `undefined` when the value is absent (or an unset variable); `null` when it is null. */
  read(node: ValueNode, type: GraphQLInputType, path: string, allowSlot = false): unknown {
    if (node.kind === Kind.VARIABLE) return this.#variable(node.name.value, type, allowSlot)
    if (type instanceof GraphQLNonNull) {
      if (node.kind === Kind.NULL)
        throw validationError(path, `expected ${expectedKind(type.ofType)} for type '${namedType(type)}', but found null`)
      return this.read(node, type.ofType, path, allowSlot)
    }
    if (node.kind === Kind.NULL) return null
    if (type instanceof GraphQLList) {
      if (node.kind !== Kind.LIST) return [this.read(node, type.ofType, `${path}[0]`)]
      return node.values.map((item, i) => {
        const value = this.read(item, type.ofType, `${path}[${i}]`)
        return value === undefined ? null : value
      })
    }
    if (type instanceof GraphQLInputObjectType) return this.#object(node, type, path)
    if (type instanceof GraphQLEnumType) return this.#enum(node, type, path)
    if (type instanceof GraphQLScalarType && node.kind !== Kind.STRING && takesOnlyStrings(type.name))
      throw new EngineError('parse-failed', stringExpectedMessage(type.name), path)
    if ((node.kind === Kind.INT || node.kind === Kind.FLOAT) && !isBuiltIn(type)) {
      // bigint and numeric literals keep their digits: Postgres parses the text.
      return String(Number(node.value)) === node.value ? Number(node.value) : node.value
    }
    return this.#scalar(node, type, path)
  }

  #variable(name: string, type: GraphQLInputType, allowSlot: boolean): unknown {
    const value = this.variables[name]
    const named = type instanceof GraphQLNonNull ? type.ofType : type
    if (allowSlot && named instanceof GraphQLScalarType && this.nonNullVariables.has(name)) return new VariableSlot(name)
    if (carriesColumnValues(type) && value !== null && value !== undefined) {
      this.shapedVariables.set(name, type)
      return slotColumnValues(value, type, name)
    }
    this.readVariables.add(name)
    return value
  }

  #object(node: ValueNode, type: GraphQLInputObjectType, path: string): Record<string, unknown> {
    if (node.kind !== Kind.OBJECT)
      throw validationError(path, `expected an object for type '${type.name}', but found ${KIND_NAMES[node.kind] ?? 'a value'}`)
    const fields = type.getFields()
    const result: Record<string, unknown> = {}
    for (const field of node.fields) {
      const name = field.name.value
      const definition = fields[name]
      if (!definition) throw validationError(`${path}.${name}`, `field '${name}' not found in type: '${type.name}'`)
      const value = this.read(field.value, definition.type, `${path}.${name}`, true)
      if (value !== undefined) result[name] = value
    }
    for (const definition of Object.values(fields)) {
      // A field left out takes its default (`T_on_conflict.update_columns` defaults to []).
      if (result[definition.name] === undefined && definition.defaultValue !== undefined) result[definition.name] = definition.defaultValue
      if (definition.type instanceof GraphQLNonNull && result[definition.name] === undefined) {
        throw validationError(path, `missing required field '${definition.name}'`)
      }
    }
    return result
  }

  #enum(node: ValueNode, type: GraphQLEnumType, path: string): unknown {
    if (node.kind !== Kind.ENUM) {
      throw validationError(path, `expected an enum value for type '${type.name}', but found ${KIND_NAMES[node.kind] ?? 'a value'}`)
    }
    const value = type.getValue(node.value)
    if (!value) {
      const names = type
        .getValues()
        .map((v) => `'${v.name}'`)
        .join(', ')
      throw validationError(path, `expected one of the values [${names}] for type '${type.name}', but found '${node.value}'`)
    }
    return value.value
  }

  #scalar(node: ValueNode, type: GraphQLInputType, path: string): unknown {
    const name = (type as GraphQLScalarType).name
    const mismatch = (expected: string) =>
      validationError(path, `expected ${expected} for type '${name}', but found ${KIND_NAMES[node.kind] ?? 'a value'}`)
    switch (name) {
      case 'Int': {
        // Hasura's `offset` also takes a string, for offsets beyond 32 bits (offsetParser).
        const text =
          node.kind === Kind.INT
            ? node.value
            : node.kind === Kind.STRING && path.endsWith('.args.offset') && /^\d+$/.test(node.value)
              ? node.value
              : null
        if (text === null) throw mismatch('a 32-bit integer')
        const value = Number(text)
        if (value > MAX_INT || value < MIN_INT) {
          // An integer literal past 32 bits is Hasura's overflow error (parse-failed), not a type mismatch.
          if (node.kind === Kind.INT) throw intOverflowError(path, text)
          throw mismatch('a 32-bit integer')
        }
        if (value < 0 && (path.endsWith('.args.limit') || path.endsWith('.args.offset'))) throw mismatch('a non-negative 32-bit integer')
        return value
      }
      case 'Float':
        if (node.kind !== Kind.INT && node.kind !== Kind.FLOAT) throw mismatch('a float')
        return Number(node.value)
      case 'String':
        if (node.kind !== Kind.STRING) throw mismatch('a string')
        return node.value
      case 'Boolean':
        if (node.kind !== Kind.BOOLEAN) throw mismatch('a boolean')
        return node.value
      default:
        return this.#untyped(node)
    }
  }

  /** Custom scalars (jsonb, uuid, numeric, …) take any literal; variables inside it are read. */
  #untyped(node: ValueNode): unknown {
    switch (node.kind) {
      case Kind.VARIABLE:
        this.readVariables.add(node.name.value)
        return this.variables[node.name.value] ?? null
      case Kind.INT:
      case Kind.FLOAT:
        return Number(node.value)
      case Kind.STRING:
      case Kind.ENUM:
        return node.value
      case Kind.BOOLEAN:
        return node.value
      case Kind.NULL:
        return null
      case Kind.LIST:
        return node.values.map((item) => this.#untyped(item))
      case Kind.OBJECT:
        return Object.fromEntries(node.fields.map((field) => [field.name.value, this.#untyped(field.value)]))
    }
  }
}

function isBuiltIn(type: GraphQLInputType): boolean {
  return type instanceof GraphQLScalarType && ['Int', 'Float', 'String', 'Boolean'].includes(type.name)
}

function namedType(type: GraphQLInputType): string {
  return type instanceof GraphQLNonNull || type instanceof GraphQLList ? namedType(type.ofType) : type.name
}

function expectedKind(type: GraphQLInputType): string {
  if (type instanceof GraphQLList) return 'a list'
  if (type instanceof GraphQLInputObjectType) return 'an object'
  if (type instanceof GraphQLEnumType) return 'an enum value'
  return 'a value'
}
