import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../db/database.ts'
import type { Metadata } from '../model/types.ts'
import { emptyMetadata } from '../model/types.ts'

/** Why the GraphQL schema must be rebuilt: new metadata, or DDL that changed the catalog. */
export type SchemaChange = 'metadata' | 'catalog'

/** Work that must commit with a metadata change, run in its transaction before it commits. */
export type PersistHook = (q: Queryable, previous: Metadata, next: Metadata) => Promise<void>

/**
 * The metadata the engine serves, in memory. Persistence (hdb_catalog.hdb_metadata) is the job of
 * whoever calls `replace`; listeners (the GraphQL engine) rebuild their schema cache on change.
 */
export class MetadataStore {
  #metadata: Metadata
  #resourceVersion = 1
  /** Tells this backend's own change notifications from those of other instances sharing the database. */
  readonly instanceId = randomUUID()
  readonly #listeners = new Set<(change: SchemaChange) => void>()
  readonly #persistHooks = new Set<PersistHook>()

  constructor(metadata: Metadata = emptyMetadata(), resourceVersion = 1) {
    this.#metadata = metadata
    this.#resourceVersion = resourceVersion
  }

  get current(): Metadata {
    return this.#metadata
  }

  /** Hasura's `resource_version`: bumped by every metadata change. */
  get resourceVersion(): number {
    return this.#resourceVersion
  }

  replace(next: Metadata, resourceVersion = this.#resourceVersion + 1): void {
    this.#metadata = next
    this.#resourceVersion = resourceVersion
    this.#emit('metadata')
  }

  /** Called after SQL that may have changed tables, columns, constraints or functions. */
  catalogChanged(): void {
    this.#emit('catalog')
  }

  subscribe(listener: (change: SchemaChange) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Event triggers register here: their Postgres triggers are created in the metadata's own transaction. */
  onPersist(hook: PersistHook): () => void {
    this.#persistHooks.add(hook)
    return () => this.#persistHooks.delete(hook)
  }

  async runPersistHooks(q: Queryable, next: Metadata): Promise<void> {
    for (const hook of this.#persistHooks) await hook(q, this.#metadata, next)
  }

  #emit(change: SchemaChange): void {
    for (const listener of this.#listeners) listener(change)
  }
}
