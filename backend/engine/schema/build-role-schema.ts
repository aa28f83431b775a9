import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLNamedType,
} from 'graphql'
import { aggregateType } from './aggregate-types.ts'
import { MutationSchemaBuilder } from './build-mutation-fields.ts'
import { ComparisonTypes, sortFields } from './comparison-types.ts'
import { engineExtensions } from './field-meanings.ts'
import { boolExpType, isOrderable, orderByType } from './filter-order-types.ts'
import { readRootType } from './query-root-fields.ts'
import type { RoleModel, TableAccess } from './role-access.ts'
import { orderByEnum, postgresScalar } from './scalar-types.ts'
import type { ColumnInfo, FunctionInfo } from './source-model.ts'

/**
 * Builds one role's GraphQL schema with Hasura v2's names: for each table `T` the object type,
 * `T_bool_exp`, `T_order_by`, `T_select_column`, `T_aggregate`, and the root fields `T`,
 * `T_by_pk`, `T_aggregate` (custom names applied). Output fields carry `extensions.engine`
 * (field-meanings.ts) for the planner. Types are made once per name, so the builder can be reused by
 * the mutation and subscription schema code. This file holds the registry and the table's own
 * types; the families of types around them have modules of their own: filter-order-types.ts
 * (`where`, `order_by`), aggregate-types.ts, query-root-fields.ts, build-mutation-fields.ts,
 * build-stream-fields.ts.
 */
export class RoleSchemaBuilder {
  readonly #types = new Map<string, GraphQLNamedType>()
  readonly comparisons: ComparisonTypes

  constructor(readonly role: RoleModel) {
    this.comparisons = new ComparisonTypes((name) => this.scalar(name))
  }

  build(): GraphQLSchema {
    const query = readRootType(this, 'query_root', 'queryRootFields')
    const subscription = readRootType(this, 'subscription_root', 'subscriptionRootFields')
    const mutation = new MutationSchemaBuilder(this).rootType(this.role.mutationFunctions)
    return new GraphQLSchema({ query, mutation, subscription })
  }

  scalar(name: string): GraphQLNamedType & GraphQLInputType & GraphQLOutputType & { name: string } {
    return this.once(name, () => postgresScalar(name)) as ReturnType<RoleSchemaBuilder['scalar']>
  }

  /** A column's type: its scalar, or `T_enum` when it references an enum table. */
  columnType(column: ColumnInfo): GraphQLNamedType & GraphQLInputType & GraphQLOutputType & { name: string } {
    const enumTable = column.enumTable && this.role.model.tables.get(column.enumTable)
    if (!enumTable) return this.scalar(column.scalar)
    const name = `${enumTable.gqlName}_enum`
    return this.once(
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
    return this.once('order_by', orderByEnum) as GraphQLEnumType
  }

  /**
   * A role that may select no column of a table (only aggregate `count`, say) gets no object type
   * for it: GraphQL types need fields, and Hasura leaves such types and their fields out.
   */
  hasFields(access: TableAccess): boolean {
    return access.columns.length > 0 || access.table.relationships.some((r) => this.role.access.has(r.target))
  }

  tableType(access: TableAccess): GraphQLObjectType {
    const table = access.table
    return this.once(
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
          type: new GraphQLNonNull(aggregateType(this, target)),
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
    if (isOrderable(this, access)) {
      args.order_by = {
        type: new GraphQLList(new GraphQLNonNull(orderByType(this, access))),
        description: 'sort the rows by one or more columns',
      }
    }
    args.where = { type: this.boolExp(access), description: 'filter the rows returned' }
    return args
  }

  selectColumn(access: TableAccess): GraphQLEnumType {
    const name = `${access.table.gqlName}_select_column`
    return this.once(
      name,
      () =>
        new GraphQLEnumType({
          name,
          description: `select columns of table "${access.table.name}"`,
          values: Object.fromEntries(access.columns.map((c) => [c.gqlName, { value: c.name, description: 'column name' }])),
        }),
    ) as GraphQLEnumType
  }

  /** `T_bool_exp`, which mutations' `where` and streams share with queries. */
  boolExp(access: TableAccess): GraphQLInputObjectType {
    return boolExpType(this, access)
  }

  functionArgs(fn: FunctionInfo): GraphQLInputObjectType {
    const name = `${fn.gqlName}_args`
    return this.once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          fields: () => Object.fromEntries(fn.args.map((arg) => [arg.name, { type: this.scalar(arg.scalar) }])),
        }),
    ) as GraphQLInputObjectType
  }

  /** Types are made once per name: the schema holds one type per name, and relationships form cycles. */
  once<T extends GraphQLNamedType>(name: string, make: () => T): T {
    const existing = this.#types.get(name)
    if (existing) return existing as T
    const created = make()
    this.#types.set(name, created)
    return created
  }
}
