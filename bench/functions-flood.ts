import { Agent, request } from 'node:http'
import { loadavg } from 'node:os'
import { startServer } from './functions.ts'

/**
 * Whether a flood of CPU-bound function calls starves the rest of the backend: `/healthz` and a
 * small GraphQL query (one row of a tracked table, as admin), probed one after the other every
 * 10 ms, with the backend idle and while `callers` clients call `functions/spin.ts` (20 ms of CPU
 * per call) without pause. Idle and flood alternate in short rounds of `seconds` each, so that the
 * shared machine's own load weighs on both alike; the ratio of each round's flood p99 to the idle
 * p99 just before it is reported by its median, beside the p99 of each phase's pooled latencies.
 *
 *   npm run bench -- functions-flood [seconds] [callers] [rounds]
 */
export async function benchFunctionsFlood(seconds = 3, callers = 48, rounds = 10): Promise<string[]> {
  const server = await startServer('backend')
  const loadBefore = loadavg()
  const idle: Phase = { healthz: [], graphql: [], rounds: [] }
  const flood: Phase = { healthz: [], graphql: [], rounds: [] }
  const calls: Record<string, number> = {}
  try {
    for (let round = 0; round < rounds; round++) {
      await probe(server.base, server.adminSecret, seconds, idle)
      const stop = startFlood(`${server.base}/v1/functions/spin`, callers, calls)
      // The flood's first second only fills the queues.
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await probe(server.base, server.adminSecret, seconds, flood)
      await stop()
    }
  } finally {
    await server.stop()
  }
  const loadAfter = loadavg()
  const row = (name: string, key: Probe) => {
    const [a, b] = [summary(idle[key]), summary(flood[key])]
    const perRound = median(flood.rounds.map((round, i) => round[key] / idle.rounds[i]![key]))
    return `| ${name} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} | ${b.p50.toFixed(1)} | ${b.p99.toFixed(1)} | ${(b.p99 / a.p99).toFixed(1)}× | ${perRound.toFixed(1)}× |`
  }
  const answered = Object.entries(calls)
    .sort()
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')
  const load = (avg: number[]) => avg.map((value) => value.toFixed(1)).join(' ')
  return [
    `| probe | idle p50 ms | idle p99 ms | flood p50 ms | flood p99 ms | flood / idle p99 (pooled) | flood / idle p99 (median of rounds) |`,
    '|---|---|---|---|---|---|---|',
    row('GET /healthz', 'healthz'),
    row('small GraphQL query', 'graphql'),
    '',
    `${rounds} rounds of ${seconds} s idle then ${seconds} s under ${callers} callers of a 20 ms CPU-bound function; ${idle.healthz.length} and ${flood.healthz.length} probes of each kind.`,
    `Calls answered: ${answered}. Load average (1, 5, 15 min) before: ${load(loadBefore)}; after: ${load(loadAfter)}.`,
  ]
}

type Probe = 'healthz' | 'graphql'

/** A phase's latencies, pooled, and each round's p99. */
interface Phase {
  healthz: number[]
  graphql: number[]
  rounds: Record<Probe, number>[]
}

async function probe(base: string, adminSecret: string, seconds: number, into: Phase): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const query = JSON.stringify({ query: '{ bench_item(limit: 1) { id name } }' })
  const round: Record<Probe, number[]> = { healthz: [], graphql: [] }
  const until = performance.now() + seconds * 1000
  while (performance.now() < until) {
    round.healthz.push(await timed(() => send(`${base}/healthz`, agent)))
    round.graphql.push(
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
  into.healthz.push(...round.healthz)
  into.graphql.push(...round.graphql)
  into.rounds.push({ healthz: summary(round.healthz).p99, graphql: summary(round.graphql).p99 })
}

/**
 * Callers that call `url` back to back until stopped; counts the answers by status. A refused
 * call (503/429) is retried after its `Retry-After`, as a well-behaved client would, else after 50 ms.
 */
function startFlood(url: string, callers: number, calls: Record<string, number>): () => Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: callers })
  let running = true
  const caller = async () => {
    while (running) {
      let status: string
      let retryAfter: string | undefined
      try {
        const answer = await send(url, agent, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
        status = String(answer.status)
        retryAfter = answer.retryAfter
      } catch (error) {
        status = (error as NodeJS.ErrnoException).code ?? 'error'
      }
      calls[status] = (calls[status] ?? 0) + 1
      if (status !== '200') await new Promise((resolve) => setTimeout(resolve, retryAfter ? Number(retryAfter) * 1000 : 50))
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

function send(
  url: string,
  agent: Agent,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, { agent, method: init.method ?? 'GET', headers: init.headers }, (response) => {
      response.resume()
      response.once('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] }))
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}
