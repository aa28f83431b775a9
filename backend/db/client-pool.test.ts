import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKind } from '../../tests/support/test-database.ts'
import { ClientPool, type PooledClient } from './client-pool.ts'

// A pool of real PostgreSQL connections: runs where the tests have a server (CI's second pass).
describe.skipIf(testDatabaseKind !== 'postgres')('ClientPool (PostgreSQL)', () => {
  const url = process.env.TEST_DATABASE_URL as string
  const admin = new pg.Client({ connectionString: url })
  const pools: ClientPool<{ uses: number }>[] = []
  const newPool = (max: number, idleMs?: number) => {
    const pool = new ClientPool({ connectionString: url }, max, () => ({ uses: 0 }), idleMs)
    pools.push(pool)
    return pool
  }
  const pid = (pooled: PooledClient<unknown>) => (pooled.client as unknown as { processID: number }).processID

  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()))
  })
  beforeAll(() => admin.connect())
  afterAll(() => admin.end())

  it('hands an idle connection out again with its state, and opens no more than needed', async () => {
    const pool = newPool(4)
    const first = await pool.acquire()
    first.state.uses += 1
    pool.release(first)
    const again = await pool.acquire()
    expect(again).toBe(first)
    expect(again.state.uses).toBe(1)
    expect((await again.client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    pool.release(again)
    expect(pool.stats).toEqual({ size: 1, idle: 1, waiting: 0 })
  })

  it('opens at most max connections; requests beyond wait and are served in order', async () => {
    const pool = newPool(2)
    const a = await pool.acquire()
    const b = await pool.acquire()
    const served: string[] = []
    const c = pool.acquire().then((pooled) => (served.push('c'), pooled))
    const d = pool.acquire().then((pooled) => (served.push('d'), pooled))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(pool.stats).toEqual({ size: 2, idle: 0, waiting: 2 })
    pool.release(a)
    expect(await c).toBe(a)
    pool.release(b)
    expect(await d).toBe(b)
    expect(served).toEqual(['c', 'd'])
  })

  it('replaces a connection the server ended, for a request that waits, and never hands it out again', async () => {
    const pool = newPool(1)
    const doomed = await pool.acquire()
    const waiting = pool.acquire()
    await admin.query('select pg_terminate_backend($1)', [pid(doomed)])
    const failure: unknown = await doomed.client.query('select 1').catch((error: unknown) => error)
    // The server's FATAL 57P01 reaches the driver before the query is sent or after: it fails with that, or as not queryable.
    expect((failure as Error).message).toMatch(/terminating connection due to administrator command|not queryable/)
    pool.release(doomed, failure)
    const fresh = await waiting
    expect(fresh).not.toBe(doomed)
    expect((await fresh.client.query('select 2 as two')).rows).toEqual([{ two: 2 }])
    pool.release(fresh)
    expect(pool.stats.size).toBe(1)
  })

  it('drops an idle connection the server ends', async () => {
    const pool = newPool(2)
    const one = await pool.acquire()
    const two = await pool.acquire()
    pool.release(one)
    pool.release(two)
    await admin.query('select pg_terminate_backend($1)', [pid(one)])
    await expect.poll(() => pool.stats, { timeout: 2000 }).toEqual({ size: 1, idle: 1, waiting: 0 })
    expect(await pool.acquire()).toBe(two)
    pool.release(two)
  })

  it('closes connections idle past idleMs and opens new ones when asked', async () => {
    const pool = newPool(2, 100)
    const one = await pool.acquire()
    const two = await pool.acquire()
    pool.release(one)
    pool.release(two)
    await expect.poll(() => pool.stats, { timeout: 2000 }).toEqual({ size: 0, idle: 0, waiting: 0 })
    const after = await pool.acquire()
    expect((await after.client.query('select 3 as three')).rows).toEqual([{ three: 3 }])
    pool.release(after)
  })

  it('frees the slot of a connection that could not be opened', async () => {
    const pool = new ClientPool({ connectionString: url.replace(/\/[^/]*$/, '/no_such_database') }, 1, () => ({ uses: 0 }))
    pools.push(pool)
    await expect(pool.acquire()).rejects.toThrow(/no_such_database/)
    await expect(pool.acquire()).rejects.toThrow(/no_such_database/)
    expect(pool.stats).toEqual({ size: 0, idle: 0, waiting: 0 })
  })

  it('refuses waiters once closed and closes a connection given back after that', async () => {
    const pool = newPool(1)
    const busy = await pool.acquire()
    const waiting = pool.acquire()
    await pool.close()
    await expect(waiting).rejects.toThrow('the connection pool is closed')
    await expect(pool.acquire()).rejects.toThrow('the connection pool is closed')
    pool.release(busy)
    expect(pool.stats.size).toBe(0)
  })
})
