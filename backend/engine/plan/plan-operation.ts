/**
 * Planning: from a validated document, the role's schema and the request's variables, to the
 * typed plan of ir.ts. Terms:
 * - response key: a field's alias, else its name; a Hasura error path is built from them
 *   (`$.selectionSet.author.selectionSet.articles.args.where`);
 * - field meaning: what a schema field stands for (field-meanings.ts), read from `extensions.engine`;
 * - row source: the rows one select reads (table or function, filter, order, limit);
 * - read variables: variables whose values shaped the plan; the plan cache keys on them;
 * - shaped variables: variables of column values, whose shape alone did (variable-shape.ts).
 * The planner never touches the database and never writes SQL.
 */
import {
  GraphQLNonNull,
  GraphQLObjectType,
  getNullableType,
  getNamedType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql'
import { EngineError, validationError } from '../engine-error.ts'
import { mutationMeaningOf } from '../schema/mutation-field-meanings.ts'
import { fieldMeaningOf } from '../schema/field-meanings.ts'
import type { RoleModel, TableAccess } from '../schema/role-access.ts'
import type { ColumnInfo, RelationshipInfo } from '../schema/source-model.ts'
import { and, BoolExpBuilder, typedValue } from './build-bool-exp.ts'
import { collectFields } from './collect-fields.ts'
import { InputReader } from './input-reader.ts'
import { paramOf } from './variable-slot.ts'
import type {
  AggregateField,
  AggregateOutput,
  AggregatePlan,
  BoolExp,
  OperationPlan,
  OutputField,
  RootField,
  RowSource,
  SelectPlan,
} from './ir.ts'
import { parseJsonPath } from './json-path.ts'
import { planMutation } from './plan-mutation.ts'
import { emptySource, functionCall, rowSource } from './plan-row-source.ts'
import { planStream } from './plan-stream.ts'

export interface PlanInput {
  schema: GraphQLSchema
  role: RoleModel
  operation: OperationDefinitionNode
  fragments: Map<string, FragmentDefinitionNode>
  /** Variables as graphql-js coerced them against the operation's definitions. */
  variables: Record<string, unknown>
  stringifyNumericTypes: boolean
}

export interface PlannedOperation {
  plan: OperationPlan
  /** Variables whose values shaped the plan. */
  readVariables: Set<string>
  /** Variables of column values whose shape did, with their types (plan/variable-shape.ts). */
  shapedVariables: Map<string, GraphQLInputType>
}

type Args = Record<string, unknown>
type AnyField = GraphQLField<unknown, unknown>

export function planOperation(input: PlanInput): PlannedOperation {
  const nonNull = new Set(
    input.operation.variableDefinitions?.filter((d) => d.type.kind === Kind.NON_NULL_TYPE).map((d) => d.variable.name.value) ?? [],
  )
  const planner = new Planner(input, new InputReader(input.variables, nonNull))
  const plan = planner.operation()
  return { plan, readVariables: planner.reader.readVariables, shapedVariables: planner.reader.shapedVariables }
}

class Planner {
  readonly boolExps: BoolExpBuilder

  constructor(
    readonly input: PlanInput,
    readonly reader: InputReader,
  ) {
    this.boolExps = new BoolExpBuilder(input.role)
  }

  operation(): OperationPlan {
    const { schema, operation } = this.input
    const rootType =
      operation.operation === 'query'
        ? schema.getQueryType()
        : operation.operation === 'subscription'
          ? schema.getSubscriptionType()
          : schema.getMutationType()
    if (!rootType) throw validationError('$', `no mutations exist`)
    const fields = this.#collect(rootType.name, [operation.selectionSet], '$')
    const rootFields: RootField[] = []
    for (const [key, nodes] of fields) {
      const node = nodes[0] as FieldNode
      const name = node.name.value
      const path = `$.selectionSet.${key}`
      if (name === '__typename') rootFields.push({ key, kind: 'typename', name: rootType.name })
      else if (name === '__schema' || name === '__type') rootFields.push({ key, kind: 'introspection', nodes })
      else rootFields.push(this.#rootField(key, nodes, this.#field(rootType, name, path), path))
    }
    return { operationType: operation.operation, rootFields }
  }

  #collect(typeName: string, sets: readonly SelectionSetNode[], path: string): Map<string, FieldNode[]> {
    return collectFields(typeName, sets, this.input.fragments, this.reader, path)
  }

  #field(type: GraphQLObjectType, name: string, path: string): AnyField {
    const field = type.getFields()[name]
    if (!field) throw validationError(path, `field '${name}' not found in type: '${type.name}'`)
    return field
  }

  #args(field: AnyField, nodes: FieldNode[], path: string): Args {
    const node = nodes[0] as FieldNode
    const args: Args = {}
    for (const argument of node.arguments ?? []) {
      const name = argument.name.value
      const definition = field.args.find((a) => a.name === name)
      if (!definition) throw validationError(path, `'${field.name}' has no argument named '${name}'`)
      const value = this.reader.read(argument.value, definition.type, `${path}.args.${name}`, true)
      if (value !== undefined) args[name] = value
    }
    for (const definition of field.args) {
      if (definition.type instanceof GraphQLNonNull && args[definition.name] === undefined) {
        throw validationError(path, `missing required field '${definition.name}'`)
      }
    }
    return args
  }

  #subSelections(nodes: FieldNode[]): SelectionSetNode[] {
    return nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []))
  }

  /** The fields selected under `nodes` on `type`, by response key; `field` is null for `__typename`. */
  *#selections(
    type: GraphQLObjectType,
    nodes: FieldNode[],
    path: string,
  ): Generator<{ key: string; fieldNodes: FieldNode[]; at: string; field: AnyField | null }> {
    for (const [key, fieldNodes] of this.#collect(type.name, this.#subSelections(nodes), path)) {
      const name = (fieldNodes[0] as FieldNode).name.value
      const at = `${path}.selectionSet.${key}`
      yield { key, fieldNodes, at, field: name === '__typename' ? null : this.#field(type, name, at) }
    }
  }

  #rootField(key: string, nodes: FieldNode[], field: AnyField, path: string): RootField {
    const meaning = fieldMeaningOf(field)
    const args = this.#args(field, nodes, path)
    switch (meaning?.kind) {
      case 'placeholder':
        return { key, kind: 'placeholder' }
      case 'select':
        return { key, kind: 'select', single: false, plan: this.#select(meaning.access, nodes, args, path, null, null) }
      case 'function':
        return {
          key,
          kind: 'select',
          single: false,
          plan: this.#select(meaning.access, nodes, args, path, null, functionCall(meaning.fn, args, path)),
        }
      case 'select_by_pk': {
        const table = meaning.access.table
        const where = and(
          (table.primaryKey ?? []).map((name): BoolExp => {
            const column = table.columnByName.get(name) as ColumnInfo
            return { kind: 'compare', column, operator: '_eq', value: typedValue(column, paramOf(args[column.gqlName])) }
          }),
        )
        const source: RowSource = { ...emptySource(meaning.access), where: and([this.boolExps.permission(meaning.access), where]) }
        return { key, kind: 'select', single: true, plan: { source, fields: this.#outputFields(meaning.access, nodes, path) } }
      }
      case 'select_aggregate':
        return { key, kind: 'aggregate', plan: this.#aggregate(meaning.access, nodes, args, path, null, null) }
      case 'select_stream':
        return planStream(this, key, meaning.access, nodes, args, path)
      case 'function_aggregate':
        return {
          key,
          kind: 'aggregate',
          plan: this.#aggregate(meaning.access, nodes, args, path, null, functionCall(meaning.fn, args, path)),
        }
      default: {
        const mutation = mutationMeaningOf(field)
        if (mutation) return { key, kind: 'mutation', plan: planMutation(this, mutation, field, nodes, args, path) }
        throw new EngineError('not-supported', `field '${field.name}' is not supported here`, path)
      }
    }
  }

  /** The output fields of a table's rows: the mutation planner's `returning`. */
  selection(access: TableAccess, nodes: FieldNode[], path: string): OutputField[] {
    return this.#outputFields(access, nodes, path)
  }

  #select(
    access: TableAccess,
    nodes: FieldNode[],
    args: Args,
    path: string,
    relationship: RelationshipInfo | null,
    fn: RowSource['function'],
  ): SelectPlan {
    return {
      source: rowSource(this.input.role, this.boolExps, access, args, path, relationship, fn),
      fields: this.#outputFields(access, nodes, path),
    }
  }

  #outputFields(access: TableAccess, nodes: FieldNode[], path: string): OutputField[] {
    const type = this.input.schema.getType(access.table.gqlName) as GraphQLObjectType
    const fields: OutputField[] = []
    for (const { key, fieldNodes, at, field } of this.#selections(type, nodes, path)) {
      if (!field) {
        fields.push({ key, kind: 'typename', name: type.name })
        continue
      }
      const meaning = fieldMeaningOf(field)
      const args = this.#args(field, fieldNodes, at)
      switch (meaning?.kind) {
        case 'column': {
          const path = typeof args.path === 'string' ? parseJsonPath(args.path, `${at}.args.path`) : null
          const stringify = this.input.stringifyNumericTypes && meaning.column.isBigNumber
          fields.push({ key, kind: 'column', column: meaning.column, path: path && path.length > 0 ? path : null, stringify })
          break
        }
        case 'object_relationship': {
          const source: RowSource = {
            ...emptySource(meaning.target),
            where: this.boolExps.permission(meaning.target),
            parentJoin: meaning.relationship.mapping,
          }
          fields.push({
            key,
            kind: 'object',
            relationship: meaning.relationship,
            select: { source, fields: this.#outputFields(meaning.target, fieldNodes, at) },
          })
          break
        }
        case 'array_relationship':
          fields.push({
            key,
            kind: 'array',
            relationship: meaning.relationship,
            select: this.#select(meaning.target, fieldNodes, args, at, meaning.relationship, null),
          })
          break
        case 'aggregate_relationship':
          fields.push({
            key,
            kind: 'aggregate',
            relationship: meaning.relationship,
            select: this.#aggregate(meaning.target, fieldNodes, args, at, meaning.relationship, null),
          })
          break
        default:
          throw new EngineError('unexpected', `field '${field.name}' has no plan`, at)
      }
    }
    return fields
  }

  #aggregate(
    access: TableAccess,
    nodes: FieldNode[],
    args: Args,
    path: string,
    relationship: RelationshipInfo | null,
    fn: RowSource['function'],
  ): AggregatePlan {
    const type = this.input.schema.getType(`${access.table.gqlName}_aggregate`) as GraphQLObjectType
    const outputs: AggregateOutput[] = []
    for (const { key, fieldNodes, at, field } of this.#selections(type, nodes, path)) {
      if (!field) {
        outputs.push({ key, kind: 'typename', name: type.name })
        continue
      }
      const meaning = fieldMeaningOf(field)
      if (meaning?.kind === 'nodes') outputs.push({ key, kind: 'nodes', fields: this.#outputFields(access, fieldNodes, at) })
      else
        outputs.push({
          key,
          kind: 'aggregate',
          fields: this.#aggregateFields(getNamedType(field.type) as GraphQLObjectType, fieldNodes, at),
        })
    }
    // Hasura counts every permitted row: the permission's row limit bounds lists, not aggregates.
    return {
      source: { ...rowSource(this.input.role, this.boolExps, access, args, path, relationship, fn), permissionLimit: null },
      outputs,
    }
  }

  #aggregateFields(type: GraphQLObjectType, nodes: FieldNode[], path: string): AggregateField[] {
    const fields: AggregateField[] = []
    for (const { key, fieldNodes, at, field } of this.#selections(type, nodes, path)) {
      if (!field) {
        fields.push({ key, kind: 'typename', name: type.name })
        continue
      }
      const meaning = fieldMeaningOf(field)
      const args = this.#args(field, fieldNodes, at)
      if (meaning?.kind === 'count') {
        const columns = ((args.columns ?? []) as string[]).map((name) => meaning.access.table.columnByName.get(name) as ColumnInfo)
        fields.push({ key, kind: 'count', columns, distinct: args.distinct === true })
      } else if (meaning?.kind === 'aggregate_operator') {
        const operatorType = getNullableType(field.type) as GraphQLObjectType
        const columns = [...this.#collect(operatorType.name, this.#subSelections(fieldNodes), at)].map(([columnKey, columnNodes]) => {
          const columnNode = columnNodes[0] as FieldNode
          if (columnNode.name.value === '__typename') return { key: columnKey, column: null, stringify: false }
          const columnMeaning = fieldMeaningOf(this.#field(operatorType, columnNode.name.value, `${at}.selectionSet.${columnKey}`))
          const column = columnMeaning?.kind === 'aggregate_column' ? columnMeaning.column : null
          return { key: columnKey, column, stringify: this.input.stringifyNumericTypes && column !== null && column.isBigNumber }
        })
        fields.push({ key, kind: 'operator', operator: meaning.operator, typename: operatorType.name, columns })
      }
    }
    return fields
  }
}
