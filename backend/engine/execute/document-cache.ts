import { createHash } from 'node:crypto'
import type { DocumentNode, FragmentDefinitionNode, OperationDefinitionNode } from 'graphql'
import { LruCache } from '../../lib/lru-cache.ts'
import type { CoerceVariables } from '../validate/coerce-variables.ts'
import type { RoleSchema } from './schema-cache.ts'

/** Bounded like every cache here: an attacker sending endless distinct documents only churns it. */
const MAX_DOCUMENTS = 1000

/**
 * Documents up to this length key the cache as they are (V8 hashes a string once, and a Map
 * compares it to one key); longer ones by their sha256, as V8 hashes strings past 16,383
 * characters by their length alone.
 */
const MAX_KEY_LENGTH = 2048

/** A document parsed and validated against one role's schema, and its operations met so far. */
export interface PreparedDocument {
  document: DocumentNode
  /** By the request's `operationName` (`''` when it names none). */
  operations: Map<string, PreparedOperation>
}

/**
 * One operation of a prepared document, validated against one role's schema: what every request
 * running it shares. Its plans are the plan cache's (operation-cache.ts).
 */
export interface PreparedOperation {
  operation: OperationDefinitionNode
  fragments: Map<string, FragmentDefinitionNode>
  coerceVariables: CoerceVariables
}

interface Entry {
  text: string
  /** A role's schema is a new object whenever metadata or catalog change: older entries are never found again. */
  byRole: WeakMap<RoleSchema, PreparedDocument>
}

/**
 * Parsed and validated documents by their text, then by the role schema they were checked
 * against: parsing and validation are the costly part of a request that hits the caches, and
 * the keys are the request's own strings, never built per request.
 */
export class DocumentCache {
  readonly #entries = new LruCache<string, Entry>(MAX_DOCUMENTS)

  get(text: string, schema: RoleSchema): PreparedDocument | undefined {
    const entry = this.#entries.get(keyOf(text))
    return entry !== undefined && entry.text === text ? entry.byRole.get(schema) : undefined
  }

  set(text: string, schema: RoleSchema, document: PreparedDocument): void {
    const key = keyOf(text)
    let entry = this.#entries.get(key)
    if (entry === undefined || entry.text !== text) this.#entries.set(key, (entry = { text, byRole: new WeakMap() }))
    entry.byRole.set(schema, document)
  }

  clear(): void {
    this.#entries.clear()
  }
}

function keyOf(text: string): string {
  return text.length <= MAX_KEY_LENGTH ? text : createHash('sha256').update(text).digest('base64url')
}
