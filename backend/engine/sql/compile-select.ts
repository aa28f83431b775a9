import { ident, join, literal, raw, sql, type SqlFragment } from '../../lib/sql.ts'
import type {
  AggregateField,
  AggregatePlan,
  BoolExp,
  OrderByItem,
  OrderExpression,
  OutputField,
  RootField,
  RowSource,
  SelectPlan,
  TypedValue,
} from '../plan/ir.ts'
import type { ColumnInfo } from '../schema/source-model.ts'
import { AliasSource } from './alias-source.ts'
import { jsonObject } from './json-object.ts'
import { columnRef, compileBoolExp, compileValue, joinCondition, tableRef } from './compile-bool-exp.ts'

/**
 * One SQL statement per root field, in which Postgres builds the JSON of the response:
 * `json_build_object` per row, `json_agg` per list, relationships as `LEFT JOIN LATERAL`s over
 * the parent row. The statement's one column is `json`: drivers hand it over as Postgres' text
 * (`LimitedDatabase.runStatements`), and a cast to `text` would copy the answer through
 * `json_out` and `text_in` once more (half the throughput of a 50-row list in pgbench). `as: 'text'`
 * casts it, for statements run through `Queryable.query`, which parses `json` (a tracked volatile
 * function, a root field of a mutation, runs in the mutation's transaction).
 * Rows are read in the order the row source's `ORDER BY` gives; lateral joins are nested loops
 * that keep it, and `json_agg` aggregates in that order.
 */
export function compileRootField(field: RootField, as: 'json' | 'text' = 'json'): SqlFragment | null {
  const aliases = new AliasSource()
  const root = (json: SqlFragment) => (as === 'text' ? sql`(${json})::text AS root` : sql`${json} AS root`)
  switch (field.kind) {
    case 'select': {
      const rows = compileRows(field.plan, null, aliases)
      const s = aliases.next('s')
      return field.single
        ? sql`SELECT ${root(sql`(SELECT ${s}.root FROM (${rows}) AS ${s} LIMIT 1)`)}`
        : sql`SELECT ${root(sql`coalesce(json_agg(${s}.root), '[]')`)} FROM (${rows}) AS ${s}`
    }
    case 'aggregate': {
      const s = aliases.next('s')
      return sql`SELECT ${root(sql`${s}.root`)} FROM (${compileAggregate(field.plan, null, aliases)}) AS ${s}`
    }
    default:
      return null
  }
}

function compileRows(plan: SelectPlan, parent: SqlFragment | null, aliases: AliasSource): SqlFragment {
  const row = aliases.next('t')
  const laterals: SqlFragment[] = []
  const object = compileFields(plan.fields, row, laterals, aliases)
  return sql`SELECT ${object} AS root FROM (${compileRowSource(plan.source, parent, aliases)}) AS ${row}${join(laterals, '')}`
}

/**
 * The selection over rows that are not read from a table: a mutation's RETURNING rows, named by
 * `rows` (a CTE). `where` is the role's select filter on them.
 */
export function compileRowsFrom(fields: OutputField[], rows: SqlFragment, where: BoolExp, aliases: AliasSource): SqlFragment {
  const row = aliases.next('t')
  const laterals: SqlFragment[] = []
  const object = compileFields(fields, row, laterals, aliases)
  return sql`SELECT ${object} AS root FROM ${rows} AS ${row}${join(laterals, '')} WHERE ${compileBoolExp(where, row, aliases)}`
}

export function compileFields(fields: OutputField[], row: SqlFragment, laterals: SqlFragment[], aliases: AliasSource): SqlFragment {
  const pairs = fields.map((field): [string, SqlFragment] => {
    switch (field.kind) {
      case 'typename':
        return [field.key, literal(field.name)]
      case 'column': {
        const ref = columnRef(row, field.column)
        if (field.path)
          return [
            field.key,
            sql`(${ref} #> ${compileValue({ param: { kind: 'literal', value: field.path }, sqlType: 'text[]', encoding: 'array' })})`,
          ]
        // HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES: Hasura casts to text in SQL, so do we.
        return [field.key, field.stringify ? sql`(${ref})::text` : ref]
      }
      case 'object': {
        const lateral = aliases.next('o')
        const target = aliases.next('t')
        const nested: SqlFragment[] = []
        const object = compileFields(field.select.fields, target, nested, aliases)
        const source = compileRowSource({ ...field.select.source, limit: 1 }, row, aliases)
        laterals.push(
          sql` LEFT JOIN LATERAL (SELECT ${object} AS root FROM (${source}) AS ${target}${join(nested, '')}) AS ${lateral} ON true`,
        )
        return [field.key, sql`${lateral}.root`]
      }
      case 'array': {
        const lateral = aliases.next('a')
        const s = aliases.next('s')
        laterals.push(
          sql` LEFT JOIN LATERAL (SELECT coalesce(json_agg(${s}.root), '[]') AS root FROM (${compileRows(field.select, row, aliases)}) AS ${s}) AS ${lateral} ON true`,
        )
        return [field.key, sql`${lateral}.root`]
      }
      case 'aggregate': {
        const lateral = aliases.next('g')
        laterals.push(sql` LEFT JOIN LATERAL (${compileAggregate(field.select, row, aliases)}) AS ${lateral} ON true`)
        return [field.key, sql`${lateral}.root`]
      }
    }
  })
  return jsonObject(pairs)
}

function compileAggregate(plan: AggregatePlan, parent: SqlFragment | null, aliases: AliasSource): SqlFragment {
  const row = aliases.next('t')
  const laterals: SqlFragment[] = []
  const pairs = plan.outputs.map((output): [string, SqlFragment] => {
    switch (output.kind) {
      case 'typename':
        return [output.key, literal(output.name)]
      case 'nodes':
        return [output.key, sql`coalesce(json_agg(${compileFields(output.fields, row, laterals, aliases)}), '[]')`]
      case 'aggregate':
        return [output.key, jsonObject(output.fields.map((field) => [field.key, compileAggregateField(field, row)]))]
    }
  })
  return sql`SELECT ${jsonObject(pairs)} AS root FROM (${compileRowSource(plan.source, parent, aliases)}) AS ${row}${join(laterals, '')}`
}

/**
 * Hasura types sum, max and min as the column and the statistical operators as Float: those come
 * back as float8 unless the column is a big number, which is stringified like any other.
 */
function compileAggregateField(field: AggregateField, row: SqlFragment): SqlFragment {
  switch (field.kind) {
    case 'typename':
      return literal(field.name)
    case 'count': {
      if (field.columns.length === 0) return sql`count(*)`
      const columns =
        field.columns.length === 1
          ? columnRef(row, field.columns[0] as ColumnInfo)
          : sql`(${join(field.columns.map((c) => columnRef(row, c)))})`
      return field.distinct ? sql`count(DISTINCT ${columns})` : sql`count(${columns})`
    }
    case 'operator':
      return jsonObject(
        field.columns.map(({ key, column, stringify }): [string, SqlFragment] => {
          if (column === null) return [key, literal(field.typename)]
          const value = sql`${raw(field.operator)}(${columnRef(row, column)})`
          if (stringify) return [key, sql`(${value})::text`]
          const keepsType = field.operator === 'sum' || field.operator === 'max' || field.operator === 'min'
          return [key, keepsType || column.isBigNumber ? value : sql`(${value})::float8`]
        }),
      )
  }
}

export function compileRowSource(source: RowSource, parent: SqlFragment | null, aliases: AliasSource): SqlFragment {
  const base = aliases.next('b')
  const from = source.function ? compileFunctionCall(source.function) : tableRef(source.table)
  const conditions: SqlFragment[] = []
  if (parent && source.parentJoin) conditions.push(joinCondition(source.parentJoin, parent, base))
  conditions.push(compileBoolExp(source.where, base, aliases))
  const orderBy =
    source.distinctOn.length > 0 && source.orderBy.length === 0
      ? source.distinctOn.map((column): OrderByItem => ({ expression: { kind: 'column', column }, descending: false, nullsFirst: false }))
      : source.orderBy
  const distinct = source.distinctOn.length > 0 ? sql`DISTINCT ON (${join(source.distinctOn.map((c) => columnRef(base, c)))}) ` : sql``
  const order = orderBy.length > 0 ? sql` ORDER BY ${join(orderBy.map((item) => compileOrderItem(item, base, aliases)))}` : sql``
  const limit = compileLimit(source)
  const offset = source.offset ? sql` OFFSET ${compileCount(source.offset)}` : sql``
  return sql`SELECT ${distinct}${base}.* FROM ${from} AS ${base} WHERE ${join(conditions, ' AND ')}${order}${limit}${offset}`
}

/** Named notation (`search => $1`), so that arguments left out take their defaults. */
function compileFunctionCall(call: NonNullable<RowSource['function']>): SqlFragment {
  const args = call.args.map(({ name, value }) => sql`${ident(name)} => ${compileValue(value)}`)
  return sql`${ident(call.fn.schema, call.fn.name)}(${join(args)})`
}

/**
 * Limits known when planning are written into the statement, as Hasura writes them: a prepared
 * statement's generic plan cannot see a `LIMIT $n` and plans for many rows (a nested list of the
 * latest 10 points per metric ran 30% slower on PostgreSQL 15 with the limit as a parameter).
 */
function compileLimit(source: RowSource): SqlFragment {
  const { limit, permissionLimit } = source
  if (limit === null && permissionLimit === null) return sql``
  if (limit === null) return sql` LIMIT ${integer(permissionLimit as number)}`
  if (typeof limit === 'number') return sql` LIMIT ${integer(permissionLimit === null ? limit : Math.min(limit, permissionLimit))}`
  return permissionLimit === null
    ? sql` LIMIT ${compileValue(limit)}`
    : sql` LIMIT LEAST(${compileValue(limit)}, ${integer(permissionLimit)})`
}

/** An OFFSET from the document (digits, possibly beyond 32 bits) as a literal; a variable's stays a parameter. */
function compileCount(value: TypedValue): SqlFragment {
  const { param } = value
  const digits = param.kind === 'literal' ? String(param.value) : ''
  return /^\d{1,18}$/.test(digits) ? raw(digits) : compileValue(value)
}

function integer(n: number): SqlFragment {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer limit: ${n}`)
  return raw(String(n))
}

function compileOrderItem(item: OrderByItem, row: SqlFragment, aliases: AliasSource): SqlFragment {
  const direction = raw(`${item.descending ? 'DESC' : 'ASC'} NULLS ${item.nullsFirst ? 'FIRST' : 'LAST'}`)
  return sql`${compileOrderExpression(item.expression, row, aliases)} ${direction}`
}

function compileOrderExpression(expression: OrderExpression, row: SqlFragment, aliases: AliasSource): SqlFragment {
  switch (expression.kind) {
    case 'column':
      return columnRef(row, expression.column)
    case 'object_relationship': {
      const alias = aliases.next('r')
      const where = sql`${joinCondition(expression.relationship.mapping, row, alias)} AND ${compileBoolExp(expression.filter, alias, aliases)}`
      return sql`(SELECT ${compileOrderExpression(expression.inner, alias, aliases)} FROM ${tableRef(expression.target)} AS ${alias} WHERE ${where} LIMIT 1)`
    }
    case 'aggregate': {
      const alias = aliases.next('r')
      const where = sql`${joinCondition(expression.relationship.mapping, row, alias)} AND ${compileBoolExp(expression.filter, alias, aliases)}`
      const value = expression.column === null ? sql`count(*)` : sql`${raw(expression.operator)}(${columnRef(alias, expression.column)})`
      return sql`(SELECT ${value} FROM ${tableRef(expression.target)} AS ${alias} WHERE ${where})`
    }
  }
}
