import { compile, ident, join, literal, raw, sql, type SqlFragment } from '../../lib/sql.ts'
import { typedValue } from '../plan/build-bool-exp.ts'
import type { ParamValue, RootField, RowSource } from '../plan/ir.ts'
import type { ColumnInfo } from '../schema/source-model.ts'
import { BoundParam } from './bound-param.ts'
import { compileStream, compileStreamWatermark } from './compile-stream.ts'

/**
 * One statement that answers a whole batch of subscribers of one query shape at once, the shape
 * of grafast's `pgSelect` batching (graphile/crystal `grafast/dataplan-pg/src/steps/pgSelect.ts`)
 * and of Hasura's multiplexed live queries: each **cohort** (subscribers whose values are all
 * equal) is one element of a JSON array of arrays, `json_array_elements … WITH ORDINALITY`
 * numbers them, and the subscriber's statement runs once per element as a lateral subquery in
 * which each parameter slot reads that element's value; the plan's own casts (`(…)::type`)
 * then type it exactly as the subscriber's own statement would:
 *
 *   SELECT "_cohort"."ord"::int4 AS "cohort", "_result".*
 *   FROM json_array_elements($1::json) WITH ORDINALITY AS "_cohort"("params", "ord")
 *   LEFT JOIN LATERAL (<statement>) AS "_result"(<columns>) ON true
 */
export interface MultiplexedStatement {
  /** `$1` is the batch (`[[slot values of cohort 1], …]`); `$2…` are `constants`. */
  text: string
  /** Values that are part of the plan (a permission's row limit): the same for every cohort. */
  constants: unknown[]
  /** What each cohort passes, in order: bound per subscriber from its variables and session. */
  slots: BoundParam[]
}

const cohort = ident('_cohort')
const result = ident('_result')
/** Stands for `$1` while compiling: the one value that is not part of the statement's plan. */
const BATCH = Symbol('batch')

/**
 * `perCohort` as a multiplexed statement returning `cohort` and `columns`. Every `BoundParam` in
 * it becomes a slot; a session variable or a variable used twice (with one encoding) is one
 * slot, except the params `ownSlots` names (a stream's cursor and bound, which each poll moves on its own).
 */
export function multiplex(perCohort: SqlFragment, columns: readonly string[], ownSlots: readonly ParamValue[] = []): MultiplexedStatement {
  const slots: BoundParam[] = []
  const byKey = new Map<string, number>()
  const slotOf = (param: BoundParam): number => {
    const key = ownSlots.includes(param.param) ? undefined : slotKey(param)
    const known = key === undefined ? undefined : byKey.get(key)
    if (known !== undefined) return known
    slots.push(param)
    if (key !== undefined) byKey.set(key, slots.length - 1)
    return slots.length - 1
  }
  const params = sql`${cohort}.${ident('params')}`
  const statement = sql`SELECT ${cohort}.${ident('ord')}::int4 AS ${ident('cohort')}, ${result}.*
FROM json_array_elements(${BATCH}::json) WITH ORDINALITY AS ${cohort}(${ident('params')}, ${ident('ord')})
LEFT JOIN LATERAL (${perCohort}) AS ${result}(${join(columns.map((c) => ident(c)))}) ON true`
  const { text, values } = compile(statement, (value) => {
    // The slot's index is a number this code chose; `->>` yields the value as text or NULL.
    if (value instanceof BoundParam) return sql`(${params} ->> ${raw(String(slotOf(value)))})`
    return undefined
  })
  if (values[0] !== BATCH) throw new Error('the batch must be the first parameter of a multiplexed statement')
  return { text, constants: values.slice(1), slots }
}

/** Literal values are per plan, each its own slot; session variables and variables are shared by name. */
function slotKey({ param, encoding }: BoundParam): string | undefined {
  if (param.kind === 'literal') return undefined
  return JSON.stringify([param.kind, param.name, param.kind === 'variable' ? (param.path ?? []) : [], encoding])
}

/** A root field of a live query: fixed JSON (`__typename`), or its statement (`compileRootField`). */
export type LiveRootField = { key: string; json: string } | { key: string; statement: SqlFragment }

/**
 * A live query: its root fields' statements as scalar subqueries concatenated into the
 * `{"data":{…}}` text the HTTP path answers (so a subscriber gets the very bytes a query would),
 * one `response` column.
 */
export function compileLiveQuery(fields: readonly LiveRootField[]): MultiplexedStatement {
  const root = ident('_root')
  const pieces: SqlFragment[] = []
  fields.forEach((field, i) => {
    const key = `${i === 0 ? '' : ','}${JSON.stringify(field.key)}:`
    if ('json' in field) return pieces.push(literal(key + field.json))
    pieces.push(
      literal(key),
      sql`coalesce((SELECT ${root}.${ident('json')}::text FROM (${field.statement}) AS ${root}(${ident('json')})), 'null')`,
    )
  })
  const body = pieces.length === 0 ? literal('') : join(pieces, ' || ')
  return multiplex(sql`SELECT '{"data":{' || ${body} || '}}'`, ['response'])
}

/** How a streaming subscription's poller keeps an ascending stream from passing a row not yet committed. */
export interface StreamBound {
  /** The slot each poll sets to the stream's safe upper bound (`column <= bound`). */
  slot: number
  /** The statement that finds the bound (compileStreamWatermark). */
  watermark: string
}

/**
 * A streaming subscription: per cohort one batch after its cursor (`root`, `[]` when empty) and
 * the cursor of the batch's last row (`cursor`, as text). `cursorSlot` is the slot each poll
 * replaces with that cursor; `bound`, for an ascending stream, the upper bound each poll sets.
 */
export function compileLiveStream(field: Extract<RootField, { kind: 'stream' }>): {
  statement: MultiplexedStatement
  cursorSlot: number
  bound: StreamBound | null
} {
  const { column, descending, value } = field.cursor
  // Only the poller bounds a stream: the same field run once as a query reads every row.
  const bound: ParamValue | null = descending ? null : { kind: 'literal', value: null }
  const bounded = bound ? { ...field, plan: { ...field.plan, source: upTo(field.plan.source, column, bound) } } : field
  const statement = multiplex(compileStream(bounded), ['root', 'cursor'], bound ? [value, bound] : [value])
  const cursorSlot = statement.slots.findIndex((slot) => slot.param === value)
  if (cursorSlot === -1) throw new Error(`the stream ${field.key} compiled without its cursor`)
  if (!bound) return { statement, cursorSlot, bound: null }
  const boundSlot = statement.slots.findIndex((slot) => slot.param === bound)
  if (boundSlot === -1) throw new Error(`the stream ${field.key} compiled without its bound`)
  return { statement, cursorSlot, bound: { slot: boundSlot, watermark: compileStreamWatermark(field) } }
}

/** `source` with `column <= bound` ANDed to its filter, before its order and limit apply. */
function upTo(source: RowSource, column: ColumnInfo, bound: ParamValue): RowSource {
  return {
    ...source,
    where: { kind: 'and', items: [source.where, { kind: 'compare', column, operator: '_lte', value: typedValue(column, bound) }] },
  }
}
