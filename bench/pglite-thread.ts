import { fork } from 'node:child_process'
import { once } from 'node:events'
import { loadavg } from 'node:os'

/**
 * PGlite on the backend's thread or in a worker thread (issue 14 item 4): how fast `/healthz` and
 * a cheap GraphQL query answer, alone and while another client runs a heavy query (about a second
 * of PGlite's time) back to back. Both backends run side by side in one run, each in its own
 * process on files in its own data directory; probes are sent every 20 ms whether or not the last
 * one answered, so a stalled server shows in the latencies.
 *
 *   npm run bench -- pglite-thread [seconds]      (default 10 s per phase)
 */
const ADMIN_SECRET = 'bench-admin-secret'
const PROBE_EVERY_MS = 20
const CHEAP = { query: '{ numbers(limit: 1) { n } }' }
const HEAVY = { query: '{ heavy_numbers(limit: 1) { n } }' }

interface Server {
  url: string
  thread: 'main' | 'worker'
  stop(): Promise<void>
}

async function startServer(thread: 'main' | 'worker'): Promise<Server> {
  const child = fork(new URL('./pglite-thread-server.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_ADMIN_SECRET: ADMIN_SECRET, PULSEBOARD_PGLITE_THREAD: thread },
  })
  process.on('exit', () => child.kill())
  const [ready] = (await once(child, 'message')) as [{ url: string }]
  return {
    url: ready.url,
    thread,
    async stop() {
      child.send({ type: 'stop' })
      await once(child, 'exit')
    },
  }
}

async function post(server: Server, path: string, body: unknown): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== 200 || text.includes('"errors"')) throw new Error(`${path}: ${response.status} ${text}`)
  return text
}

async function setUp(server: Server): Promise<void> {
  await post(server, '/v2/query', {
    type: 'run_sql',
    args: {
      sql: `CREATE TABLE public.numbers (n int PRIMARY KEY);
        INSERT INTO public.numbers SELECT generate_series(1, 100);
        CREATE FUNCTION public.heavy_numbers() RETURNS SETOF public.numbers LANGUAGE sql STABLE AS
          $$ SELECT n.* FROM public.numbers n WHERE (SELECT count(*) FROM generate_series(1, 5000000)) > 0 $$;`,
    },
  })
  await post(server, '/v1/metadata', { type: 'pg_track_table', args: { table: { schema: 'public', name: 'numbers' } } })
  await post(server, '/v1/metadata', { type: 'pg_track_function', args: { function: { schema: 'public', name: 'heavy_numbers' } } })
}

/** Sends `probe` every 20 ms for `seconds`, not waiting for answers; the latency of each. */
async function probeEvery(seconds: number, probe: () => Promise<unknown>): Promise<number[]> {
  const latencies: Promise<number>[] = []
  const end = performance.now() + seconds * 1000
  while (performance.now() < end) {
    const sent = performance.now()
    latencies.push(probe().then(() => performance.now() - sent))
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS))
  }
  return (await Promise.all(latencies)).sort((a, b) => a - b)
}

/** Cheap queries per second from 16 clients that each send the next as soon as one answers. */
async function requestsPerSecond(seconds: number, request: () => Promise<unknown>): Promise<number> {
  let done = 0
  const end = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < end) {
        await request()
        done++
      }
    }),
  )
  return done / seconds
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const ms = (sorted: number[]) => `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`

async function measure(server: Server, seconds: number): Promise<string[]> {
  const healthz = async () => {
    const response = await fetch(`${server.url}/healthz`)
    await response.text()
  }
  const cheap = () => post(server, '/v1/graphql', CHEAP)
  for (let i = 0; i < 20; i++) await cheap()
  const [aloneHealthz, aloneCheap] = await Promise.all([probeEvery(seconds, healthz), probeEvery(seconds, cheap)])
  let heavyRuns = 0
  let heavyMs = 0
  let loading = true
  const heavyLoop = (async () => {
    while (loading) {
      const started = performance.now()
      await post(server, '/v1/graphql', HEAVY)
      heavyMs += performance.now() - started
      heavyRuns++
    }
  })()
  const [loadedHealthz, loadedCheap] = await Promise.all([probeEvery(seconds, healthz), probeEvery(seconds, cheap)])
  loading = false
  await heavyLoop
  const throughput = await requestsPerSecond(seconds, cheap)
  const where = `PGlite, ${server.thread} thread`
  return [
    `| ${where} | alone | ${ms(aloneHealthz)} | ${ms(aloneCheap)} | – | ${throughput.toFixed(0)} | ${loadavg()[0]!.toFixed(1)} |`,
    `| ${where} | during heavy queries | ${ms(loadedHealthz)} | ${ms(loadedCheap)} | ${heavyRuns}, ${(heavyMs / heavyRuns).toFixed(0)} ms each | – | ${loadavg()[0]!.toFixed(1)} |`,
  ]
}

export async function benchPgliteThread(seconds = 10): Promise<string[]> {
  const rows: string[] = []
  for (const thread of ['main', 'worker'] as const) {
    const server = await startServer(thread)
    try {
      await setUp(server)
      rows.push(...(await measure(server, seconds)))
    } finally {
      await server.stop()
    }
  }
  return [
    `Probes every ${PROBE_EVERY_MS} ms for ${seconds} s per phase; latencies in ms.`,
    '',
    '| database | phase | /healthz p50 / p99 | cheap query p50 / p99 | heavy queries | cheap queries/s, 16 clients | machine load (1 min) |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ]
}
