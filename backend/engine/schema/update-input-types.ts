import {
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql'
import type { MutationSchemaBuilder } from './build-mutation-fields.ts'
import { sortFields } from './comparison-types.ts'
import type { MutationAccess } from './mutation-access.ts'
import { COLUMN_VALUES } from './mutation-field-meanings.ts'
import { isNumericType } from './pg-scalars.ts'
import type { TableAccess } from './role-access.ts'
import type { ColumnInfo, TableInfo } from './source-model.ts'

/**
 * The arguments of `update_T`, `update_T_by_pk` and `update_T_many`: the update operators
 * (`_set`, `_inc`, the jsonb ones) over the columns the role may update, `T_updates`, and the
 * primary-key inputs `delete_T_by_pk` shares.
 */

export function updateOperators(mutations: MutationSchemaBuilder, access: MutationAccess): GraphQLFieldConfigArgumentMap {
  const table = access.table
  const columns = access.update?.columns ?? []
  const args: GraphQLFieldConfigArgumentMap = {}
  const jsonb = columns.filter((c) => c.catalog.type === 'jsonb')
  const numeric = columns.filter((c) => c.catalog.elementType === null && isNumericType(c.catalog.type))
  const input = (suffix: string, description: string, fields: () => GraphQLInputFieldConfigMap) =>
    mutations.once(
      `${table.gqlName}_${suffix}`,
      () => new GraphQLInputObjectType({ name: `${table.gqlName}_${suffix}`, description, fields, extensions: COLUMN_VALUES }),
    )
  const fieldsOf = (make: () => GraphQLInputType) => () => Object.fromEntries(jsonb.map((c) => [c.gqlName, { type: make() }]))
  if (jsonb.length > 0) {
    args._append = {
      type: input(
        'append_input',
        'append existing jsonb value of filtered columns with new jsonb value',
        fieldsOf(() => mutations.base.scalar('jsonb')),
      ),
      description: 'append existing jsonb value of filtered columns with new jsonb value',
    }
  }
  if (numeric.length > 0) {
    args._inc = {
      type: input('inc_input', `input type for incrementing numeric columns in table "${table.name}"`, () =>
        Object.fromEntries(numeric.map((c) => [c.gqlName, { type: mutations.base.columnType(c) }])),
      ),
      description: 'increments the numeric columns with given value of the filtered values',
    }
  }
  if (jsonb.length > 0) {
    args._delete_at_path = {
      type: input(
        'delete_at_path_input',
        'delete the field or element with specified path (for JSON arrays, negative integers count from the end)',
        fieldsOf(() => new GraphQLList(new GraphQLNonNull(GraphQLString))),
      ),
      description: 'delete the field or element with specified path (for JSON arrays, negative integers count from the end)',
    }
    args._delete_elem = {
      type: input(
        'delete_elem_input',
        'delete the array element with specified index (negative integers count from the end). throws an error if top level container is not an array',
        fieldsOf(() => GraphQLInt),
      ),
      description:
        'delete the array element with specified index (negative integers count from the end). throws an error if top level container is not an array',
    }
    args._delete_key = {
      type: input(
        'delete_key_input',
        'delete key/value pair or string element. key/value pairs are matched based on their key value',
        fieldsOf(() => GraphQLString),
      ),
      description: 'delete key/value pair or string element. key/value pairs are matched based on their key value',
    }
    args._prepend = {
      type: input(
        'prepend_input',
        'prepend existing jsonb value of filtered columns with new jsonb value',
        fieldsOf(() => mutations.base.scalar('jsonb')),
      ),
      description: 'prepend existing jsonb value of filtered columns with new jsonb value',
    }
  }
  if (columns.length > 0) {
    args._set = {
      type: input('set_input', `input type for updating data in table "${table.name}"`, () =>
        Object.fromEntries(columns.map((c) => [c.gqlName, { type: mutations.base.columnType(c) }])),
      ),
      description: 'sets the columns of the filtered rows to the given values',
    }
  }
  return args
}

export function updates(mutations: MutationSchemaBuilder, access: MutationAccess, filterAccess: TableAccess): GraphQLInputObjectType {
  const table = access.table
  const name = `${table.gqlName}_updates`
  return mutations.once(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        extensions: COLUMN_VALUES,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {}
          for (const [key, arg] of Object.entries(updateOperators(mutations, access)))
            fields[key] = { type: arg.type, description: arg.description }
          fields.where = {
            type: new GraphQLNonNull(mutations.base.boolExp(filterAccess)),
            description: 'filter the rows which have to be updated',
          }
          return sortFields(fields)
        },
      }),
  )
}

function pkColumns(table: TableInfo): ColumnInfo[] {
  return (table.primaryKey ?? []).map((name) => table.columnByName.get(name) as ColumnInfo)
}

export function pkArgs(mutations: MutationSchemaBuilder, table: TableInfo): GraphQLFieldConfigArgumentMap {
  return Object.fromEntries(pkColumns(table).map((c) => [c.gqlName, { type: new GraphQLNonNull(mutations.base.columnType(c)) }]))
}

export function pkColumnsInput(mutations: MutationSchemaBuilder, table: TableInfo): GraphQLInputObjectType {
  const name = `${table.gqlName}_pk_columns_input`
  return mutations.once(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `primary key columns input for table: ${table.name}`,
        extensions: COLUMN_VALUES,
        fields: () =>
          Object.fromEntries(pkColumns(table).map((c) => [c.gqlName, { type: new GraphQLNonNull(mutations.base.columnType(c)) }])),
      }),
  )
}
