import { SharedSlidingWindow } from '../backend/db/shared-sliding-window.ts'
import { applySystemSchemas } from '../backend/db/system/apply-system-schemas.ts'
import { openTestDatabase, testDatabaseKind } from '../tests/support/test-database.ts'

/**
 * What a shared rate limit costs a request: one `SharedSlidingWindow.allow` (the statement every
 * auth request and every GraphQL request of a rate-limited role now runs), sequential and 32 at
 * once, on distinct keys (clients) and on one key (a client hammering, whose row lock serialises
 * it), beside a bare `SELECT 1` round trip, the floor. The limit is never reached, so every
 * call counts.
 *
 *   npm run bench -- rate-limits [calls]                                   # PGlite
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- rate-limits [calls]
 */
export async function benchRateLimits(calls = 5_000): Promise<string[]> {
  const db = await openTestDatabase()
  try {
    await applySystemSchemas(db)
    const window = new SharedSlidingWindow(db, 'bench', { limit: 1_000_000_000, intervalMs: 60_000 })
    const rows = ['| database | keys | concurrency | calls | µs per call (wall) | calls/s |', '|---|---|---|---|---|---|']
    for (const [keys, concurrency] of [
      ['SELECT 1', 1],
      ['distinct', 1],
      ['one', 1],
      ['SELECT 1', 32],
      ['distinct', 32],
      ['one', 32],
    ] as const) {
      let next = 0
      const started = performance.now()
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < calls) {
            const i = next++
            if (keys === 'SELECT 1') await db.query('SELECT 1')
            else await window.allow(keys === 'one' ? 'same client' : `client ${i}`)
          }
        }),
      )
      const ms = performance.now() - started
      rows.push(
        `| ${testDatabaseKind} | ${keys} | ${concurrency} | ${calls} | ${((ms * 1000) / calls).toFixed(0)} | ${Math.round((calls / ms) * 1000)} |`,
      )
    }
    return rows
  } finally {
    await db.dispose()
  }
}
