import {
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
} from 'graphql'
import { aggregateType } from './aggregate-types.ts'
import type { RoleSchemaBuilder } from './build-role-schema.ts'
import { buildStreamField } from './build-stream-fields.ts'
import { sortFields } from './comparison-types.ts'
import { engineExtensions } from './field-meanings.ts'
import type { TableAccess } from './role-access.ts'
import type { ColumnInfo } from './source-model.ts'

/**
 * `query_root` and `subscription_root`: the fields `T`, `T_by_pk`, `T_aggregate` (and `T_stream`
 * for subscriptions) per table the role may read, and the tracked functions. Which of them a
 * role gets is its permission's `query_root_fields` / `subscription_root_fields`.
 */

type RootKind = 'queryRootFields' | 'subscriptionRootFields'

export function readRootType(schema: RoleSchemaBuilder, name: string, which: RootKind): GraphQLObjectType {
  return new GraphQLObjectType({
    name,
    fields: () => {
      const fields = readRootFields(schema, which)
      if (Object.keys(fields).length === 0) {
        // Hasura's placeholder when a role may query nothing: a schema needs one root field.
        fields.no_queries_available = { type: new GraphQLNonNull(GraphQLString), extensions: engineExtensions({ kind: 'placeholder' }) }
      }
      return sortFields(fields)
    },
  })
}

function readRootFields(schema: RoleSchemaBuilder, which: RootKind): GraphQLFieldConfigMap<unknown, unknown> {
  const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
  for (const access of schema.role.access.values()) {
    const table = access.table
    const allowed = access[which]
    const selectable = schema.hasFields(access)
    if (allowed.has('select') && selectable) {
      const listType = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(schema.tableType(access))))
      fields[table.rootFields.select] = {
        type: listType,
        args: schema.selectArgs(access),
        description: `fetch data from the table: "${table.name}"`,
        extensions: engineExtensions({ kind: 'select', access }),
      }
    }
    const pk = table.primaryKey
    const visible = new Set(access.columns.map((c) => c.name))
    if (allowed.has('select_by_pk') && selectable && pk && pk.every((c) => visible.has(c))) {
      fields[table.rootFields.selectByPk] = {
        type: schema.tableType(access),
        args: Object.fromEntries(
          pk.map((name) => {
            const column = table.columnByName.get(name) as ColumnInfo
            return [column.gqlName, { type: new GraphQLNonNull(schema.columnType(column)) }]
          }),
        ),
        description: `fetch data from the table: "${table.name}" using primary key columns`,
        extensions: engineExtensions({ kind: 'select_by_pk', access }),
      }
    }
    if (allowed.has('select_aggregate') && access.allowAggregations) {
      fields[table.rootFields.selectAggregate] = {
        type: new GraphQLNonNull(aggregateType(schema, access)),
        args: schema.selectArgs(access),
        description: `fetch aggregated fields from the table: "${table.name}"`,
        extensions: engineExtensions({ kind: 'select_aggregate', access }),
      }
    }
    if (which === 'subscriptionRootFields' && allowed.has('select_stream') && access.columns.length > 0) {
      fields[table.rootFields.selectStream] = buildStreamField(schema, access)
    }
  }
  for (const fn of schema.role.functions) {
    const access = schema.role.access.get(fn.returnTable) as TableAccess
    if (!schema.hasFields(access)) continue
    const required = fn.args.some((a) => !a.hasDefault)
    const args: GraphQLFieldConfigArgumentMap =
      fn.args.length === 0
        ? {}
        : {
            args: {
              type: required ? new GraphQLNonNull(schema.functionArgs(fn)) : schema.functionArgs(fn),
              description: `input parameters for function "${fn.gqlName}"`,
            },
          }
    fields[fn.gqlName] = {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(schema.tableType(access)))),
      args: { ...args, ...schema.selectArgs(access) },
      description: `execute function "${fn.name}" which returns "${access.table.name}"`,
      extensions: engineExtensions({ kind: 'function', fn, access }),
    }
    if (access.allowAggregations) {
      fields[fn.aggregateName] = {
        type: new GraphQLNonNull(aggregateType(schema, access)),
        args: { ...args, ...schema.selectArgs(access) },
        description: `execute function "${fn.name}" and query aggregates on result of table type "${access.table.name}"`,
        extensions: engineExtensions({ kind: 'function_aggregate', fn, access }),
      }
    }
  }
  return fields
}
