import { describe, expect, it } from 'vitest'
import { SlidingWindow } from './sliding-window.ts'

describe('SlidingWindow', () => {
  it('allows the limit within one window, per key', () => {
    const window = new SlidingWindow({ limit: 3, intervalMs: 60_000 })
    const at = 600_000
    expect([1, 2, 3, 4].map(() => window.allow('a', at))).toEqual([true, true, true, false])
    expect(window.allow('b', at)).toBe(true)
  })

  it('weights the previous window by its overlap, so a burst at the edge cannot double the limit', () => {
    const window = new SlidingWindow({ limit: 10, intervalMs: 60_000 })
    const start = 600_000
    for (let i = 0; i < 10; i++) expect(window.allow('a', start + 59_000)).toBe(true)
    // 1 s into the next window, 59/60 of the previous 10 still count (9.8): one more fits.
    expect([window.allow('a', start + 61_000), window.allow('a', start + 61_000)]).toEqual([true, false])
    // Half-way, half of them do (5), plus the one just counted: 4 more fit.
    const halfway = start + 90_000
    expect(Array.from({ length: 5 }, () => window.allow('a', halfway))).toEqual([true, true, true, true, false])
    // Two windows later nothing counts.
    expect(window.allow('a', start + 180_000)).toBe(true)
  })

  it('does not count refused requests', () => {
    const window = new SlidingWindow({ limit: 1, intervalMs: 60_000 })
    expect(window.allow('a', 0)).toBe(true)
    for (let i = 0; i < 5; i++) expect(window.allow('a', 1000)).toBe(false)
    expect(window.allow('a', 120_000)).toBe(true)
  })

  it('tells how long until the window turns', () => {
    const window = new SlidingWindow({ limit: 1, intervalMs: 60_000 })
    expect(window.retryAfterSeconds(600_000 + 45_000)).toBe(15)
  })
})
