import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLFieldConfig,
  type GraphQLNamedType,
} from 'graphql'
import type { RoleSchemaBuilder } from './build-role-schema.ts'
import { sortFields } from './comparison-types.ts'
import { engineExtensions } from './field-meanings.ts'
import type { TableAccess } from './role-access.ts'

/** Stream types per role schema, made once per name as the builder makes its own. */
const typesOf = new WeakMap<RoleSchemaBuilder, Map<string, GraphQLNamedType>>()

function once<T extends GraphQLNamedType>(builder: RoleSchemaBuilder, name: string, make: () => T): T {
  let types = typesOf.get(builder)
  if (!types) {
    types = new Map()
    typesOf.set(builder, types)
  }
  const existing = types.get(name)
  if (existing) return existing as T
  const created = make()
  types.set(name, created)
  return created
}

/**
 * Hasura v2's streaming subscription root field, `T_stream(batch_size: Int!, cursor:
 * [T_stream_cursor_input]!, where: T_bool_exp): [T!]!`, with its names and descriptions
 * (hasura/graphql-engine `Hasura.GraphQL.Schema.SubscriptionStream`). Hasura offers it only for
 * tables with a selectable scalar column: the cursor needs one.
 */
export function buildStreamField(builder: RoleSchemaBuilder, access: TableAccess): GraphQLFieldConfig<unknown, unknown> {
  const table = access.table
  return {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(builder.tableType(access)))),
    args: {
      batch_size: { type: new GraphQLNonNull(GraphQLInt), description: 'maximum number of rows returned in a single batch' },
      cursor: {
        type: new GraphQLNonNull(new GraphQLList(streamCursorInput(builder, access))),
        description: 'cursor to stream the results returned by the query',
      },
      where: { type: builder.boolExp(access), description: 'filter the rows returned' },
    },
    description: `fetch data from the table in a streaming manner: "${table.name}"`,
    extensions: engineExtensions({ kind: 'select_stream', access }),
  }
}

function streamCursorInput(builder: RoleSchemaBuilder, access: TableAccess): GraphQLInputObjectType {
  const table = access.table
  const name = `${table.gqlName}_stream_cursor_input`
  return once(
    builder,
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `Streaming cursor of the table "${table.gqlName}"`,
        fields: () => ({
          initial_value: {
            type: new GraphQLNonNull(streamCursorValueInput(builder, access)),
            description: 'Stream column input with initial value',
          },
          ordering: { type: cursorOrdering(builder), description: 'cursor ordering' },
        }),
      }),
  )
}

/** Every selectable column, each optional: the cursor is the one column given a value. */
function streamCursorValueInput(builder: RoleSchemaBuilder, access: TableAccess): GraphQLInputObjectType {
  const name = `${access.table.gqlName}_stream_cursor_value_input`
  return once(
    builder,
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: 'Initial value of the column from where the streaming should start',
        fields: () =>
          sortFields(
            Object.fromEntries(
              access.columns.map((column) => [
                column.gqlName,
                {
                  type: builder.columnType(column),
                  description: column.comment ?? undefined,
                },
              ]),
            ),
          ),
      }),
  )
}

function cursorOrdering(builder: RoleSchemaBuilder): GraphQLEnumType {
  return once(
    builder,
    'cursor_ordering',
    () =>
      new GraphQLEnumType({
        name: 'cursor_ordering',
        description: 'ordering argument of a cursor',
        values: {
          ASC: { value: 'ASC', description: 'ascending ordering of the cursor' },
          DESC: { value: 'DESC', description: 'descending ordering of the cursor' },
        },
      }),
  )
}
