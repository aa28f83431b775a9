import type { GraphQLInputType } from 'graphql'
import { LruCache } from '../../lib/lru-cache.ts'
import type { PlannedOperation } from '../plan/plan-operation.ts'
import { columnValuesShape } from '../plan/variable-shape.ts'
import type { CompiledOperation } from '../sql/compile-operation.ts'
import type { PreparedOperation } from './document-cache.ts'

/** Bounded like every cache here: an attacker sending endless distinct documents only churns it. */
const MAX_PLANS = 2000

/** What an operation's plans depend on: variables read by value, and variables read by shape. */
interface PlanInputs {
  read: string[]
  shaped: [string, GraphQLInputType][]
  /** `read` and the names of `shaped`, to tell another planning's inputs from these. */
  signature: string
}

/** What the cache knows of one operation. */
interface OperationPlans {
  /** Names the operation in the plans' keys: short, unlike the document. */
  id: string
  /** What its plans depend on, once one was cached. */
  inputs?: PlanInputs
  /** Its plan, when no variable's value or shape went into it (most queries). */
  plan?: CompiledOperation
}

/**
 * Compiled operations by operation plus the values of the variables that shaped the plan and the
 * shape of the variables of column values (STYLE.md: the plan-cache key and the constraints
 * recorded while planning). Slot variables and session variables are bound per request and are
 * not part of the key. An operation whose plan depends on no variable has its one plan kept
 * beside it, found without building a key.
 */
export class OperationCache {
  readonly #plans = new LruCache<string, CompiledOperation>(MAX_PLANS)
  #byOperation = new WeakMap<PreparedOperation, OperationPlans>()
  #operationCount = 0

  get(operation: PreparedOperation, variables: Record<string, unknown>): CompiledOperation | undefined {
    const known = this.#byOperation.get(operation)
    if (known?.inputs === undefined) return undefined
    return known.plan ?? this.#plans.get(planKey(known.id, known.inputs, variables))
  }

  set(
    operation: PreparedOperation,
    planned: Pick<PlannedOperation, 'readVariables' | 'shapedVariables'>,
    variables: Record<string, unknown>,
    compiled: CompiledOperation,
  ): void {
    let known = this.#byOperation.get(operation)
    if (!known) this.#byOperation.set(operation, (known = { id: String(++this.#operationCount) }))
    const read = [...planned.readVariables].sort()
    const shaped = [...planned.shapedVariables].sort(([a], [b]) => (a < b ? -1 : 1))
    const signature = JSON.stringify([read, shaped.map(([name]) => name)])
    // Other inputs mean a variable's value changed what the planner read (a null where an object
    // was): keep the first, and do not cache plans that depend on different ones.
    if (known.inputs !== undefined && known.inputs.signature !== signature) return
    const inputs = (known.inputs ??= { read, shaped, signature })
    if (read.length === 0 && shaped.length === 0) known.plan = compiled
    else this.#plans.set(planKey(known.id, inputs, variables), compiled)
  }

  clear(): void {
    this.#plans.clear()
    this.#byOperation = new WeakMap()
  }
}

function planKey(operationId: string, inputs: PlanInputs, variables: Record<string, unknown>): string {
  let key = `${operationId}\0${JSON.stringify(inputs.read.map((name) => variables[name] ?? null))}`
  for (const [name, type] of inputs.shaped) key += `\0${columnValuesShape(variables[name], type)}`
  return key
}
