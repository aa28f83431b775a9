import { ident, join, raw, sql, type SqlFragment } from '../../lib/sql.ts'
import type { BoolExp, TypedValue } from '../plan/ir.ts'
import type { ColumnInfo, RelationshipInfo, TableInfo } from '../schema/source-model.ts'
import { BINARY_OPERATORS } from '../plan/operators.ts'
import { BoundParam } from './bound-param.ts'
import type { AliasSource } from './alias-source.ts'

/**
 * `($n)::type`. The type is the catalog's `format_type` of a column or argument, or a type
 * name written in this code: never request text.
 */
export function compileValue(value: TypedValue): SqlFragment {
  return sql`(${new BoundParam(value.param, value.encoding)})::${raw(value.sqlType)}`
}

export function columnRef(alias: SqlFragment, column: ColumnInfo | string): SqlFragment {
  return sql`${alias}.${ident(typeof column === 'string' ? column : column.name)}`
}

export function tableRef(table: TableInfo): SqlFragment {
  return ident(table.schema, table.name)
}

/** `child.c = parent.p AND …` for a relationship's column mapping. */
export function joinCondition(mapping: [string, string][], parent: SqlFragment, child: SqlFragment): SqlFragment {
  return join(
    mapping.map(([p, c]) => sql`${columnRef(child, c)} = ${columnRef(parent, p)}`),
    ' AND ',
  )
}

/** `root`: the row the whole expression is about (`fromRoot` column comparisons read it). */
export function compileBoolExp(exp: BoolExp, row: SqlFragment, aliases: AliasSource, root: SqlFragment = row): SqlFragment {
  switch (exp.kind) {
    case 'true':
      return sql`true`
    case 'and':
      return sql`(${join(
        exp.items.map((item) => compileBoolExp(item, row, aliases, root)),
        ' AND ',
      )})`
    case 'or':
      return exp.items.length === 0
        ? sql`false`
        : sql`(${join(
            exp.items.map((item) => compileBoolExp(item, row, aliases, root)),
            ' OR ',
          )})`
    case 'not':
      return sql`(NOT ${compileBoolExp(exp.item, row, aliases, root)})`
    case 'is_null':
      return exp.isNull ? sql`(${columnRef(row, exp.column)} IS NULL)` : sql`(${columnRef(row, exp.column)} IS NOT NULL)`
    case 'compare': {
      const left = exp.castToText ? sql`(${columnRef(row, exp.column)})::text` : columnRef(row, exp.column)
      return sql`(${left} ${raw(BINARY_OPERATORS[exp.operator] as string)} ${compileValue(exp.value)})`
    }
    case 'compare_column':
      return sql`(${columnRef(row, exp.column)} ${raw(exp.operator)} ${columnRef(exp.fromRoot ? root : row, exp.other)})`
    case 'in': {
      const left = exp.castToText ? sql`(${columnRef(row, exp.column)})::text` : columnRef(row, exp.column)
      if (!Array.isArray(exp.values)) {
        const any = sql`(${left} = ANY(${compileValue(exp.values)}))`
        return exp.negated ? sql`(NOT ${any})` : any
      }
      if (exp.values.length === 0) return exp.negated ? sql`true` : sql`false`
      const list = join(exp.values.map(compileValue))
      return exp.negated ? sql`(${left} NOT IN (${list}))` : sql`(${left} IN (${list}))`
    }
    case 'key_exists':
      return sql`(${columnRef(row, exp.column)} ${raw(exp.operator)} ${compileValue(exp.value)})`
    case 'relationship':
      return compileRelationshipExists(exp.relationship, exp.target, exp.where, row, aliases, root)
    case 'aggregate_count': {
      const alias = aliases.next('r')
      const counted =
        exp.columns.length === 0
          ? sql`*`
          : sql`${exp.distinct ? sql`DISTINCT ` : sql``}${exp.columns.length === 1 ? columnRef(alias, exp.columns[0] as ColumnInfo) : sql`(${join(exp.columns.map((c) => columnRef(alias, c)))})`}`
      const where = sql`${joinCondition(exp.relationship.mapping, row, alias)} AND ${compileBoolExp(exp.where, alias, aliases, root)}`
      const count = sql`(SELECT count(${counted}) FROM ${tableRef(exp.target)} AS ${alias} WHERE ${where})`
      const tests = exp.predicate.map(({ operator, value, castToText }) => {
        const left = castToText ? sql`(${count})::text` : count
        if (typeof value === 'boolean') return value ? sql`(${left} IS NULL)` : sql`(${left} IS NOT NULL)`
        if (Array.isArray(value)) {
          const list = value.length === 0 ? null : join(value.map(compileValue))
          if (operator === '_nin') return list ? sql`(${left} NOT IN (${list}))` : sql`true`
          return list ? sql`(${left} IN (${list}))` : sql`false`
        }
        return sql`(${left} ${raw(BINARY_OPERATORS[operator] as string)} ${compileValue(value)})`
      })
      return tests.length === 0 ? sql`true` : sql`(${join(tests, ' AND ')})`
    }
    case 'exists': {
      const alias = aliases.next('e')
      return sql`EXISTS (SELECT 1 FROM ${tableRef(exp.table)} AS ${alias} WHERE ${compileBoolExp(exp.where, alias, aliases, root)})`
    }
  }
}

function compileRelationshipExists(
  relationship: RelationshipInfo,
  target: TableInfo,
  where: BoolExp,
  row: SqlFragment,
  aliases: AliasSource,
  root: SqlFragment,
): SqlFragment {
  const alias = aliases.next('r')
  return sql`EXISTS (SELECT 1 FROM ${tableRef(target)} AS ${alias} WHERE ${joinCondition(relationship.mapping, row, alias)} AND ${compileBoolExp(where, alias, aliases, root)})`
}
