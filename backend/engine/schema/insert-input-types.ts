import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLInputFieldConfigMap,
} from 'graphql'
import type { MutationSchemaBuilder } from './build-mutation-fields.ts'
import { sortFields } from './comparison-types.ts'
import type { MutationAccess } from './mutation-access.ts'
import { COLUMN_VALUES } from './mutation-field-meanings.ts'
import type { ColumnInfo, RelationshipInfo, TableInfo } from './source-model.ts'

/**
 * The arguments of `insert_T` and `insert_T_one`: `T_insert_input` with the nested inserts of
 * the relationships the role may insert into, and upserts' `T_on_conflict` with its constraint
 * and column enums.
 */

export function insertInput(mutations: MutationSchemaBuilder, access: MutationAccess): GraphQLInputObjectType {
  const table = access.table
  const name = `${table.gqlName}_insert_input`
  return mutations.once(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `input type for inserting data into table "${table.name}"`,
        extensions: { mutationAccess: access, ...COLUMN_VALUES },
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {}
          for (const column of access.insert?.columns ?? []) fields[column.gqlName] = { type: mutations.base.columnType(column) }
          for (const relationship of table.relationships) {
            const target = mutations.access.get(relationship.target)
            if (!target?.insert) continue
            fields[relationship.name] = { type: relationshipInput(mutations, relationship, target) }
          }
          return sortFields(fields)
        },
      }),
  )
}

function relationshipInput(
  mutations: MutationSchemaBuilder,
  relationship: RelationshipInfo,
  target: MutationAccess,
): GraphQLInputObjectType {
  const table = target.table
  const isObject = relationship.kind === 'object'
  const name = `${table.gqlName}_${isObject ? 'obj' : 'arr'}_rel_insert_input`
  return mutations.once(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `input type for inserting ${isObject ? 'object' : 'array'} relation for remote table "${table.name}"`,
        extensions: COLUMN_VALUES,
        fields: () => ({
          data: { type: isObject ? new GraphQLNonNull(insertInput(mutations, target)) : nonNullList(insertInput(mutations, target)) },
          ...onConflictField(mutations, target),
        }),
      }),
  )
}

export function onConflict(mutations: MutationSchemaBuilder, access: MutationAccess): GraphQLFieldConfigArgumentMap {
  const field = onConflictField(mutations, access).on_conflict
  return field ? { on_conflict: { type: field.type, description: 'upsert condition' } } : {}
}

/**
 * Upserts need unique or primary-key constraints, and for a role an update permission: the
 * conflicting row is updated under it (Hasura's `conflictObject`).
 */
function onConflictField(mutations: MutationSchemaBuilder, access: MutationAccess): { on_conflict?: { type: GraphQLInputObjectType } } {
  const table = access.table
  if (namedConstraints(table).length === 0 || !access.update) return {}
  const update = access.update
  const name = `${table.gqlName}_on_conflict`
  const type = mutations.once(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `on_conflict condition type for table "${table.name}"`,
        fields: () => {
          const select = mutations.selectable(table)
          const fields: GraphQLInputFieldConfigMap = {
            constraint: { type: new GraphQLNonNull(constraintEnum(mutations, table)) },
            update_columns: { type: nonNullList(updateColumnEnum(mutations, table, update.columns)), defaultValue: [] },
          }
          if (select) fields.where = { type: mutations.base.boolExp(select) }
          return fields
        },
      }),
  )
  return { on_conflict: { type } }
}

function constraintEnum(mutations: MutationSchemaBuilder, table: TableInfo): GraphQLEnumType {
  const name = `${table.gqlName}_constraint`
  return mutations.once(
    name,
    () =>
      new GraphQLEnumType({
        name,
        description: `unique or primary key constraints on table "${table.name}"`,
        values: Object.fromEntries(
          namedConstraints(table).map((c) => [
            c.name,
            {
              value: c.name,
              description: `unique or primary key constraint on columns ${c.columns.map((col) => `"${col}"`).join(', ')}`,
            },
          ]),
        ),
      }),
  )
}

/** An enum needs a value: with no updatable column Hasura offers `_PLACEHOLDER`, which it refuses. */
function updateColumnEnum(mutations: MutationSchemaBuilder, table: TableInfo, columns: ColumnInfo[]): GraphQLEnumType {
  const name = `${table.gqlName}_update_column`
  return mutations.once(
    name,
    () =>
      new GraphQLEnumType({
        name,
        description: `update columns of table "${table.name}"`,
        values:
          columns.length === 0
            ? { _PLACEHOLDER: { value: null, description: 'placeholder (do not use)' } }
            : Object.fromEntries(columns.map((c) => [c.gqlName, { value: c.name, description: 'column name' }])),
      }),
  )
}

/** Constraints whose names are GraphQL names: another name cannot be an enum value. */
function namedConstraints(table: TableInfo): TableInfo['catalog']['uniqueConstraints'] {
  return table.catalog.uniqueConstraints.filter((c) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(c.name))
}

export function nonNullList<T extends GraphQLInputObjectType | GraphQLObjectType | GraphQLEnumType>(
  type: T,
): GraphQLNonNull<GraphQLList<GraphQLNonNull<T>>> {
  return new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)))
}
