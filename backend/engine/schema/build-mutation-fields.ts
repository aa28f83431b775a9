import {
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLNamedType,
} from 'graphql'
import type { RoleSchemaBuilder } from './build-role-schema.ts'
import { sortFields } from './comparison-types.ts'
import { engineExtensions } from './field-meanings.ts'
import { insertInput, nonNullList, onConflict } from './insert-input-types.ts'
import { buildMutationAccess, type MutationAccess } from './mutation-access.ts'
import type { MutationFieldMeaning } from './mutation-field-meanings.ts'
import type { TableAccess } from './role-access.ts'
import type { FunctionInfo, TableInfo } from './source-model.ts'
import { pkArgs, pkColumnsInput, updateOperators, updates } from './update-input-types.ts'

/**
 * `mutation_root` with Hasura v2's names and types (Hasura.GraphQL.Schema.Mutation): insert,
 * insert_one, update, update_by_pk, update_many, delete, delete_by_pk per table the role may
 * write to, and tracked VOLATILE functions. Shares the query builder's types (`T`, `T_bool_exp`)
 * so that `returning` is the very type a query returns. The argument types live beside it:
 * insert-input-types.ts and update-input-types.ts; what the planner reads back from the fields,
 * in mutation-field-meanings.ts.
 */
export class MutationSchemaBuilder {
  readonly #types = new Map<string, GraphQLNamedType>()
  readonly access: Map<string, MutationAccess>

  constructor(readonly base: RoleSchemaBuilder) {
    this.access = buildMutationAccess(base.role, base.role.backendOnly === true)
  }

  /** Undefined when the role may run no mutation: Hasura then has no mutation root. */
  rootType(functions: FunctionInfo[]): GraphQLObjectType | undefined {
    const fields = this.#rootFields(functions)
    if (Object.keys(fields).length === 0) return undefined
    return new GraphQLObjectType({ name: 'mutation_root', fields: () => sortFields(fields) })
  }

  #rootFields(functions: FunctionInfo[]): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
    for (const access of this.access.values()) {
      const table = access.table
      const select = this.selectable(table)
      const readable = select !== null && this.base.hasFields(select)
      const pkVisible = readable && table.primaryKey !== null && table.primaryKey.every((c) => select.columns.some((s) => s.name === c))
      if (access.insert) {
        const conflict = onConflict(this, access)
        fields[table.rootFields.insert] = {
          type: this.#mutationResponse(access),
          args: { objects: { type: nonNullList(insertInput(this, access)), description: 'the rows to be inserted' }, ...conflict },
          description: `insert data into the table: "${table.name}"`,
          extensions: { mutation: { kind: 'insert', access, select, one: false } satisfies MutationFieldMeaning },
        }
        if (readable) {
          fields[table.rootFields.insertOne] = {
            type: this.base.tableType(select),
            args: { object: { type: new GraphQLNonNull(insertInput(this, access)), description: 'the row to be inserted' }, ...conflict },
            description: `insert a single row into the table: "${table.name}"`,
            extensions: { mutation: { kind: 'insert', access, select, one: true } satisfies MutationFieldMeaning },
          }
        }
      }
      const filterAccess = select ?? emptyAccess(table)
      if (access.update && access.update.columns.length + Object.keys(access.update.presets).length > 0) {
        const operators = updateOperators(this, access)
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
            args: { ...operators, pk_columns: { type: new GraphQLNonNull(pkColumnsInput(this, table)) } },
            description: `update single row of the table: "${table.name}"`,
            extensions: { mutation: { kind: 'update', access, select, variant: 'by_pk' } satisfies MutationFieldMeaning },
          }
        }
        fields[table.rootFields.updateMany] = {
          type: new GraphQLList(this.#mutationResponse(access)),
          args: { updates: { type: nonNullList(updates(this, access, filterAccess)), description: 'updates to execute, in order' } },
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
            args: pkArgs(this, table),
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

  /** The role's select permission on the table, which `returning` and `where` are built from. */
  selectable(table: TableInfo): TableAccess | null {
    return this.base.role.access.get(table.key) ?? null
  }

  /** Mutation types are made once per name, as the query builder makes its own. */
  once<T extends GraphQLNamedType>(name: string, make: () => T): T {
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
    return this.once(
      name,
      () =>
        new GraphQLObjectType({
          name,
          description: `response of any mutation on the table "${table.name}"`,
          fields: () => {
            const fields: GraphQLFieldConfigMap<unknown, unknown> = {
              affected_rows: { type: new GraphQLNonNull(GraphQLInt), description: 'number of rows affected by the mutation' },
            }
            const select = this.selectable(table)
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
