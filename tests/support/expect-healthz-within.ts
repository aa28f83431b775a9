import { expect } from 'vitest'

/**
 * The same process answers `/healthz` "OK" within `ms`. On a loaded 2-core machine one request
 * can wait that long for a CPU whatever the backend does, so up to `tries` requests are made
 * 100 ms apart and the fastest must be within the bound; every one must answer OK. A process
 * that is really blocked (an event loop kept busy, a database that no longer answers) is slow or
 * failing on every try across the second or more this spans, and fails.
 */
export async function expectHealthzWithin(baseUrl: string, ms = 100, tries = 10): Promise<void> {
  const took: number[] = []
  for (let i = 0; i < tries; i++) {
    const started = performance.now()
    const health = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) })
    expect({ status: health.status, text: await health.text() }).toEqual({ status: 200, text: 'OK' })
    took.push(performance.now() - started)
    if (took.at(-1)! < ms) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  expect.fail(`/healthz took ${took.map((t) => t.toFixed(0)).join(', ')} ms: none of ${tries} tries within ${ms} ms`)
}
