import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../tests/support/test-database.ts'
import type { Database } from './database.ts'
import { SharedSlidingWindow } from './shared-sliding-window.ts'
import { applySystemSchemas } from './system/apply-system-schemas.ts'

let db: Database & { dispose: () => Promise<void> }

beforeAll(async () => {
  db = await openTestDatabase()
  await applySystemSchemas(db)
})

afterAll(async () => {
  await db?.dispose()
})

const windowOf = (name: string, limit: number) => new SharedSlidingWindow(db, name, { limit, intervalMs: 60_000 })

describe('SharedSlidingWindow', () => {
  it('allows the limit within one window, per key and per limit', async () => {
    const window = windowOf('a-limit', 3)
    const at = 600_000
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await window.allow('a', 1, at))
    expect(answers).toEqual([true, true, true, false])
    expect(await window.allow('b', 1, at)).toBe(true)
    expect(await windowOf('another-limit', 3).allow('a', 1, at)).toBe(true)
  })

  it('weights the previous window by its overlap, so a burst at the edge cannot double the limit', async () => {
    const window = windowOf('edge', 10)
    const start = 600_000
    for (let i = 0; i < 10; i++) expect(await window.allow('a', 1, start + 59_000)).toBe(true)
    // 1 s into the next window, 59/60 of the previous 10 still count (9.8): one more fits.
    expect([await window.allow('a', 1, start + 61_000), await window.allow('a', 1, start + 61_000)]).toEqual([true, false])
    // Half-way, half of them do (5), plus the one just counted: 4 more fit, and a batch of 5 does not.
    const halfway = start + 90_000
    expect(await window.allow('a', 5, halfway)).toBe(false)
    expect(await window.allow('a', 1, halfway)).toBe(false)
    // Two windows later nothing counts.
    expect(await window.allow('a', 1, start + 180_000)).toBe(true)
  })

  it('does not count refused requests; counts failures on their own and forgets a key', async () => {
    const window = windowOf('failures', 2)
    expect(await window.hasRoom('x', 0)).toBe(true)
    await window.count('x', 0)
    await window.count('x', 1_000)
    expect(await window.hasRoom('x', 2_000)).toBe(false)
    for (let i = 0; i < 3; i++) expect(await window.allow('x', 1, 3_000)).toBe(false)
    expect(await window.hasRoom('x', 120_000)).toBe(true)
    await window.count('x', 120_000)
    await window.count('x', 120_000)
    await window.forget('x')
    expect(await window.hasRoom('x', 121_000)).toBe(true)
  })

  it('counts concurrent requests of one key exactly, from several connections, by the database clock', async () => {
    const window = windowOf('concurrent', 25)
    const answers = await Promise.all(Array.from({ length: 60 }, () => window.allow('k')))
    expect(answers.filter(Boolean)).toHaveLength(25)
  })

  it('tells how long until the window turns', () => {
    expect(windowOf('retry', 1).retryAfterSeconds(600_000 + 45_000)).toBe(15)
  })
})
