/**
 * A bounded least-recently-used map. Every cache in the backend has a size limit (STYLE.md,
 * "bound every cache"): a Map keeps insertion order, so re-inserting on read makes the first key
 * the least recently used one, which is evicted when the limit is passed.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>()
  /** The most recently used key: reading it again needs no re-insertion (a hot key's common case). */
  #newest: K | undefined

  constructor(readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error('LruCache needs a positive whole size')
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key)
    if (value === undefined || key === this.#newest) return value
    this.#entries.delete(key)
    this.#entries.set(key, value)
    this.#newest = key
    return value
  }

  set(key: K, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    this.#newest = key
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
  }

  delete(key: K): void {
    this.#entries.delete(key)
  }

  clear(): void {
    this.#entries.clear()
  }
}
