import type { GraphQLField } from 'graphql'
import type { TableAccess } from './role-access.ts'
import type { ColumnInfo, FunctionInfo, RelationshipInfo } from './source-model.ts'

export type AggregateOperator =
  'avg' | 'max' | 'min' | 'stddev' | 'stddev_pop' | 'stddev_samp' | 'sum' | 'var_pop' | 'var_samp' | 'variance'

/**
 * What a generated output field stands for, attached to the field as `extensions.engine`, so that
 * the planner reads meaning from the role's own schema and never re-derives permissions.
 */
export type FieldMeaning =
  | { kind: 'column'; column: ColumnInfo }
  | { kind: 'object_relationship'; relationship: RelationshipInfo; target: TableAccess }
  | { kind: 'array_relationship'; relationship: RelationshipInfo; target: TableAccess }
  | { kind: 'aggregate_relationship'; relationship: RelationshipInfo; target: TableAccess }
  | { kind: 'select'; access: TableAccess }
  | { kind: 'select_by_pk'; access: TableAccess }
  | { kind: 'select_aggregate'; access: TableAccess }
  | { kind: 'select_stream'; access: TableAccess }
  | { kind: 'function'; fn: FunctionInfo; access: TableAccess }
  | { kind: 'function_aggregate'; fn: FunctionInfo; access: TableAccess }
  | { kind: 'aggregate'; access: TableAccess }
  | { kind: 'nodes'; access: TableAccess }
  | { kind: 'count'; access: TableAccess }
  | { kind: 'aggregate_operator'; operator: AggregateOperator; access: TableAccess }
  | { kind: 'aggregate_column'; operator: AggregateOperator; column: ColumnInfo }
  | { kind: 'placeholder' }

export function engineExtensions(meaning: FieldMeaning): { engine: FieldMeaning } {
  return { engine: meaning }
}

export function fieldMeaningOf(field: GraphQLField<unknown, unknown>): FieldMeaning | undefined {
  return (field.extensions as { engine?: FieldMeaning }).engine
}
