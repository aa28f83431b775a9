import type { OperationPlan } from '../plan/ir.ts'
import { tablesRead, type TableName } from '../plan/tables-read.ts'
import {
  compileLiveQuery,
  compileLiveStream,
  type LiveRootField,
  type MultiplexedStatement,
  type StreamBound,
} from './compile-live-query.ts'
import { compileRootField } from './compile-select.ts'

/**
 * A subscription as live queries run it, compiled once with its plan: the multiplexed statement,
 * the parameter slots each subscriber binds, and the tables whose changes refetch it (null when
 * only polling can tell: a function is read).
 */
export type CompiledSubscription =
  | { kind: 'live'; statement: MultiplexedStatement; tables: TableName[] | null }
  | {
      kind: 'stream'
      key: string
      statement: MultiplexedStatement
      cursorSlot: number
      bound: StreamBound | null
      tables: TableName[] | null
    }
  /** It cannot run as a subscription; `field` is the root field at fault. */
  | { kind: 'refused'; field: string }

/** The placeholder root field's text, as in the query's own answer (compile-operation.ts). */
export function compileSubscription(plan: OperationPlan, placeholderJson: string): CompiledSubscription {
  const tables = tablesRead(plan.rootFields)
  const [first] = plan.rootFields
  // Validation lets a subscription select one root field: a stream runs alone.
  if (first?.kind === 'stream') return { kind: 'stream', key: first.key, ...compileLiveStream(first), tables }
  const fields: LiveRootField[] = []
  for (const field of plan.rootFields) {
    if (field.kind === 'typename') fields.push({ key: field.key, json: JSON.stringify(field.name) })
    else if (field.kind === 'placeholder') fields.push({ key: field.key, json: placeholderJson })
    else {
      const statement = field.kind === 'select' || field.kind === 'aggregate' ? compileRootField(field) : null
      if (!statement) return { kind: 'refused', field: field.key }
      fields.push({ key: field.key, statement })
    }
  }
  return { kind: 'live', statement: compileLiveQuery(fields), tables }
}
