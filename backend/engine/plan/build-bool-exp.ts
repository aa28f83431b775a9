import type { BoolExp as MetadataBoolExp } from '../../metadata/model/types.ts'
import { EngineError, validationError } from '../engine-error.ts'
import type { RoleModel, TableAccess } from '../schema/role-access.ts'
import { tableKeyOf, type ColumnInfo, type RelationshipInfo, type TableInfo } from '../schema/source-model.ts'
import { paramOf } from './variable-slot.ts'
import type { AggregateCountTest, BoolExp, ParamValue, TypedValue } from './ir.ts'
import { BINARY_OPERATORS, COLUMN_OPERATORS, KEY_OPERATORS, OPERAND_TYPES, normaliseOperator } from './operators.ts'

export const TRUE: BoolExp = { kind: 'true' }

export function and(items: BoolExp[]): BoolExp {
  const kept = items.filter((item) => item.kind !== 'true')
  if (kept.length === 0) return TRUE
  return kept.length === 1 ? (kept[0] as BoolExp) : { kind: 'and', items: kept }
}

export function typedValue(column: ColumnInfo, param: ParamValue, sqlType = column.catalog.sqlType): TypedValue {
  const type = column.catalog.type
  const encoding =
    sqlType !== column.catalog.sqlType
      ? 'text'
      : type === 'json' || type === 'jsonb'
        ? 'json'
        : column.catalog.elementType !== null
          ? 'array'
          : 'text'
  return { param, sqlType, encoding }
}

/**
 * Builds boolean expressions from a request's `where` (GraphQL names, already checked against the
 * role's `T_bool_exp`) and from permission filters (column names, session variables as values,
 * `_exists`, the `$`-spelling of operators). A relationship predicate always carries the target
 * table's permission filter for the role, as Hasura applies it.
 */
export class BoolExpBuilder {
  constructor(readonly role: RoleModel) {}

  /** The role's row filter for a table; TRUE for admin. */
  permission(access: TableAccess): BoolExp {
    return access.filter === null ? TRUE : this.fromPermission(access.filter, access.table)
  }

  fromWhere(value: Record<string, unknown>, access: TableAccess, path: string): BoolExp {
    const items: BoolExp[] = []
    for (const [key, operand] of Object.entries(value)) {
      if (operand === null || operand === undefined) continue
      const at = `${path}.${key}`
      if (key === '_and' || key === '_or') {
        const list = (operand as Record<string, unknown>[]).map((item, i) => this.fromWhere(item, access, `${at}[${i}]`))
        items.push(key === '_and' ? and(list) : { kind: 'or', items: list })
      } else if (key === '_not') {
        items.push({ kind: 'not', item: this.fromWhere(operand as Record<string, unknown>, access, at) })
      } else {
        const column = access.columns.find((c) => c.gqlName === key)
        if (column) {
          items.push(this.#comparisons(column, operand as Record<string, unknown>, at, this.#graphqlParam))
          continue
        }
        const aggregated = access.table.relationships.find((r) => r.kind === 'array' && `${r.name}_aggregate` === key)
        const aggregateTarget = aggregated && this.role.access.get(aggregated.target)
        if (aggregated && aggregateTarget) {
          items.push(this.#aggregatePredicate(aggregated, aggregateTarget, operand as Record<string, Record<string, unknown>>, at))
          continue
        }
        const relationship = access.table.relationships.find((r) => r.name === key)
        const target = relationship && this.role.access.get(relationship.target)
        if (!relationship || !target) throw validationError(at, `field '${key}' not found in type: '${access.table.gqlName}_bool_exp'`)
        const inner = this.fromWhere(operand as Record<string, unknown>, target, at)
        items.push({ kind: 'relationship', relationship, target: target.table, where: and([this.permission(target), inner]) })
      }
    }
    return and(items)
  }

  #aggregatePredicate(
    relationship: RelationshipInfo,
    target: TableAccess,
    operand: Record<string, Record<string, unknown>>,
    path: string,
  ): BoolExp {
    const count = operand.count
    if (!count) return TRUE
    const filter = count.filter ? this.fromWhere(count.filter as Record<string, unknown>, target, `${path}.count.filter`) : TRUE
    const columns = ((count.arguments ?? []) as string[]).map((name) => target.table.columnByName.get(name) as ColumnInfo)
    const present = (entry: [string, unknown]) => entry[1] !== null && entry[1] !== undefined
    const predicate = Object.entries(count.predicate as Record<string, unknown>)
      .filter(present)
      .flatMap(([operator, value]) =>
        operator === '_cast'
          ? Object.entries((value as { String?: Record<string, unknown> }).String ?? {})
              .filter(present)
              .map(([textOperator, textValue]) =>
                this.#countTest(textOperator, textValue, true, `${path}.count.predicate._cast.String.${textOperator}`),
              )
          : [this.#countTest(operator, value, false, `${path}.count.predicate.${operator}`)],
      )
    return {
      kind: 'aggregate_count',
      relationship,
      target: target.table,
      where: and([this.permission(target), filter]),
      columns,
      distinct: count.distinct === true,
      predicate,
    }
  }

  #operandTypeName(column: ColumnInfo, operator: string): string {
    if (OPERAND_TYPES[operator] === 'text' || operator in KEY_OPERATORS) return 'String'
    const enumTable = column.enumTable ? this.role.model.tables.get(column.enumTable) : undefined
    const typeName = enumTable ? `${enumTable.gqlName}_enum` : column.scalar
    return operator === '_cast' ? `${typeName}_cast_exp` : typeName
  }

  /** One test of an aggregate predicate on the count, or on the count as text (`_cast`). */
  #countTest(operator: string, value: unknown, castToText: boolean, path: string): AggregateCountTest {
    if (operator === '_is_null') return { operator, value: value === true, castToText }
    if (operator !== '_in' && operator !== '_nin' && !(operator in BINARY_OPERATORS))
      throw validationError(path, `unknown operator '${operator}'`)
    const typed = (v: unknown): TypedValue => ({ param: this.#graphqlParam(v), sqlType: castToText ? 'text' : 'bigint', encoding: 'text' })
    return { operator, value: Array.isArray(value) ? value.map(typed) : typed(value), castToText }
  }

  #graphqlParam: (value: unknown) => ParamValue = paramOf

  #permissionParam = (value: unknown): ParamValue =>
    typeof value === 'string' && /^x-hasura-/i.test(value) ? { kind: 'session', name: value.toLowerCase() } : { kind: 'literal', value }

  /** `root`: the table the permission is on, which `["$", column]` column comparisons name. */
  fromPermission(filter: MetadataBoolExp, table: TableInfo, root: TableInfo = table): BoolExp {
    const items: BoolExp[] = []
    for (const [rawKey, operand] of Object.entries(filter)) {
      const key = normaliseOperator(rawKey)
      if (key === '_and' || key === '_or') {
        const list = (operand as MetadataBoolExp[]).map((item) => this.fromPermission(item, table, root))
        items.push(key === '_and' ? and(list) : { kind: 'or', items: list })
      } else if (key === '_not') {
        items.push({ kind: 'not', item: this.fromPermission(operand as MetadataBoolExp, table, root) })
      } else if (key === '_exists') {
        const { _table, _where } = operand as { _table: { schema: string; name: string } | string; _where: MetadataBoolExp }
        const target = this.role.model.tables.get(tableKeyOf(_table))
        if (!target) throw new EngineError('unexpected', `table ${JSON.stringify(_table)} in _exists is not tracked`)
        items.push({ kind: 'exists', table: target, where: this.fromPermission(_where ?? {}, target, root) })
      } else {
        const column = table.columnByName.get(key)
        if (column) {
          // `{"author_id": "X-Hasura-User-Id"}` is shorthand for `_eq`.
          const isOperators =
            typeof operand === 'object' &&
            operand !== null &&
            !Array.isArray(operand) &&
            Object.keys(operand).every((k) => k.startsWith('_') || k.startsWith('$'))
          const operators = isOperators ? (operand as Record<string, unknown>) : { _eq: operand }
          items.push(this.#comparisons(column, operators, '$', this.#permissionParam, table, root))
          continue
        }
        const relationship = table.relationships.find((r) => r.name === key)
        const target = relationship && this.role.model.tables.get(relationship.target)
        if (!relationship || !target)
          throw new EngineError('unexpected', `unknown field '${key}' in the permission filter of table '${table.name}'`)
        // A permission rule traverses the relationship as written, without the target table's own
        // permission (Hasura resolves permission rules once, role-independently): mutually
        // referring rules (workspaces ↔ workspace_members) would otherwise recurse forever.
        items.push({ kind: 'relationship', relationship, target, where: this.fromPermission(operand as MetadataBoolExp, target, root) })
      }
    }
    return and(items)
  }

  #comparisons(
    column: ColumnInfo,
    operators: Record<string, unknown>,
    path: string,
    param: (v: unknown) => ParamValue,
    table?: TableInfo,
    root?: TableInfo,
  ): BoolExp {
    const items: BoolExp[] = []
    for (const [rawName, value] of Object.entries(operators)) {
      const name = normaliseOperator(rawName)
      if (value === null && param === this.#graphqlParam && name !== '_is_null') {
        // Hasura v2 rejects null comparison values rather than matching everything
        // (HASURA_GRAPHQL_V1_BOOLEAN_NULL_COLLAPSE restores v1's "null is true").
        throw validationError(`${path}.${rawName}`, `unexpected null value for type '${this.#operandTypeName(column, name)}'`)
      }
      if (value === undefined || value === null) continue
      items.push(this.#comparison(column, name, value, `${path}.${rawName}`, param, table, false, root))
    }
    return and(items)
  }

  #comparison(
    column: ColumnInfo,
    name: string,
    value: unknown,
    path: string,
    param: (v: unknown) => ParamValue,
    table?: TableInfo,
    castToText = false,
    root?: TableInfo,
  ): BoolExp {
    const sqlType = castToText ? 'text' : (OPERAND_TYPES[name] ?? column.catalog.sqlType)
    if (name === '_is_null') return { kind: 'is_null', column, isNull: value === true }
    if (name === '_in' || name === '_nin') {
      const negated = name === '_nin'
      const values = Array.isArray(value)
        ? value.map((item) => typedValue(column, param(item), sqlType))
        : { param: param(value), sqlType: `${sqlType}[]`, encoding: 'array' as const }
      return { kind: 'in', column, negated, values, castToText }
    }
    const keyOperator = KEY_OPERATORS[name]
    if (keyOperator) {
      const many = keyOperator !== '?'
      const typed: TypedValue = { param: param(value), sqlType: many ? 'text[]' : 'text', encoding: many ? 'array' : 'text' }
      return { kind: 'key_exists', column, operator: keyOperator, value: typed }
    }
    if (name === '_cast') {
      const inner = (value as Record<string, Record<string, unknown>>).String ?? {}
      return and(
        Object.entries(inner)
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([op, v]) => this.#comparison(column, normaliseOperator(op), v, `${path}.String.${op}`, param, table, true)),
      )
    }
    const columnOperator = COLUMN_OPERATORS[name]
    if (columnOperator && table) {
      // `["$", "c"]` names column c of the permission's own table, from inside a relationship.
      const fromRoot = Array.isArray(value) && value[0] === '$' && root !== undefined
      const otherName = Array.isArray(value) ? String(value[value.length - 1]) : String(value)
      const other = (fromRoot ? root : table).columnByName.get(otherName)
      if (!other) throw new EngineError('unexpected', `unknown column '${otherName}' in a column comparison`)
      return { kind: 'compare_column', column, operator: columnOperator, other, fromRoot }
    }
    if (!(name in BINARY_OPERATORS)) throw validationError(path, `unknown operator '${name}'`)
    return { kind: 'compare', column, operator: name, value: typedValue(column, param(value), sqlType), castToText }
  }
}
