import type { FieldNode } from 'graphql'
import { validationError } from '../engine-error.ts'
import type { TableAccess } from '../schema/role-access.ts'
import type { ColumnInfo } from '../schema/source-model.ts'
import { and, typedValue } from './build-bool-exp.ts'
import { paramOf } from './variable-slot.ts'
import type { RootField, RowSource, TypedValue } from './ir.ts'
import type { MutationPlanContext } from './plan-mutation.ts'

type Args = Record<string, unknown>

/**
 * `T_stream(batch_size, cursor, where)`: the next `batch_size` rows after the cursor, ordered by
 * the cursor column, as Hasura's `AnnSelectStreamG` (hasura/graphql-engine
 * `Hasura.GraphQL.Schema.SubscriptionStream`, `Hasura.Backends.Postgres.Translate.Select`
 * streaming): `column > value` ascending, `column < value` descending, permission filter and
 * `where` ANDed in.
 */
export function planStream(
  planner: MutationPlanContext,
  key: string,
  access: TableAccess,
  nodes: FieldNode[],
  args: Args,
  path: string,
): RootField {
  const items = ((args.cursor ?? []) as (Args | null)[]).filter((item): item is Args => item !== null && item !== undefined)
  const cursors = items.flatMap((item) =>
    Object.entries((item.initial_value ?? {}) as Args)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => ({ name, value, descending: item.ordering === 'DESC' })),
  )
  // Hasura's parse errors for the cursor argument, at the field's `args`.
  if (cursors.length === 0) throw validationError(`${path}.args`, 'one streaming column field is expected')
  if (cursors.length > 1) throw validationError(`${path}.args`, 'multiple column cursors are not supported yet')
  const cursor = cursors[0] as (typeof cursors)[number]
  const column = access.columns.find((c) => c.gqlName === cursor.name) as ColumnInfo
  const value = paramOf(cursor.value)
  const where = args.where ? planner.boolExps.fromWhere(args.where as Args, access, `${path}.args.where`) : { kind: 'true' as const }
  const source: RowSource = {
    table: access.table,
    function: null,
    where: and([
      planner.boolExps.permission(access),
      where,
      { kind: 'compare', column, operator: cursor.descending ? '_lt' : '_gt', value: typedValue(column, value) },
    ]),
    orderBy: [{ expression: { kind: 'column', column }, descending: cursor.descending, nullsFirst: cursor.descending }],
    distinctOn: [],
    limit: limit(args.batch_size),
    permissionLimit: access.limit,
    offset: null,
    parentJoin: null,
  }
  return {
    key,
    kind: 'stream',
    plan: { source, fields: planner.selection(access, nodes, path) },
    cursor: { column, descending: cursor.descending, value },
  }
}

function limit(value: unknown): TypedValue | number {
  if (typeof value === 'number') return value
  return { param: paramOf(value), sqlType: 'integer', encoding: 'text' }
}
