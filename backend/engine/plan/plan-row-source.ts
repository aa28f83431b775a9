import { validationError } from '../engine-error.ts'
import type { RoleModel, TableAccess } from '../schema/role-access.ts'
import type { ColumnInfo, FunctionInfo, RelationshipInfo } from '../schema/source-model.ts'
import { and, type BoolExpBuilder } from './build-bool-exp.ts'
import type { RowSource, TypedValue } from './ir.ts'
import { planOrderBy } from './plan-order-by.ts'
import { paramOf } from './variable-slot.ts'

/**
 * The rows one select reads, from its arguments: table or function (with the function's
 * arguments), `where` under the role's permission, `order_by`, `distinct_on`, `limit`, `offset`,
 * and the join to the parent row for relationships.
 */

type Args = Record<string, unknown>

export function functionCall(fn: FunctionInfo, args: Args, path: string): RowSource['function'] {
  const given = (args.args ?? {}) as Args
  const values: { name: string; value: TypedValue }[] = []
  for (const arg of fn.args) {
    const value = given[arg.name]
    if (value === undefined || value === null) {
      if (!arg.hasDefault) throw validationError(`${path}.args.args`, `missing required field '${arg.name}'`)
      continue
    }
    const isJson = arg.sqlType === 'json' || arg.sqlType === 'jsonb'
    values.push({ name: arg.name, value: { param: paramOf(value), sqlType: arg.sqlType, encoding: isJson ? 'json' : 'text' } })
  }
  return { fn, args: values }
}

export function emptySource(access: TableAccess): RowSource {
  return {
    table: access.table,
    function: null,
    where: { kind: 'true' },
    orderBy: [],
    distinctOn: [],
    limit: null,
    permissionLimit: access.limit,
    offset: null,
    parentJoin: null,
  }
}

export function rowSource(
  role: RoleModel,
  boolExps: BoolExpBuilder,
  access: TableAccess,
  args: Args,
  path: string,
  relationship: RelationshipInfo | null,
  fn: RowSource['function'],
): RowSource {
  const where = args.where
    ? boolExps.fromWhere(args.where as Record<string, unknown>, access, `${path}.args.where`)
    : { kind: 'true' as const }
  const orderBy = planOrderBy(role, boolExps, access, (args.order_by ?? []) as Args[])
  const distinctOn = ((args.distinct_on ?? []) as string[]).map((name) => access.table.columnByName.get(name) as ColumnInfo)
  if (distinctOn.length > 0 && orderBy.length > 0) {
    const initial = orderBy.slice(0, distinctOn.length)
    const matches =
      initial.length === distinctOn.length &&
      initial.every((item) => item.expression.kind === 'column' && distinctOn.includes(item.expression.column))
    if (!matches) throw validationError(`${path}.args`, `"distinct_on" columns must match initial "order_by" columns`)
  }
  return {
    ...emptySource(access),
    function: fn,
    where: and([boolExps.permission(access), where]),
    orderBy,
    distinctOn,
    limit: limitOf(args.limit),
    offset: args.offset === undefined || args.offset === null ? null : { param: paramOf(args.offset), sqlType: 'bigint', encoding: 'text' },
    parentJoin: relationship ? relationship.mapping : null,
  }
}

function limitOf(value: unknown): RowSource['limit'] {
  if (value === undefined || value === null) return null
  if (typeof value === 'number') return value
  return { param: paramOf(value), sqlType: 'integer', encoding: 'text' }
}
