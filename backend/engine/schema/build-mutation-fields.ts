import {
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLNamedType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql'
import type { RoleSchemaBuilder } from './build-role-schema.ts'
import { sortFields } from './comparison-types.ts'
import { engineExtensions } from './field-meanings.ts'
import { buildMutationAccess, type MutationAccess } from './mutation-access.ts'
import { isNumericType } from './pg-scalars.ts'
import type { TableAccess } from './role-access.ts'
import type { ColumnInfo, FunctionInfo, RelationshipInfo, TableInfo } from './source-model.ts'

/** The jsonb update operators of `update_T`, with Hasura's argument and type names. */
export const JSONB_OPERATORS = ['_append', '_prepend', '_delete_key', '_delete_elem', '_delete_at_path'] as const
export type JsonbOperator = (typeof JSONB_OPERATORS)[number]

/**
 * Marks the mutation input types whose scalar fields are column values (`T_insert_input` and the
 * relationship inserts inside it, `_set`, `_inc`, the jsonb operators, `pk_columns`,
 * `update_many`'s entries): the planner binds those per request (plan/variable-shape.ts).
 */
const COLUMN_VALUES = { columnValues: true } as const

export function carriesColumnValues(type: GraphQLInputType): boolean {
  const named = getNamedType(type)
  return named instanceof GraphQLInputObjectType && (named.extensions as { columnValues?: boolean }).columnValues === true
}

/** What a generated mutation root field stands for, read by the planner from `extensions.mutation`. */
export type MutationFieldMeaning =
  | { kind: 'insert'; access: MutationAccess; select: TableAccess | null; one: boolean }
  | { kind: 'update'; access: MutationAccess; select: TableAccess; variant: 'where' | 'by_pk' | 'many' }
  | { kind: 'delete'; access: MutationAccess; select: TableAccess; byPk: boolean }

export function mutationMeaningOf(field: GraphQLField<unknown, unknown>): MutationFieldMeaning | undefined {
  return (field.extensions as { mutation?: MutationFieldMeaning }).mutation
}

/**
 * `mutation_root` with Hasura v2's names and types (Hasura.GraphQL.Schema.Mutation): insert,
 * insert_one, update, update_by_pk, update_many, delete, delete_by_pk per table the role may
 * write to, and tracked VOLATILE functions. Shares the query builder's types (`T`, `T_bool_exp`)
 * so that `returning` is the very type a query returns.
 */
export class MutationSchemaBuilder {
  readonly #types = new Map<string, GraphQLNamedType>()
  readonly #access: Map<string, MutationAccess>

  constructor(readonly base: RoleSchemaBuilder) {
    this.#access = buildMutationAccess(base.role, base.role.backendOnly === true)
  }

  /** Undefined when the role may run no mutation: Hasura then has no mutation root. */
  rootType(functions: FunctionInfo[]): GraphQLObjectType | undefined {
    const fields = this.#rootFields(functions)
    if (Object.keys(fields).length === 0) return undefined
    return new GraphQLObjectType({ name: 'mutation_root', fields: () => sortFields(fields) })
  }

  #rootFields(functions: FunctionInfo[]): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
    for (const access of this.#access.values()) {
      const table = access.table
      const select = this.#selectable(table)
      const readable = select !== null && this.base.hasFields(select)
      const pkVisible = readable && table.primaryKey !== null && table.primaryKey.every((c) => select.columns.some((s) => s.name === c))
      if (access.insert) {
        const conflict = this.#onConflict(access)
        fields[table.rootFields.insert] = {
          type: this.#mutationResponse(access),
          args: { objects: { type: nonNullList(this.#insertInput(access)), description: 'the rows to be inserted' }, ...conflict },
          description: `insert data into the table: "${table.name}"`,
          extensions: { mutation: { kind: 'insert', access, select, one: false } satisfies MutationFieldMeaning },
        }
        if (readable) {
          fields[table.rootFields.insertOne] = {
            type: this.base.tableType(select),
            args: { object: { type: new GraphQLNonNull(this.#insertInput(access)), description: 'the row to be inserted' }, ...conflict },
            description: `insert a single row into the table: "${table.name}"`,
            extensions: { mutation: { kind: 'insert', access, select, one: true } satisfies MutationFieldMeaning },
          }
        }
      }
      const filterAccess = select ?? emptyAccess(table)
      if (access.update && access.update.columns.length + Object.keys(access.update.presets).length > 0) {
        const operators = this.#updateOperators(access)
        fields[table.rootFields.update] = {
          type: this.#mutationResponse(access),
          args: {
            ...operators,
            where: { type: new GraphQLNonNull(this.base.boolExp(filterAccess)), description: 'filter the rows which have to be updated' },
          },
          description: `update data of the table: "${table.name}"`,
          extensions: { mutation: { kind: 'update', access, select: filterAccess, variant: 'where' } satisfies MutationFieldMeaning },
        }
        if (pkVisible) {
          fields[table.rootFields.updateByPk] = {
            type: this.base.tableType(select),
            args: { ...operators, pk_columns: { type: new GraphQLNonNull(this.#pkColumnsInput(table)) } },
            description: `update single row of the table: "${table.name}"`,
            extensions: { mutation: { kind: 'update', access, select, variant: 'by_pk' } satisfies MutationFieldMeaning },
          }
        }
        fields[table.rootFields.updateMany] = {
          type: new GraphQLList(this.#mutationResponse(access)),
          args: { updates: { type: nonNullList(this.#updates(access, filterAccess)), description: 'updates to execute, in order' } },
          description: `update multiples rows of table: "${table.name}"`,
          extensions: { mutation: { kind: 'update', access, select: filterAccess, variant: 'many' } satisfies MutationFieldMeaning },
        }
      }
      if (access.delete) {
        fields[table.rootFields.delete] = {
          type: this.#mutationResponse(access),
          args: {
            where: { type: new GraphQLNonNull(this.base.boolExp(filterAccess)), description: 'filter the rows which have to be deleted' },
          },
          description: `delete data from the table: "${table.name}"`,
          extensions: { mutation: { kind: 'delete', access, select: filterAccess, byPk: false } satisfies MutationFieldMeaning },
        }
        if (pkVisible) {
          fields[table.rootFields.deleteByPk] = {
            type: this.base.tableType(select),
            args: this.#pkArgs(table),
            description: `delete single row from the table: "${table.name}"`,
            extensions: { mutation: { kind: 'delete', access, select, byPk: true } satisfies MutationFieldMeaning },
          }
        }
      }
    }
    for (const fn of functions) {
      const select = this.base.role.access.get(fn.returnTable)
      if (!select || !this.base.hasFields(select)) continue
      const required = fn.args.some((a) => !a.hasDefault)
      const args: GraphQLFieldConfigArgumentMap =
        fn.args.length === 0
          ? {}
          : {
              args: {
                type: required ? new GraphQLNonNull(this.base.functionArgs(fn)) : this.base.functionArgs(fn),
                description: `input parameters for function "${fn.gqlName}"`,
              },
            }
      fields[fn.gqlName] = {
        type: nonNullList(this.base.tableType(select)),
        args: { ...args, ...this.base.selectArgs(select) },
        description: `execute VOLATILE function "${fn.name}" which returns "${select.table.name}"`,
        // Planned as the query of the same function: a select over its rows, in the mutation's transaction.
        extensions: engineExtensions({ kind: 'function', fn, access: select }),
      }
    }
    return fields
  }

  #selectable(table: TableInfo): TableAccess | null {
    return this.base.role.access.get(table.key) ?? null
  }

  #once<T extends GraphQLNamedType>(name: string, make: () => T): T {
    const existing = this.#types.get(name)
    if (existing) return existing as T
    const created = make()
    this.#types.set(name, created)
    return created
  }

  /** `returning` only for a role that may select from the table (Hasura's `mutationSelectionSet`). */
  #mutationResponse(access: MutationAccess): GraphQLObjectType {
    const table = access.table
    const name = `${table.gqlName}_mutation_response`
    return this.#once(
      name,
      () =>
        new GraphQLObjectType({
          name,
          description: `response of any mutation on the table "${table.name}"`,
          fields: () => {
            const fields: GraphQLFieldConfigMap<unknown, unknown> = {
              affected_rows: { type: new GraphQLNonNull(GraphQLInt), description: 'number of rows affected by the mutation' },
            }
            const select = this.#selectable(table)
            if (select && this.base.hasFields(select)) {
              fields.returning = {
                type: nonNullList(this.base.tableType(select)),
                description: 'data from the rows affected by the mutation',
              }
            }
            return fields
          },
        }),
    )
  }

  #insertInput(access: MutationAccess): GraphQLInputObjectType {
    const table = access.table
    const name = `${table.gqlName}_insert_input`
    return this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `input type for inserting data into table "${table.name}"`,
          extensions: { mutationAccess: access, ...COLUMN_VALUES },
          fields: () => {
            const fields: GraphQLInputFieldConfigMap = {}
            for (const column of access.insert?.columns ?? []) fields[column.gqlName] = { type: this.base.columnType(column) }
            for (const relationship of table.relationships) {
              const target = this.#access.get(relationship.target)
              if (!target?.insert) continue
              fields[relationship.name] = { type: this.#relationshipInput(relationship, target) }
            }
            return sortFields(fields)
          },
        }),
    )
  }

  #relationshipInput(relationship: RelationshipInfo, target: MutationAccess): GraphQLInputObjectType {
    const table = target.table
    const isObject = relationship.kind === 'object'
    const name = `${table.gqlName}_${isObject ? 'obj' : 'arr'}_rel_insert_input`
    return this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `input type for inserting ${isObject ? 'object' : 'array'} relation for remote table "${table.name}"`,
          extensions: COLUMN_VALUES,
          fields: () => ({
            data: { type: isObject ? new GraphQLNonNull(this.#insertInput(target)) : nonNullList(this.#insertInput(target)) },
            ...this.#onConflictField(target),
          }),
        }),
    )
  }

  #onConflict(access: MutationAccess): GraphQLFieldConfigArgumentMap {
    const field = this.#onConflictField(access).on_conflict
    return field ? { on_conflict: { type: field.type, description: 'upsert condition' } } : {}
  }

  /**
   * Upserts need unique or primary-key constraints, and for a role an update permission: the
   * conflicting row is updated under it (Hasura's `conflictObject`).
   */
  #onConflictField(access: MutationAccess): { on_conflict?: { type: GraphQLInputObjectType } } {
    const table = access.table
    if (namedConstraints(table).length === 0 || !access.update) return {}
    const update = access.update
    const name = `${table.gqlName}_on_conflict`
    const type = this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `on_conflict condition type for table "${table.name}"`,
          fields: () => {
            const select = this.#selectable(table)
            const fields: GraphQLInputFieldConfigMap = {
              constraint: { type: new GraphQLNonNull(this.#constraintEnum(table)) },
              update_columns: { type: nonNullList(this.#updateColumnEnum(table, update.columns)), defaultValue: [] },
            }
            if (select) fields.where = { type: this.base.boolExp(select) }
            return fields
          },
        }),
    )
    return { on_conflict: { type } }
  }

  #constraintEnum(table: TableInfo): GraphQLEnumType {
    const name = `${table.gqlName}_constraint`
    return this.#once(
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
  #updateColumnEnum(table: TableInfo, columns: ColumnInfo[]): GraphQLEnumType {
    const name = `${table.gqlName}_update_column`
    return this.#once(
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

  #updateOperators(access: MutationAccess): GraphQLFieldConfigArgumentMap {
    const table = access.table
    const columns = access.update?.columns ?? []
    const args: GraphQLFieldConfigArgumentMap = {}
    const jsonb = columns.filter((c) => c.catalog.type === 'jsonb')
    const numeric = columns.filter((c) => c.catalog.elementType === null && isNumericType(c.catalog.type))
    const input = (suffix: string, description: string, fields: () => GraphQLInputFieldConfigMap) =>
      this.#once(
        `${table.gqlName}_${suffix}`,
        () => new GraphQLInputObjectType({ name: `${table.gqlName}_${suffix}`, description, fields, extensions: COLUMN_VALUES }),
      )
    const fieldsOf = (make: () => GraphQLInputType) => () => Object.fromEntries(jsonb.map((c) => [c.gqlName, { type: make() }]))
    if (jsonb.length > 0) {
      args._append = {
        type: input(
          'append_input',
          'append existing jsonb value of filtered columns with new jsonb value',
          fieldsOf(() => this.base.scalar('jsonb')),
        ),
        description: 'append existing jsonb value of filtered columns with new jsonb value',
      }
    }
    if (numeric.length > 0) {
      args._inc = {
        type: input('inc_input', `input type for incrementing numeric columns in table "${table.name}"`, () =>
          Object.fromEntries(numeric.map((c) => [c.gqlName, { type: this.base.columnType(c) }])),
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
          fieldsOf(() => this.base.scalar('jsonb')),
        ),
        description: 'prepend existing jsonb value of filtered columns with new jsonb value',
      }
    }
    if (columns.length > 0) {
      args._set = {
        type: input('set_input', `input type for updating data in table "${table.name}"`, () =>
          Object.fromEntries(columns.map((c) => [c.gqlName, { type: this.base.columnType(c) }])),
        ),
        description: 'sets the columns of the filtered rows to the given values',
      }
    }
    return args
  }

  #updates(access: MutationAccess, filterAccess: TableAccess): GraphQLInputObjectType {
    const table = access.table
    const name = `${table.gqlName}_updates`
    return this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          extensions: COLUMN_VALUES,
          fields: () => {
            const fields: GraphQLInputFieldConfigMap = {}
            for (const [key, arg] of Object.entries(this.#updateOperators(access)))
              fields[key] = { type: arg.type, description: arg.description }
            fields.where = {
              type: new GraphQLNonNull(this.base.boolExp(filterAccess)),
              description: 'filter the rows which have to be updated',
            }
            return sortFields(fields)
          },
        }),
    )
  }

  #pkColumns(table: TableInfo): ColumnInfo[] {
    return (table.primaryKey ?? []).map((name) => table.columnByName.get(name) as ColumnInfo)
  }

  #pkArgs(table: TableInfo): GraphQLFieldConfigArgumentMap {
    return Object.fromEntries(this.#pkColumns(table).map((c) => [c.gqlName, { type: new GraphQLNonNull(this.base.columnType(c)) }]))
  }

  #pkColumnsInput(table: TableInfo): GraphQLInputObjectType {
    const name = `${table.gqlName}_pk_columns_input`
    return this.#once(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `primary key columns input for table: ${table.name}`,
          extensions: COLUMN_VALUES,
          fields: () =>
            Object.fromEntries(this.#pkColumns(table).map((c) => [c.gqlName, { type: new GraphQLNonNull(this.base.columnType(c)) }])),
        }),
    )
  }
}

/** Constraints whose names are GraphQL names: another name cannot be an enum value. */
function namedConstraints(table: TableInfo): TableInfo['catalog']['uniqueConstraints'] {
  return table.catalog.uniqueConstraints.filter((c) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(c.name))
}

function nonNullList<T extends GraphQLInputObjectType | GraphQLObjectType | GraphQLEnumType>(
  type: T,
): GraphQLNonNull<GraphQLList<GraphQLNonNull<T>>> {
  return new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)))
}

/**
 * A role that may update or delete but not select still gets `T_bool_exp`, with only `_and`,
 * `_or` and `_not`: it can name no column (Hasura builds `where` from the select permission).
 */
function emptyAccess(table: TableInfo): TableAccess {
  return {
    table,
    columns: [],
    filter: {},
    limit: null,
    allowAggregations: false,
    queryRootFields: new Set(),
    subscriptionRootFields: new Set(),
  }
}
