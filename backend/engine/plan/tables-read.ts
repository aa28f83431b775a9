import type { AggregatePlan, BoolExp, OrderExpression, OutputField, RootField, RowSource, SelectPlan } from './ir.ts'

/** A table by its Postgres name. */
export interface TableName {
  schema: string
  name: string
}

/**
 * The tables a plan's statements read: the row sources, relationships, permission and `where`
 * predicates (`_exists`, relationship filters, aggregate counts) and `order_by` relationships.
 * Null when a row source is a function, whose body may read anything: live queries over it are
 * polled. Live queries refetch when one of these tables changes.
 */
export function tablesRead(fields: readonly RootField[]): TableName[] | null {
  const reads: Reads = { tables: new Map(), function: false }
  for (const field of fields) readRootField(field, reads)
  return reads.function ? null : [...reads.tables.values()]
}

interface Reads {
  tables: Map<string, TableName>
  /** A function's body may read anything: nothing else found matters then. */
  function: boolean
}

function add(reads: Reads, table: TableName): void {
  reads.tables.set(JSON.stringify([table.schema, table.name]), { schema: table.schema, name: table.name })
}

function readRootField(field: RootField, reads: Reads): void {
  switch (field.kind) {
    case 'select':
    case 'stream':
      return readSelect(field.plan, reads)
    case 'aggregate':
      return readAggregate(field.plan, reads)
    case 'mutation':
    case 'typename':
    case 'placeholder':
    case 'introspection':
      return
  }
}

function readSelect(plan: SelectPlan, reads: Reads): void {
  readRowSource(plan.source, reads)
  for (const field of plan.fields) readOutputField(field, reads)
}

function readAggregate(plan: AggregatePlan, reads: Reads): void {
  readRowSource(plan.source, reads)
  for (const output of plan.outputs) {
    if (output.kind === 'nodes') for (const field of output.fields) readOutputField(field, reads)
  }
}

function readOutputField(field: OutputField, reads: Reads): void {
  switch (field.kind) {
    case 'object':
    case 'array':
      return readSelect(field.select, reads)
    case 'aggregate':
      return readAggregate(field.select, reads)
    case 'column':
    case 'typename':
      return
  }
}

function readRowSource(source: RowSource, reads: Reads): void {
  if (source.function) reads.function = true
  add(reads, source.table)
  readBoolExp(source.where, reads)
  for (const item of source.orderBy) readOrderExpression(item.expression, reads)
}

function readBoolExp(exp: BoolExp, reads: Reads): void {
  switch (exp.kind) {
    case 'and':
    case 'or':
      return exp.items.forEach((item) => readBoolExp(item, reads))
    case 'not':
      return readBoolExp(exp.item, reads)
    case 'relationship':
    case 'aggregate_count':
      add(reads, exp.target)
      return readBoolExp(exp.where, reads)
    case 'exists':
      add(reads, exp.table)
      return readBoolExp(exp.where, reads)
    case 'compare':
    case 'compare_column':
    case 'in':
    case 'is_null':
    case 'key_exists':
    case 'true':
      return
  }
}

function readOrderExpression(expression: OrderExpression, reads: Reads): void {
  switch (expression.kind) {
    case 'column':
      return
    case 'object_relationship':
      add(reads, expression.target)
      readBoolExp(expression.filter, reads)
      return readOrderExpression(expression.inner, reads)
    case 'aggregate':
      add(reads, expression.target)
      return readBoolExp(expression.filter, reads)
  }
}
