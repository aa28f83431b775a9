import type { Database } from '../../db/database.ts'
import { LruCache } from '../../lib/lru-cache.ts'

/** Statement texts whose parameter types are known; one entry per distinct live query shape. */
const CACHE_SIZE = 1_000
const caches = new WeakMap<Database, LruCache<string, readonly string[]>>()
let probeCounter = 0

/**
 * The type Postgres infers for each `$n` of a statement, learnt by preparing it, as a driver's
 * Describe message would: `PREPARE` then `pg_prepared_statements.parameter_types`, in one
 * simple-protocol script so both steps run on the same connection, then `DEALLOCATE`. The
 * multiplexed statement casts each value to these types, so it resolves every operator and
 * function exactly as the subscriber's own statement did.
 */
export async function parameterTypes(db: Database, text: string): Promise<readonly string[]> {
  let cache = caches.get(db)
  if (cache === undefined) {
    cache = new LruCache(CACHE_SIZE)
    caches.set(db, cache)
  }
  const cached = cache.get(text)
  if (cached !== undefined) return cached
  const name = `pulseboard_live_probe_${++probeCounter}`
  // `text` is a statement the engine compiled (its values are `$n` parameters), and `name` is ours.
  const results = await db.script(
    `PREPARE ${name} AS ${text};\n` +
      `SELECT array_to_json(parameter_types::text[])::text FROM pg_prepared_statements WHERE name = '${name}';\n` +
      `DEALLOCATE ${name};`,
  )
  const json = results[1]?.rows[0]?.[0]
  if (typeof json !== 'string') throw new Error('could not read the parameter types of a live query')
  const types = JSON.parse(json) as string[]
  cache.set(text, types)
  return types
}
