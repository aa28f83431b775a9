import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLOutputType,
} from 'graphql'
import type { RoleSchemaBuilder } from './build-role-schema.ts'
import { sortFields } from './comparison-types.ts'
import { engineExtensions, type AggregateOperator } from './field-meanings.ts'
import { isComparableType, isNumericType } from './pg-scalars.ts'
import type { TableAccess } from './role-access.ts'
import type { ColumnInfo } from './source-model.ts'

/**
 * The output side of aggregates: `T_aggregate { aggregate nodes }`, `T_aggregate_fields` and one
 * `T_<operator>_fields` per operator that has a column to work on. The order_by side of the same
 * operators (filter-order-types.ts) offers the columns `operatorColumns` picks here.
 */

type Field = GraphQLFieldConfig<unknown, unknown>

export const NUMERIC_OPERATORS: AggregateOperator[] = [
  'avg',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'sum',
  'var_pop',
  'var_samp',
  'variance',
]

/** The columns an aggregate operator applies to: max and min need an ordering, the rest a number. */
export function operatorColumns(access: TableAccess, operator: AggregateOperator): ColumnInfo[] {
  if (operator === 'max' || operator === 'min') {
    return access.columns.filter((c) => c.enumTable === null && isComparableType(c.catalog.type, c.catalog.typeKind))
  }
  return access.columns.filter((c) => c.catalog.elementType === null && isNumericType(c.catalog.type))
}

export function aggregateType(schema: RoleSchemaBuilder, access: TableAccess): GraphQLObjectType {
  const table = access.table
  const name = `${table.gqlName}_aggregate`
  return schema.once(
    name,
    () =>
      new GraphQLObjectType({
        name,
        description: `aggregated selection of "${table.name}"`,
        fields: () => {
          const fields: GraphQLFieldConfigMap<unknown, unknown> = {
            aggregate: { type: aggregateFields(schema, access), extensions: engineExtensions({ kind: 'aggregate', access }) },
          }
          if (schema.hasFields(access)) {
            fields.nodes = {
              type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(schema.tableType(access)))),
              extensions: engineExtensions({ kind: 'nodes', access }),
            }
          }
          return fields
        },
      }),
  )
}

function aggregateFields(schema: RoleSchemaBuilder, access: TableAccess): GraphQLObjectType {
  const table = access.table
  const name = `${table.gqlName}_aggregate_fields`
  return schema.once(
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
                  columns: { type: new GraphQLList(new GraphQLNonNull(schema.selectColumn(access))) },
                  distinct: { type: GraphQLBoolean },
                }
          const fields: GraphQLFieldConfigMap<unknown, unknown> = {
            count: { type: new GraphQLNonNull(GraphQLInt), args: countArgs, extensions: engineExtensions({ kind: 'count', access }) },
          }
          for (const operator of [...NUMERIC_OPERATORS, 'max', 'min'] as AggregateOperator[]) {
            const columns = operatorColumns(access, operator)
            if (columns.length === 0) continue
            const opName = `${table.gqlName}_${operator}_fields`
            fields[operator] = {
              type: schema.once(
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
                            type: aggregateColumnType(schema, operator, column),
                            extensions: engineExtensions({ kind: 'aggregate_column', operator, column }),
                          },
                        ]),
                      ),
                  }),
              ),
              extensions: engineExtensions({ kind: 'aggregate_operator', operator, access }),
            }
          }
          return sortFields(fields)
        },
      }),
  )
}

/** Hasura: sum, max and min keep the column's type; the statistical operators answer Float. */
function aggregateColumnType(schema: RoleSchemaBuilder, operator: AggregateOperator, column: ColumnInfo): GraphQLOutputType {
  if (operator === 'sum' || operator === 'max' || operator === 'min') return schema.columnType(column)
  return GraphQLFloat
}
