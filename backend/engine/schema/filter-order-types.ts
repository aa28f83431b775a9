import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLInputFieldConfigMap,
} from 'graphql'
import { NUMERIC_OPERATORS, operatorColumns } from './aggregate-types.ts'
import type { RoleSchemaBuilder } from './build-role-schema.ts'
import { sortFields } from './comparison-types.ts'
import type { AggregateOperator } from './field-meanings.ts'
import type { TableAccess } from './role-access.ts'

/**
 * The input types of `where` and `order_by`: `T_bool_exp` with its aggregate predicates, and
 * `T_order_by` with its aggregate orderings. Both follow the role's relationships, so each type
 * is made lazily (`fields: () => …`) and once per name: relationships may form cycles.
 */

export function boolExpType(schema: RoleSchemaBuilder, access: TableAccess): GraphQLInputObjectType {
  const name = `${access.table.gqlName}_bool_exp`
  const type: GraphQLInputObjectType = schema.once(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `Boolean expression to filter rows from the table "${access.table.name}". All fields are combined with a logical 'AND'.`,
        fields: () => {
          const self = boolExpType(schema, access)
          const fields: GraphQLInputFieldConfigMap = {
            _and: { type: new GraphQLList(new GraphQLNonNull(self)) },
            _not: { type: self },
            _or: { type: new GraphQLList(new GraphQLNonNull(self)) },
          }
          for (const column of access.columns) {
            const columnType = schema.columnType(column)
            fields[column.gqlName] = {
              type: schema.comparisons.forType(columnType, column.catalog.type, columnType instanceof GraphQLEnumType),
            }
          }
          for (const relationship of access.table.relationships) {
            const target = schema.role.access.get(relationship.target)
            if (!target) continue
            fields[relationship.name] = { type: boolExpType(schema, target) }
            if (relationship.kind === 'array' && target.allowAggregations) {
              fields[`${relationship.name}_aggregate`] = { type: aggregateBoolExpType(schema, target) }
            }
          }
          return sortFields(fields)
        },
      }),
  )
  return type
}

/** Aggregate predicates on array relationships (Hasura v2.17+): `count` with a predicate. */
function aggregateBoolExpType(schema: RoleSchemaBuilder, access: TableAccess): GraphQLInputObjectType {
  const table = access.table
  const name = `${table.gqlName}_aggregate_bool_exp`
  return schema.once(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        fields: () => {
          const countName = `${name}_count`
          const count = schema.once(
            countName,
            () =>
              new GraphQLInputObjectType({
                name: countName,
                fields: () =>
                  sortFields({
                    ...(access.columns.length > 0
                      ? { arguments: { type: new GraphQLList(new GraphQLNonNull(schema.selectColumn(access))) } }
                      : {}),
                    distinct: { type: GraphQLBoolean },
                    filter: { type: boolExpType(schema, access) },
                    predicate: { type: new GraphQLNonNull(schema.comparisons.forType(GraphQLInt, 'int4')) },
                  }),
              }),
          )
          return { count: { type: count } }
        },
      }),
  )
}

/** Whether `T_order_by` has a field: a column, or a relationship that leads to one. */
export function isOrderable(schema: RoleSchemaBuilder, access: TableAccess): boolean {
  return (
    access.columns.length > 0 ||
    access.table.relationships.some((r) => {
      const target = schema.role.access.get(r.target)
      return target !== undefined && (r.kind === 'object' ? isOrderable(schema, target) : target.allowAggregations)
    })
  )
}

export function orderByType(schema: RoleSchemaBuilder, access: TableAccess): GraphQLInputObjectType {
  const name = `${access.table.gqlName}_order_by`
  return schema.once(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `Ordering options when selecting data from "${access.table.name}".`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {}
          for (const column of access.columns) fields[column.gqlName] = { type: schema.orderBy() }
          for (const relationship of access.table.relationships) {
            const target = schema.role.access.get(relationship.target)
            if (!target) continue
            if (relationship.kind === 'object') {
              if (isOrderable(schema, target)) fields[relationship.name] = { type: orderByType(schema, target) }
            } else if (target.allowAggregations) fields[`${relationship.name}_aggregate`] = { type: aggregateOrderByType(schema, target) }
          }
          return sortFields(fields)
        },
      }),
  )
}

function aggregateOrderByType(schema: RoleSchemaBuilder, access: TableAccess): GraphQLInputObjectType {
  const table = access.table
  const name = `${table.gqlName}_aggregate_order_by`
  return schema.once(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `order by aggregate values of table "${table.name}"`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = { count: { type: schema.orderBy() } }
          for (const operator of [...NUMERIC_OPERATORS, 'max', 'min'] as AggregateOperator[]) {
            const columns = operatorColumns(access, operator)
            if (columns.length === 0) continue
            const opName = `${table.gqlName}_${operator}_order_by`
            fields[operator] = {
              type: schema.once(
                opName,
                () =>
                  new GraphQLInputObjectType({
                    name: opName,
                    description: `order by ${operator}() on columns of table "${table.name}"`,
                    fields: () => Object.fromEntries(columns.map((c) => [c.gqlName, { type: schema.orderBy() }])),
                  }),
              ),
            }
          }
          return sortFields(fields)
        },
      }),
  )
}
