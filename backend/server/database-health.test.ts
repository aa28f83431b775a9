import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts'
import type { Database } from '../db/database.ts'
import { databaseHealth } from './database-health.ts'

const until = async (condition: () => boolean, ms: number) => {
  const deadline = performance.now() + ms
  while (!condition()) {
    if (performance.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

describe(`database health for /healthz (${testDatabaseKind})`, () => {
  let db: Database & { dispose: () => Promise<void> }
  beforeAll(async () => {
    db = await openTestDatabase()
  }, 240_000)
  afterAll(() => db.dispose())

  it('turns unhealthy while no statement can run, without waiting, and healthy again after', async () => {
    const healthy = databaseHealth(db, { intervalMs: 0, timeoutMs: 300 })
    expect(await until(() => healthy(), 10_000)).toBe(true)
    // Every connection the services share (PGlite's one; PostgreSQL's 10) held for 4 s.
    const busy = Promise.all(Array.from({ length: 10 }, () => db.query('select pg_sleep(4)')))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = performance.now()
    healthy()
    expect(performance.now() - started).toBeLessThan(50)
    expect(await until(() => !healthy(), 3_000)).toBe(true)
    await busy
    expect(await until(() => healthy(), 10_000)).toBe(true)
  }, 60_000)
})
