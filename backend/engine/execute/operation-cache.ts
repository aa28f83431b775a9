import { createHash } from 'node:crypto'
import type { GraphQLInputType } from 'graphql'
import { LruCache } from '../../lib/lru-cache.ts'
import type { PlannedOperation } from '../plan/plan-operation.ts'
import { columnValuesShape } from '../plan/variable-shape.ts'
import type { CompiledOperation } from './compile-operation.ts'

/** Bounded like every cache here: an attacker sending endless distinct documents only churns it. */
const MAX_PLANS = 2000

/** Documents up to this length key the caches as they are: hashing them cost more than the lookup. */
const MAX_KEY_LENGTH = 2048

/** The document's cache key: its text when short, else its sha256. */
export function documentCacheKey(query: string): string {
  return query.length <= MAX_KEY_LENGTH ? `text:${query}` : `sha256:${createHash('sha256').update(query).digest('base64url')}`
}

/** What a document's plans depend on: variables read by value, and variables read by shape. */
interface PlanInputs {
  read: string[]
  shaped: [string, GraphQLInputType][]
  /** `read` and the names of `shaped`, to tell another planning's inputs from these. */
  signature: string
}

/**
 * Compiled operations by (role, document key, operation name) plus the values of the variables
 * that shaped the plan and the shape of the variables of column values (STYLE.md: the plan-cache
 * key and the constraints recorded while planning). Slot variables and session variables are
 * bound per request and are not part of the key.
 */
export class OperationCache {
  readonly #inputs = new LruCache<string, PlanInputs>(MAX_PLANS)
  readonly #plans = new LruCache<string, CompiledOperation>(MAX_PLANS)

  get(documentKey: string, variables: Record<string, unknown>): CompiledOperation | undefined {
    const inputs = this.#inputs.get(documentKey)
    return inputs === undefined ? undefined : this.#plans.get(planKey(documentKey, inputs, variables))
  }

  set(
    documentKey: string,
    planned: Pick<PlannedOperation, 'readVariables' | 'shapedVariables'>,
    variables: Record<string, unknown>,
    compiled: CompiledOperation,
  ): void {
    const read = [...planned.readVariables].sort()
    const shaped = [...planned.shapedVariables].sort(([a], [b]) => (a < b ? -1 : 1))
    const signature = JSON.stringify([read, shaped.map(([name]) => name)])
    const known = this.#inputs.get(documentKey)
    // Other inputs mean a variable's value changed what the planner read (a null where an object
    // was): keep the first, and do not cache plans that depend on different ones.
    if (known !== undefined && known.signature !== signature) return
    const inputs = known ?? { read, shaped, signature }
    if (known === undefined) this.#inputs.set(documentKey, inputs)
    this.#plans.set(planKey(documentKey, inputs, variables), compiled)
  }

  clear(): void {
    this.#inputs.clear()
    this.#plans.clear()
  }
}

function planKey(documentKey: string, inputs: PlanInputs, variables: Record<string, unknown>): string {
  const values = JSON.stringify(inputs.read.map((name) => variables[name] ?? null))
  let key = `${documentKey}\0${values}`
  for (const [name, type] of inputs.shaped) key += `\0${columnValuesShape(variables[name], type)}`
  return key
}
