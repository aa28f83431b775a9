import {
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  GraphQLBoolean,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLNamedType,
} from 'graphql'
import { MutationSchemaBuilder } from './build-mutation-fields.ts'
import { buildStreamField } from './build-stream-fields.ts'
import { ComparisonTypes, sortFields } from './comparison-types.ts'
import { engineExtensions, type AggregateOperator } from './field-meanings.ts'
import { isComparableType, isNumericType } from './pg-scalars.ts'
import type { RoleModel, TableAccess } from './role-access.ts'
import { orderByEnum, postgresScalar } from './scalar-types.ts'
import type { ColumnInfo, FunctionInfo } from './source-model.ts'

type Field = GraphQLFieldConfig<unknown, unknown>

const NUMERIC_OPERATORS: AggregateOperator[] = ['avg', 'stddev', 'stddev_pop', 'stddev_samp', 'sum', 'var_pop', 'var_samp', 'variance']

/**
 * Builds one role's GraphQL schema with Hasura v2's names: for each table `T` the object type,
 * `T_bool_exp`, `T_order_by`, `T_select_column`, `T_aggregate`, and the root fields `T`,
 * `T_by_pk`, `T_aggregate` (custom names applied). Output fields carry `extensions.engine`
 * (field-meanings.ts) for the planner. Types are made once per name, so the builder can be reused by
 * the mutation and subscription schema code.
 */
export class RoleSchemaBuilder {
  readonly #types = new Map<string, GraphQLNamedType>()
  readonly comparisons: ComparisonTypes

  constructor(readonly role: RoleModel) {
    this.comparisons = new ComparisonTypes((name) => this.scalar(name))
  }

  build(): GraphQLSchema {
    const query = this.#rootType('query_root', 'queryRootFields')
    const subscription = this.#rootType('subscription_root', 'subscriptionRootFields')
    const mutation = new MutationSchemaBuilder(this).rootType(this.role.mutationFunctions)
    return new GraphQLSchema({ query, mutation, subscription })
  }

  scalar(name: string): GraphQLNamedType & GraphQLInputType & GraphQLOutputType & { name: string } {
    return this.#once(name, () => postgresScalar(name)) as ReturnType<RoleSchemaBuilder['scalar']>
  }

  /** A column's type: its scalar, or `T_enum` when it references an enum table. */
  columnType(column: ColumnInfo): GraphQLNamedType & GraphQLInputType & GraphQLOutputType & { name: string } {
    const enumTable = column.enumTable && this.role.model.tables.get(column.enumTable)
    if (!enumTable) return this.scalar(column.scalar)
    const name = `${enumTable.gqlName}_enum`
    return this.#once(
      name,
      () =>
        new GraphQLEnumType({
          name,
          values: Object.fromEntries(
            enumTable.enumValues
              .filter((v) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(v.value))
              .map((v) => [v.value, { value: v.value, description: v.comment }]),
          ),
        }),
    ) as GraphQLEnumType
  }

  orderBy(): GraphQLEnumType {
    return this.#once('order_by', orderByEnum) as GraphQLEnumType
  }

  /**
   * A role that may select no column of a table (only aggregate `count`, say) gets no object type
   * for it: GraphQL types need fields, and Hasura leaves such types and their fields out.
   */
  hasFields(access: TableAccess): boolean {
    return access.columns.length > 0 || access.table.relationships.some((r) => this.role.access.has(r.target))
  }

  #isOrderable(access: TableAccess): boolean {
    return (
      access.columns.length > 0 ||
      access.table.relationships.some((r) => {
        const target = this.role.access.get(r.target)
        return target !== undefined && (r.kind === 'object' ? this.#isOrderable(target) : target.allowAggregations)
      })
    )
  }

  tableType(access: TableAccess): GraphQLObjectType {
    const table = access.table
    return this.#once(
      table.gqlName,
      () =>
        new GraphQLObjectType({
          name: table.gqlName,
          description: table.comment ?? `columns and relationships of "${table.name}"`,
          fields: () => sortFields(this.#tableFields(access)),
        }),
    ) as GraphQLObjectType
  }

  #tableFields(access: TableAccess): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
    for (const column of access.columns) {
      const type = this.columnType(column)
      const args: GraphQLFieldConfigArgumentMap =
        column.catalog.type === 'json' || column.catalog.type === 'jsonb'
          ? { path: { type: GraphQLString, description: 'JSON select path' } }
          : {}
      fields[column.gqlName] = {
        type: column.catalog.nullable ? type : new GraphQLNonNull(type),
        args,
        description: column.comment ?? undefined,
        extensions: engineExtensions({ kind: 'column', column }),
      }
    }
    for (const relationship of access.table.relationships) {
      const target = this.role.access.get(relationship.target)
      if (!target) continue
      if (relationship.kind === 'object') {
        if (!this.hasFields(target)) continue
        const type = this.tableType(target)
        fields[relationship.name] = {
          type: relationship.nonNull ? new GraphQLNonNull(type) : type,
          description: 'An object relationship',
          extensions: engineExtensions({ kind: 'object_relationship', relationship, target }),
        }
        continue
      }
      if (this.hasFields(target)) {
        fields[relationship.name] = {
          type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(this.tableType(target)))),
          args: this.selectArgs(target),
          description: 'An array relationship',
          extensions: engineExtensions({ kind: 'array_relationship', relationship, target }),
        }
      }
      if (target.allowAggregations) {
        fields[`${relationship.name}_aggregate`] = {
          type: new GraphQLNonNull(this.aggregateType(target)),
          args: this.selectArgs(target),
          description: 'An aggregate relationship',
          extensions: engineExtensions({ kind: 'aggregate_relationship', relationship, target }),
        }
      }
    }
    return fields
  }

  selectArgs(access: TableAccess): GraphQLFieldConfigArgumentMap {
    const args: GraphQLFieldConfigArgumentMap = {}
    if (access.columns.length > 0) {
      args.distinct_on = { type: new GraphQLList(new GraphQLNonNull(this.selectColumn(access))), description: 'distinct select on columns' }
    }
    args.limit = { type: GraphQLInt, description: 'limit the number of rows returned' }
    args.offset = { type: GraphQLInt, description: 'skip the first n rows. Use only with order_by' }
    if (this.#isOrderable(access)) {
      args.order_by = {
        type: new GraphQLList(new GraphQLNonNull(this.orderByType(access))),
        description: 'sort the rows by one or more columns',
      }
    }
    args.where = { type: this.boolExp(access), description: 'filter the rows returned' }
    return args
  }

  selectColumn(access: TableAccess): GraphQLEnumType {
    const name = `${access.table.gqlName}_select_column`
    return this.#once(
      name,
      () =>
        new GraphQLEnumType({
          name,
          description: `select columns of table "${access.table.name}"`,
          values: Object.fromEntries(access.columns.map((c) => [c.gqlName, { value: c.name, description: 'column name' }])),
        }),
    ) as GraphQLEnumType
  }

  boolExp(access: TableAccess): GraphQLInputObjectType {
    const name = `${access.table.gqlName}_bool_exp`
    const type: GraphQLInputObjectType = this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `Boolean expression to filter rows from the table "${access.table.name}". All fields are combined with a logical 'AND'.`,
          fields: () => {
            const self = this.boolExp(access)
            const fields: GraphQLInputFieldConfigMap = {
              _and: { type: new GraphQLList(new GraphQLNonNull(self)) },
              _not: { type: self },
              _or: { type: new GraphQLList(new GraphQLNonNull(self)) },
            }
            for (const column of access.columns) {
              const columnType = this.columnType(column)
              fields[column.gqlName] = {
                type: this.comparisons.forType(columnType, column.catalog.type, columnType instanceof GraphQLEnumType),
              }
            }
            for (const relationship of access.table.relationships) {
              const target = this.role.access.get(relationship.target)
              if (!target) continue
              fields[relationship.name] = { type: this.boolExp(target) }
              if (relationship.kind === 'array' && target.allowAggregations) {
                fields[`${relationship.name}_aggregate`] = { type: this.aggregateBoolExp(target) }
              }
            }
            return sortFields(fields)
          },
        }),
    ) as GraphQLInputObjectType
    return type
  }

  /** Aggregate predicates on array relationships (Hasura v2.17+): `count` with a predicate. */
  aggregateBoolExp(access: TableAccess): GraphQLInputObjectType {
    const table = access.table
    const name = `${table.gqlName}_aggregate_bool_exp`
    return this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          fields: () => {
            const countName = `${name}_count`
            const count = this.#once(
              countName,
              () =>
                new GraphQLInputObjectType({
                  name: countName,
                  fields: () =>
                    sortFields({
                      ...(access.columns.length > 0
                        ? { arguments: { type: new GraphQLList(new GraphQLNonNull(this.selectColumn(access))) } }
                        : {}),
                      distinct: { type: GraphQLBoolean },
                      filter: { type: this.boolExp(access) },
                      predicate: { type: new GraphQLNonNull(this.comparisons.forType(GraphQLInt, 'int4')) },
                    }),
                }),
            ) as GraphQLInputObjectType
            return { count: { type: count } }
          },
        }),
    ) as GraphQLInputObjectType
  }

  orderByType(access: TableAccess): GraphQLInputObjectType {
    const name = `${access.table.gqlName}_order_by`
    return this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `Ordering options when selecting data from "${access.table.name}".`,
          fields: () => {
            const fields: GraphQLInputFieldConfigMap = {}
            for (const column of access.columns) fields[column.gqlName] = { type: this.orderBy() }
            for (const relationship of access.table.relationships) {
              const target = this.role.access.get(relationship.target)
              if (!target) continue
              if (relationship.kind === 'object') {
                if (this.#isOrderable(target)) fields[relationship.name] = { type: this.orderByType(target) }
              } else if (target.allowAggregations) fields[`${relationship.name}_aggregate`] = { type: this.aggregateOrderBy(target) }
            }
            return sortFields(fields)
          },
        }),
    ) as GraphQLInputObjectType
  }

  aggregateOrderBy(access: TableAccess): GraphQLInputObjectType {
    const table = access.table
    const name = `${table.gqlName}_aggregate_order_by`
    return this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `order by aggregate values of table "${table.name}"`,
          fields: () => {
            const fields: GraphQLInputFieldConfigMap = { count: { type: this.orderBy() } }
            for (const operator of [...NUMERIC_OPERATORS, 'max', 'min'] as AggregateOperator[]) {
              const columns = this.#operatorColumns(access, operator)
              if (columns.length === 0) continue
              const opName = `${table.gqlName}_${operator}_order_by`
              fields[operator] = {
                type: this.#once(
                  opName,
                  () =>
                    new GraphQLInputObjectType({
                      name: opName,
                      description: `order by ${operator}() on columns of table "${table.name}"`,
                      fields: () => Object.fromEntries(columns.map((c) => [c.gqlName, { type: this.orderBy() }])),
                    }),
                ) as GraphQLInputObjectType,
              }
            }
            return sortFields(fields)
          },
        }),
    ) as GraphQLInputObjectType
  }

  #operatorColumns(access: TableAccess, operator: AggregateOperator): ColumnInfo[] {
    if (operator === 'max' || operator === 'min') {
      return access.columns.filter((c) => c.enumTable === null && isComparableType(c.catalog.type, c.catalog.typeKind))
    }
    return access.columns.filter((c) => c.catalog.elementType === null && isNumericType(c.catalog.type))
  }

  aggregateType(access: TableAccess): GraphQLObjectType {
    const table = access.table
    const name = `${table.gqlName}_aggregate`
    return this.#once(
      name,
      () =>
        new GraphQLObjectType({
          name,
          description: `aggregated selection of "${table.name}"`,
          fields: () => {
            const fields: GraphQLFieldConfigMap<unknown, unknown> = {
              aggregate: { type: this.#aggregateFields(access), extensions: engineExtensions({ kind: 'aggregate', access }) },
            }
            if (this.hasFields(access)) {
              fields.nodes = {
                type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(this.tableType(access)))),
                extensions: engineExtensions({ kind: 'nodes', access }),
              }
            }
            return fields
          },
        }),
    ) as GraphQLObjectType
  }

  #aggregateFields(access: TableAccess): GraphQLObjectType {
    const table = access.table
    const name = `${table.gqlName}_aggregate_fields`
    return this.#once(
      name,
      () =>
        new GraphQLObjectType({
          name,
          description: `aggregate fields of "${table.name}"`,
          fields: () => {
            const countArgs: GraphQLFieldConfigArgumentMap =
              access.columns.length === 0
                ? {}
                : {
                    columns: { type: new GraphQLList(new GraphQLNonNull(this.selectColumn(access))) },
                    distinct: { type: GraphQLBoolean },
                  }
            const fields: GraphQLFieldConfigMap<unknown, unknown> = {
              count: { type: new GraphQLNonNull(GraphQLInt), args: countArgs, extensions: engineExtensions({ kind: 'count', access }) },
            }
            for (const operator of [...NUMERIC_OPERATORS, 'max', 'min'] as AggregateOperator[]) {
              const columns = this.#operatorColumns(access, operator)
              if (columns.length === 0) continue
              const opName = `${table.gqlName}_${operator}_fields`
              fields[operator] = {
                type: this.#once(
                  opName,
                  () =>
                    new GraphQLObjectType({
                      name: opName,
                      description: `aggregate ${operator} on columns`,
                      fields: () =>
                        Object.fromEntries(
                          columns.map((column): [string, Field] => [
                            column.gqlName,
                            {
                              type: this.#aggregateColumnType(operator, column),
                              extensions: engineExtensions({ kind: 'aggregate_column', operator, column }),
                            },
                          ]),
                        ),
                    }),
                ) as GraphQLObjectType,
                extensions: engineExtensions({ kind: 'aggregate_operator', operator, access }),
              }
            }
            return sortFields(fields)
          },
        }),
    ) as GraphQLObjectType
  }

  /** Hasura: sum, max and min keep the column's type; the statistical operators answer Float. */
  #aggregateColumnType(operator: AggregateOperator, column: ColumnInfo): GraphQLOutputType {
    if (operator === 'sum' || operator === 'max' || operator === 'min') return this.columnType(column)
    return GraphQLFloat
  }

  functionArgs(fn: FunctionInfo): GraphQLInputObjectType {
    const name = `${fn.gqlName}_args`
    return this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          fields: () => Object.fromEntries(fn.args.map((arg) => [arg.name, { type: this.scalar(arg.scalar) }])),
        }),
    ) as GraphQLInputObjectType
  }

  #rootType(name: string, which: 'queryRootFields' | 'subscriptionRootFields'): GraphQLObjectType {
    return new GraphQLObjectType({
      name,
      fields: () => {
        const fields = this.rootFields(which)
        if (Object.keys(fields).length === 0) {
          // Hasura's placeholder when a role may query nothing: a schema needs one root field.
          fields.no_queries_available = { type: new GraphQLNonNull(GraphQLString), extensions: engineExtensions({ kind: 'placeholder' }) }
        }
        return sortFields(fields)
      },
    })
  }

  rootFields(which: 'queryRootFields' | 'subscriptionRootFields'): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
    for (const access of this.role.access.values()) {
      const table = access.table
      const allowed = access[which]
      const selectable = this.hasFields(access)
      if (allowed.has('select') && selectable) {
        const listType = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(this.tableType(access))))
        fields[table.rootFields.select] = {
          type: listType,
          args: this.selectArgs(access),
          description: `fetch data from the table: "${table.name}"`,
          extensions: engineExtensions({ kind: 'select', access }),
        }
      }
      const pk = table.primaryKey
      const visible = new Set(access.columns.map((c) => c.name))
      if (allowed.has('select_by_pk') && selectable && pk && pk.every((c) => visible.has(c))) {
        fields[table.rootFields.selectByPk] = {
          type: this.tableType(access),
          args: Object.fromEntries(
            pk.map((name) => {
              const column = table.columnByName.get(name) as ColumnInfo
              return [column.gqlName, { type: new GraphQLNonNull(this.columnType(column)) }]
            }),
          ),
          description: `fetch data from the table: "${table.name}" using primary key columns`,
          extensions: engineExtensions({ kind: 'select_by_pk', access }),
        }
      }
      if (allowed.has('select_aggregate') && access.allowAggregations) {
        fields[table.rootFields.selectAggregate] = {
          type: new GraphQLNonNull(this.aggregateType(access)),
          args: this.selectArgs(access),
          description: `fetch aggregated fields from the table: "${table.name}"`,
          extensions: engineExtensions({ kind: 'select_aggregate', access }),
        }
      }
      if (which === 'subscriptionRootFields' && allowed.has('select_stream') && access.columns.length > 0) {
        fields[table.rootFields.selectStream] = buildStreamField(this, access)
      }
    }
    for (const fn of this.role.functions) {
      const access = this.role.access.get(fn.returnTable) as TableAccess
      if (!this.hasFields(access)) continue
      const required = fn.args.some((a) => !a.hasDefault)
      const args: GraphQLFieldConfigArgumentMap =
        fn.args.length === 0
          ? {}
          : {
              args: {
                type: required ? new GraphQLNonNull(this.functionArgs(fn)) : this.functionArgs(fn),
                description: `input parameters for function "${fn.gqlName}"`,
              },
            }
      fields[fn.gqlName] = {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(this.tableType(access)))),
        args: { ...args, ...this.selectArgs(access) },
        description: `execute function "${fn.name}" which returns "${access.table.name}"`,
        extensions: engineExtensions({ kind: 'function', fn, access }),
      }
      if (access.allowAggregations) {
        fields[fn.aggregateName] = {
          type: new GraphQLNonNull(this.aggregateType(access)),
          args: { ...args, ...this.selectArgs(access) },
          description: `execute function "${fn.name}" and query aggregates on result of table type "${access.table.name}"`,
          extensions: engineExtensions({ kind: 'function_aggregate', fn, access }),
        }
      }
    }
    return fields
  }

  #once<T extends GraphQLNamedType>(name: string, make: () => T): T {
    const existing = this.#types.get(name)
    if (existing) return existing as T
    const created = make()
    this.#types.set(name, created)
    return created
  }
}
