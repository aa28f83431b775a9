import type { RoleModel, TableAccess } from '../schema/role-access.ts'
import type { BoolExpBuilder } from './build-bool-exp.ts'
import type { OrderByItem, OrderExpression } from './ir.ts'

/**
 * `order_by` arguments to the plan's order items: columns, through object relationships to
 * their columns, and aggregates of array relationships. A relationship's target is read under
 * the role's permission on it, as Hasura does.
 */

type Args = Record<string, unknown>

export function planOrderBy(role: RoleModel, boolExps: BoolExpBuilder, access: TableAccess, items: Args[]): OrderByItem[] {
  const result: OrderByItem[] = []
  for (const item of items) {
    for (const [key, value] of Object.entries(item ?? {})) {
      if (value === null || value === undefined) continue
      result.push(...orderItems(role, boolExps, access, key, value))
    }
  }
  return result
}

function orderItems(role: RoleModel, boolExps: BoolExpBuilder, access: TableAccess, key: string, value: unknown): OrderByItem[] {
  const column = access.columns.find((c) => c.gqlName === key)
  if (column) return [direction({ kind: 'column', column }, value as string)]
  const relationship = access.table.relationships.find((r) => r.name === key || `${r.name}_aggregate` === key)
  const target = relationship && role.access.get(relationship.target)
  if (!relationship || !target) return []
  const filter = boolExps.permission(target)
  if (relationship.kind === 'object') {
    return Object.entries(value as Args)
      .filter(([, v]) => v !== null && v !== undefined)
      .flatMap(([innerKey, innerValue]) =>
        orderItems(role, boolExps, target, innerKey, innerValue).map((inner) => ({
          ...inner,
          expression: {
            kind: 'object_relationship',
            relationship,
            target: target.table,
            filter,
            inner: inner.expression,
          } as OrderExpression,
        })),
      )
  }
  const result: OrderByItem[] = []
  for (const [operator, operand] of Object.entries(value as Args)) {
    if (operand === null || operand === undefined) continue
    if (operator === 'count') {
      result.push(
        direction({ kind: 'aggregate', relationship, target: target.table, filter, operator: 'count', column: null }, operand as string),
      )
      continue
    }
    for (const [columnName, dir] of Object.entries(operand as Args)) {
      const aggColumn = target.columns.find((c) => c.gqlName === columnName)
      if (!aggColumn || dir === null || dir === undefined) continue
      result.push(
        direction(
          { kind: 'aggregate', relationship, target: target.table, filter, operator: operator as never, column: aggColumn },
          dir as string,
        ),
      )
    }
  }
  return result
}

/** Hasura's `order_by` values: `asc` puts nulls last and `desc` puts them first, as Postgres does. */
function direction(expression: OrderExpression, value: string): OrderByItem {
  const descending = value.startsWith('desc')
  const nullsFirst = value.endsWith('nulls_first') ? true : value.endsWith('nulls_last') ? false : descending
  return { expression, descending, nullsFirst }
}
