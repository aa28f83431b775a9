import { describe, expect, it, vi } from 'vitest'
import { createLogger } from '../lib/logger.ts'
import { DeliveryLoop, type DeliverySource, type DeliveryStop } from './delivery-loop.ts'

/** A promise settled from outside, to hold a delivery open as long as a test needs. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

/** A queue of `count` due jobs; each delivery waits until the test finishes it. */
function queue(count: number) {
  const due = Array.from({ length: count }, (_, i) => i)
  const open = new Map<number, { finish: () => void; stop: DeliveryStop }>()
  const limits: number[] = []
  const delivered: number[] = []
  const abortedWhenDone: boolean[] = []
  const source: DeliverySource<number> = {
    name: 'test deliveries',
    claim: async (limit) => {
      limits.push(limit)
      return due.splice(0, limit)
    },
    deliver: async (job, stop) => {
      const held = deferred()
      open.set(job, { finish: held.resolve, stop })
      await held.promise
      open.delete(job)
      delivered.push(job)
      abortedWhenDone.push(stop.signal.aborted)
    },
  }
  return { source, open, limits, delivered, abortedWhenDone }
}

// The poll never fires within a test: only the loop's own wake-ups move it.
const options = { concurrency: 2, pollIntervalMs: 3_600_000, log: createLogger('silent') }

describe('DeliveryLoop', () => {
  it('keeps at most `concurrency` deliveries in flight and claims again as each finishes', async () => {
    const jobs = queue(5)
    const loop = new DeliveryLoop(jobs.source, options)
    loop.start()
    await vi.waitFor(() => expect([...jobs.open.keys()]).toEqual([0, 1]))
    expect(jobs.limits).toEqual([2])
    jobs.open.get(0)!.finish()
    await vi.waitFor(() => expect([...jobs.open.keys()]).toEqual([1, 2]))
    expect(jobs.limits).toEqual([2, 1])
    for (const job of [1, 2, 3, 4]) {
      await vi.waitFor(() => expect(jobs.open.has(job)).toBe(true))
      expect(jobs.open.size).toBeLessThanOrEqual(2)
      jobs.open.get(job)!.finish()
    }
    await vi.waitFor(() => expect(jobs.delivered).toEqual([0, 1, 2, 3, 4]))
    // The last claim, after job 4, comes back empty: the queue is drained.
    await vi.waitFor(() => expect(jobs.limits).toEqual([2, 1, 1, 1, 1]))
    await loop.stop()
  })

  it('stops claiming when a claim comes back short of the limit, until woken', async () => {
    const jobs = queue(1)
    const loop = new DeliveryLoop(jobs.source, options)
    loop.start()
    await vi.waitFor(() => expect(jobs.open.size).toBe(1))
    jobs.open.get(0)!.finish()
    await vi.waitFor(() => expect(jobs.delivered).toEqual([0]))
    expect(jobs.limits).toEqual([2])
    loop.wake()
    await vi.waitFor(() => expect(jobs.limits).toEqual([2, 2]))
    await loop.stop()
  })

  it('lets deliveries in flight finish within the grace period, without aborting them', async () => {
    const jobs = queue(1)
    const loop = new DeliveryLoop(jobs.source, options)
    loop.start()
    await vi.waitFor(() => expect(jobs.open.size).toBe(1))
    const { stop, finish } = jobs.open.get(0)!
    expect(stop.draining).toBe(false)
    const stopped = loop.stop(3_600_000)
    expect(stop.draining).toBe(true)
    finish()
    await stopped
    expect(jobs.delivered).toEqual([0])
    expect(jobs.abortedWhenDone).toEqual([false])
    loop.wake()
    expect(jobs.limits).toEqual([2])
  })

  it('aborts what is still in flight once the grace period is over and waits for it to give up', async () => {
    const loop = new DeliveryLoop<number>(
      {
        name: 'hanging webhook',
        claim: async () => [1],
        deliver: (_job, stop) => new Promise((resolve) => stop.signal.addEventListener('abort', () => resolve())),
      },
      { ...options, concurrency: 1 },
    )
    loop.start()
    await loop.stop(0)
  })

  it('logs a failed claim and claims again when next woken', async () => {
    const lines: string[] = []
    let failures = 1
    const claimed: number[] = []
    const loop = new DeliveryLoop<number>(
      {
        name: 'flaky database',
        claim: async () => {
          if (failures-- > 0) throw new Error('connection lost')
          claimed.push(1)
          return []
        },
        deliver: async () => {},
      },
      { ...options, log: createLogger('error', (line) => lines.push(line)) },
    )
    loop.start()
    await vi.waitFor(() => expect(lines.join('\n')).toContain('flaky database: could not fetch due events'))
    expect(lines.join('\n')).toContain('connection lost')
    loop.wake()
    await vi.waitFor(() => expect(claimed).toEqual([1]))
    await loop.stop()
  })
})
