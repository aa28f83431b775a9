import type { FieldNode } from 'graphql'
import type { MutationPlan } from './mutation-ir.ts'
import type { AggregateOperator } from '../schema/field-meanings.ts'
import type { ColumnInfo, FunctionInfo, RelationshipInfo, TableInfo } from '../schema/source-model.ts'

/**
 * The typed plan of one operation: what `plan/` hands to `sql/`. Plain data; values are never
 * SQL text, only parameters:
 * - a literal from the document or a variable read while planning,
 * - a slot for a session variable or a non-null scalar variable, bound per request; with a
 *   `path`, a column value inside a variable of column values (`$rows[3].ts`: name `rows`, path
 *   [3, 'ts']; plan/variable-shape.ts).
 */
export type ParamValue =
  | { kind: 'literal'; value: unknown }
  | { kind: 'session'; name: string }
  | { kind: 'variable'; name: string; path?: readonly (string | number)[] }

/** A value compared with or passed to Postgres, cast to `sqlType` (the column's or argument's). */
export interface TypedValue {
  param: ParamValue
  sqlType: string
  /** How to write a JS value as Postgres text: JSON for json types, array literals for arrays. */
  encoding: 'text' | 'json' | 'array'
}

export type BoolExp =
  | { kind: 'and'; items: BoolExp[] }
  | { kind: 'or'; items: BoolExp[] }
  | { kind: 'not'; item: BoolExp }
  | { kind: 'compare'; column: ColumnInfo; operator: string; value: TypedValue; castToText?: boolean }
  /** `fromRoot`: `other` is a column of the row the whole expression is about, not of `column`'s row. */
  | { kind: 'compare_column'; column: ColumnInfo; operator: string; other: ColumnInfo; fromRoot?: boolean }
  | { kind: 'in'; column: ColumnInfo; negated: boolean; values: TypedValue[] | TypedValue; castToText?: boolean }
  | { kind: 'is_null'; column: ColumnInfo; isNull: boolean }
  | { kind: 'key_exists'; column: ColumnInfo; operator: '?' | '?|' | '?&'; value: TypedValue }
  | { kind: 'relationship'; relationship: RelationshipInfo; target: TableInfo; where: BoolExp }
  | { kind: 'exists'; table: TableInfo; where: BoolExp }
  /** `count(…)` of the related rows matching `where`, compared by each of `predicate`. */
  | {
      kind: 'aggregate_count'
      relationship: RelationshipInfo
      target: TableInfo
      where: BoolExp
      columns: ColumnInfo[]
      distinct: boolean
      predicate: AggregateCountTest[]
    }
  | { kind: 'true' }

/** `_is_null` carries a boolean, `_in`/`_nin` a list, the others one value. */
export interface AggregateCountTest {
  operator: string
  value: TypedValue | TypedValue[] | boolean
  castToText: boolean
}

export interface OrderByItem {
  expression: OrderExpression
  descending: boolean
  nullsFirst: boolean
}

export type OrderExpression =
  | { kind: 'column'; column: ColumnInfo }
  | { kind: 'object_relationship'; relationship: RelationshipInfo; target: TableInfo; filter: BoolExp; inner: OrderExpression }
  | {
      kind: 'aggregate'
      relationship: RelationshipInfo
      target: TableInfo
      filter: BoolExp
      operator: AggregateOperator | 'count'
      column: ColumnInfo | null
    }

/** Where the rows come from and which of them: one `SELECT … FROM … WHERE … ORDER BY … LIMIT`. */
export interface RowSource {
  table: TableInfo
  function: { fn: FunctionInfo; args: { name: string; value: TypedValue }[] } | null
  /** Permission filter and the request's `where`, and, for relationships, the join columns. */
  where: BoolExp
  orderBy: OrderByItem[]
  distinctOn: ColumnInfo[]
  limit: TypedValue | number | null
  /** The role's permission limit, applied whatever the request asks. */
  permissionLimit: number | null
  offset: TypedValue | null
  /** For a relationship: [parent column, this table's column] pairs joining it to the parent row. */
  parentJoin: [string, string][] | null
}

export type OutputField =
  | { key: string; kind: 'typename'; name: string }
  | { key: string; kind: 'column'; column: ColumnInfo; path: string[] | null; stringify: boolean }
  | { key: string; kind: 'object'; relationship: RelationshipInfo; select: SelectPlan }
  | { key: string; kind: 'array'; relationship: RelationshipInfo; select: SelectPlan }
  | { key: string; kind: 'aggregate'; relationship: RelationshipInfo; select: AggregatePlan }

export interface SelectPlan {
  source: RowSource
  fields: OutputField[]
}

export type AggregateField =
  | { key: string; kind: 'typename'; name: string }
  | { key: string; kind: 'count'; columns: ColumnInfo[]; distinct: boolean }
  | {
      key: string
      kind: 'operator'
      operator: AggregateOperator
      typename: string
      columns: { key: string; column: ColumnInfo | null; stringify: boolean }[]
    }

export type AggregateOutput =
  | { key: string; kind: 'typename'; name: string }
  | { key: string; kind: 'aggregate'; fields: AggregateField[] }
  | { key: string; kind: 'nodes'; fields: OutputField[] }

export interface AggregatePlan {
  source: RowSource
  outputs: AggregateOutput[]
}

export type RootField =
  | { key: string; kind: 'typename'; name: string }
  | { key: string; kind: 'placeholder' }
  | { key: string; kind: 'select'; plan: SelectPlan; single: boolean }
  | { key: string; kind: 'aggregate'; plan: AggregatePlan }
  /** Answered by graphql-js against the role's schema (`__schema`, `__type`). */
  | { key: string; kind: 'introspection'; nodes: FieldNode[] }
  | { key: string; kind: 'mutation'; plan: MutationPlan }
  /** A streaming subscription: `plan` reads the batch after `cursor.value`, ordered by the cursor column. */
  | { key: string; kind: 'stream'; plan: SelectPlan; cursor: StreamCursor }

/**
 * The one cursor column of a stream. `value` is the very parameter object the plan's `where`
 * compares the column with, so that the compiled statement's parameter for it can be found and
 * replaced by each poll's cursor.
 */
export interface StreamCursor {
  column: ColumnInfo
  descending: boolean
  value: ParamValue
}

export interface OperationPlan {
  operationType: 'query' | 'mutation' | 'subscription'
  rootFields: RootField[]
}
