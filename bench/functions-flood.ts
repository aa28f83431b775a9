import { Agent, request } from 'node:http'

/**
 * Whether a flood of CPU-bound function calls starves the rest of the backend: `/healthz` and a
 * small GraphQL query (one row of a tracked table, as admin), probed one after the other every
 * 10 ms, first with the backend idle, then while `callers` clients call `functions/spin.ts` (20 ms
 * of CPU per call) without pause. Idle and flood alternate for `rounds` rounds of `seconds` each;
 * the latencies of a phase are pooled across rounds.
 */
export async function measureFlood(base: string, adminSecret: string, seconds: number, callers: number, rounds: number): Promise<string[]> {
  const idle: Probes = { healthz: [], graphql: [] }
  const flood: Probes = { healthz: [], graphql: [] }
  const calls: Record<string, number> = {}
  for (let round = 0; round < rounds; round++) {
    await probe(base, adminSecret, seconds, idle)
    const stop = startFlood(`${base}/v1/functions/spin`, callers, calls)
    // The flood's first second only fills the workers' queues.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await probe(base, adminSecret, seconds, flood)
    await stop()
  }
  const row = (name: string, key: keyof Probes) => {
    const [a, b] = [summary(idle[key]), summary(flood[key])]
    return `| ${name} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} | ${b.p50.toFixed(1)} | ${b.p99.toFixed(1)} | ${(b.p99 / a.p99).toFixed(1)}× |`
  }
  const answered = Object.entries(calls)
    .sort()
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')
  return [
    `| probe | idle p50 ms | idle p99 ms | flood p50 ms | flood p99 ms | flood / idle p99 |`,
    '|---|---|---|---|---|---|',
    row('GET /healthz', 'healthz'),
    row('small GraphQL query', 'graphql'),
    '',
    `${rounds} rounds of ${seconds} s idle then ${seconds} s under ${callers} callers of a 20 ms CPU-bound function (calls answered: ${answered}); ${idle.healthz.length} and ${flood.healthz.length} probes of each kind.`,
  ]
}

interface Probes {
  healthz: number[]
  graphql: number[]
}

async function probe(base: string, adminSecret: string, seconds: number, into: Probes): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const query = JSON.stringify({ query: '{ bench_item(limit: 1) { id name } }' })
  const until = performance.now() + seconds * 1000
  while (performance.now() < until) {
    into.healthz.push(await timed(() => send(`${base}/healthz`, agent)))
    into.graphql.push(
      await timed(() =>
        send(`${base}/v1/graphql`, agent, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': adminSecret },
          body: query,
        }),
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  agent.destroy()
}

/** Callers that call `url` back to back until stopped; counts the answers by status. */
function startFlood(url: string, callers: number, calls: Record<string, number>): () => Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: callers })
  let running = true
  const caller = async () => {
    while (running) {
      let status: string
      try {
        status = String(await send(url, agent, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
      } catch (error) {
        status = (error as NodeJS.ErrnoException).code ?? 'error'
      }
      calls[status] = (calls[status] ?? 0) + 1
      // A refused call (503/429) is retried after a pause, as a well-behaved client would.
      if (status !== '200') await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const all = Promise.all(Array.from({ length: callers }, caller))
  return async () => {
    running = false
    await all
    agent.destroy()
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

function send(url: string, agent: Agent, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent, method: init.method ?? 'GET', headers: init.headers }, (response) => {
      response.resume()
      response.once('end', () => resolve(response.statusCode ?? 0))
    })
      .once('error', reject)
      .end(init.body)
  })
}

function summary(latencies: number[]): { p50: number; p99: number } {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN
  return { p50: at(0.5), p99: at(0.99) }
}
