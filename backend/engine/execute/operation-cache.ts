import { createHash } from 'node:crypto'
import { LruCache } from '../../lib/lru-cache.ts'
import type { CompiledOperation } from './compile-operation.ts'

/** Bounded like every cache here: an attacker sending endless distinct documents only churns it. */
const MAX_PLANS = 2000

export function documentHash(query: string): string {
  return createHash('sha256').update(query).digest('base64url')
}

/**
 * Compiled operations by (role, document hash, operation name) plus the values of the variables
 * that shaped the plan (STYLE.md: the plan-cache key and the constraints recorded while planning).
 * Slot variables and session variables are bound per request and are not part of the key.
 */
export class OperationCache {
  readonly #readVariables = new LruCache<string, string[]>(MAX_PLANS)
  readonly #plans = new LruCache<string, CompiledOperation>(MAX_PLANS)

  get(documentKey: string, variables: Record<string, unknown>): CompiledOperation | undefined {
    const read = this.#readVariables.get(documentKey)
    return read === undefined ? undefined : this.#plans.get(planKey(documentKey, read, variables))
  }

  set(documentKey: string, readVariables: Set<string>, variables: Record<string, unknown>, compiled: CompiledOperation): void {
    const read = [...readVariables].sort()
    const known = this.#readVariables.get(documentKey)
    // Another set of read variables means another variable changed the plan's shape: keep the
    // first set, and do not cache plans that depend on a different one.
    if (known !== undefined && known.join('\0') !== read.join('\0')) return
    if (known === undefined) this.#readVariables.set(documentKey, read)
    this.#plans.set(planKey(documentKey, read, variables), compiled)
  }

  clear(): void {
    this.#readVariables.clear()
    this.#plans.clear()
  }
}

function planKey(documentKey: string, read: string[], variables: Record<string, unknown>): string {
  return `${documentKey}\0${JSON.stringify(read.map((name) => variables[name] ?? null))}`
}
