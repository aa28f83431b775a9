import { getNamedType, GraphQLInputObjectType, type GraphQLField, type GraphQLInputType } from 'graphql'
import type { MutationAccess } from './mutation-access.ts'
import type { TableAccess } from './role-access.ts'

/**
 * What the mutation schema tells the planner: the meaning of each mutation root field
 * (`extensions.mutation`) and which input types carry column values (`extensions.columnValues`).
 * Kept apart from the builders so that plan/ reads them without the schema-building code.
 */

/** The jsonb update operators of `update_T`, with Hasura's argument and type names. */
export const JSONB_OPERATORS = ['_append', '_prepend', '_delete_key', '_delete_elem', '_delete_at_path'] as const
export type JsonbOperator = (typeof JSONB_OPERATORS)[number]

/**
 * Marks the mutation input types whose scalar fields are column values (`T_insert_input` and the
 * relationship inserts inside it, `_set`, `_inc`, the jsonb operators, `pk_columns`,
 * `update_many`'s entries): the planner binds those per request (plan/variable-shape.ts).
 */
export const COLUMN_VALUES = { columnValues: true } as const

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
