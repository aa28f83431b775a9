import type { JsonbOperator } from '../schema/mutation-field-meanings.ts'
import type { ColumnInfo, RelationshipInfo, TableInfo } from '../schema/source-model.ts'
import type { BoolExp, OutputField, TypedValue } from './ir.ts'

/**
 * The typed plan of a mutation root field (see ir.ts for values and bool expressions). Each
 * carries the Hasura path its errors are reported at: `$.selectionSet.insert_T.args.objects` for
 * inserts, `$` for the rest, as Hasura does.
 */

/** What the field returns: `T_mutation_response`, or one row (`_one`, `_by_pk`) or null. */
export type MutationOutput = { kind: 'response'; fields: ResponseField[] } | { kind: 'single'; fields: OutputField[] }

export type ResponseField =
  | { key: string; kind: 'typename'; name: string }
  | { key: string; kind: 'affected_rows' }
  | { key: string; kind: 'returning'; fields: OutputField[] }

/** `returning` rows pass the role's select filter, as in Hasura; affected_rows counts them all. */
export interface Returning {
  output: MutationOutput
  selectFilter: BoolExp
}

/** One column value of a row to insert, or of an update's `_set` / `_inc` / jsonb operator. */
export interface ColumnValue {
  column: ColumnInfo
  value: TypedValue
}

export interface InsertRow {
  values: ColumnValue[]
  /** Object relationships whose row is inserted first; its columns fill this row's. */
  before: NestedInsert[]
  /** Array relationships and `after_parent` object relationships, inserted with this row's columns. */
  after: NestedInsert[]
}

export interface NestedInsert {
  relationship: RelationshipInfo
  /** [column of the parent row, column of the nested row] pairs. */
  mapping: [string, string][]
  insert: InsertPlan
}

export interface OnConflict {
  constraint: string
  /** Empty: `DO NOTHING`. */
  updateColumns: ColumnInfo[]
  /** The request's `where` and the update permission's filter. */
  where: BoolExp
  /** The update permission's presets, applied to the updated row. */
  presets: ColumnValue[]
  /** The update permission's check, for rows the upsert updated. */
  updateCheck: BoolExp
}

export interface InsertPlan {
  table: TableInfo
  rows: InsertRow[]
  /** The insert permission's presets, one value for every row. */
  presets: ColumnValue[]
  check: BoolExp
  onConflict: OnConflict | null
  path: string
}

export type UpdateOperation =
  { kind: '_set'; value: TypedValue } | { kind: '_inc'; value: TypedValue } | { kind: JsonbOperator; value: TypedValue }

export interface UpdatePlan {
  table: TableInfo
  /** The request's `where` (or primary key) and the update permission's filter. */
  where: BoolExp
  operations: { column: ColumnInfo; operation: UpdateOperation }[]
  presets: ColumnValue[]
  check: BoolExp
  path: string
}

export interface DeletePlan {
  table: TableInfo
  where: BoolExp
  path: string
}

export type MutationPlan =
  | { kind: 'insert'; insert: InsertPlan; returning: Returning }
  | { kind: 'update'; updates: UpdatePlan[]; many: boolean; returning: Returning }
  | { kind: 'delete'; delete: DeletePlan; returning: Returning }
