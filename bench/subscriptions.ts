import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { loadavg } from 'node:os'
import { SignJWT } from 'jose'
import WebSocket from 'ws'
import type { ServerStats } from './subscriptions-server.ts'

/**
 * Live-query benchmark (issue 5): N subscribers, each on its own connection with its own session
 * (user id) and its own variables, against the backend in a separate process. One commit then
 * changes every subscriber's result; we record how long until each has its new result, the
 * server's CPU and memory, and the SQL statements the refetch took.
 *
 *   npm run bench -- subscriptions [N…]        (default 1000 5000; DATABASE_URL to use PostgreSQL)
 */
const ADMIN_SECRET = 'bench-admin-secret'
const JWT_KEY = 'bench-jwt-key-of-at-least-32-characters-long'
const ROUNDS = 3
const CONNECT_CONCURRENCY = 200

const QUERY = `subscription Latest($sensor: Int!) {
  readings(where: { sensor: { _eq: $sensor } }, order_by: { id: desc }, limit: 1) { id value }
}`

interface Server {
  url: string
  stats(): Promise<ServerStats>
  stop(): Promise<void>
}

async function startServer(): Promise<Server> {
  const child: ChildProcess = fork(new URL('./subscriptions-server.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_ADMIN_SECRET: ADMIN_SECRET, BENCH_JWT_SECRET: JSON.stringify({ type: 'HS256', key: JWT_KEY }) },
  })
  // A benchmark that fails must not leave its server running.
  process.on('exit', () => child.kill())
  const [ready] = (await once(child, 'message')) as [{ url: string }]
  return {
    url: ready.url,
    async stats() {
      child.send({ type: 'stats' })
      const [reply] = (await once(child, 'message')) as [{ stats: ServerStats }]
      return reply.stats
    },
    async stop() {
      child.send({ type: 'stop' })
      await once(child, 'exit')
    },
  }
}

async function admin(server: Server, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
    body: JSON.stringify(body),
  })
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`)
}

const runSql = (server: Server, sql: string) => admin(server, '/v2/query', { type: 'run_sql', args: { source: 'default', sql } })

async function setUp(server: Server, n: number): Promise<void> {
  await runSql(server, `
    DROP TABLE IF EXISTS public.readings;
    CREATE TABLE public.readings (id bigserial PRIMARY KEY, sensor int NOT NULL, owner_id text NOT NULL, value float8 NOT NULL);
    CREATE INDEX readings_sensor ON public.readings (sensor, id DESC);
    INSERT INTO public.readings (sensor, owner_id, value) SELECT g, 'u' || g, 0 FROM generate_series(0, ${n - 1}) g;`)
  await admin(server, '/v1/metadata', {
    type: 'replace_metadata',
    args: {
      version: 3,
      sources: [{
        name: 'default',
        kind: 'postgres',
        configuration: { connection_info: { database_url: { from_env: 'DATABASE_URL' } } },
        tables: [{
          table: { schema: 'public', name: 'readings' },
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'sensor', 'value'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } } }],
        }],
      }],
    },
  })
}

interface Subscriber {
  socket: WebSocket
  /** When each result arrived (performance.now()). */
  arrivals: number[]
  waiters: (() => void)[]
}

async function connect(url: string, i: number): Promise<Subscriber> {
  const token = await new SignJWT({
    'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': `u${i}` },
  }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('2h').sign(new TextEncoder().encode(JWT_KEY))
  const socket = new WebSocket(`${url.replace('http', 'ws')}/v1/graphql`, 'graphql-transport-ws')
  const subscriber: Subscriber = { socket, arrivals: [], waiters: [] }
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string }
    if (message.type === 'connection_ack') {
      socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: QUERY, variables: { sensor: i } } }))
    } else if (message.type === 'next') {
      subscriber.arrivals.push(performance.now())
      for (const wake of subscriber.waiters.splice(0)) wake()
    } else if (message.type === 'error') {
      throw new Error(`subscriber ${i}: ${String(data)}`)
    }
  })
  await once(socket, 'open')
  socket.send(JSON.stringify({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${token}` } } }))
  return subscriber
}

function resultCount(subscriber: Subscriber, count: number): Promise<void> {
  if (subscriber.arrivals.length >= count) return Promise.resolve()
  return new Promise((resolve) => subscriber.waiters.push(() => subscriber.arrivals.length >= count && resolve()))
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const ms = (value: number) => `${value.toFixed(0)} ms`

export async function benchSubscriptions(counts: number[]): Promise<string[]> {
  const rows: string[] = []
  for (const n of counts) {
    const server = await startServer()
    try {
      await setUp(server, n)
      const before = await server.stats()
      const subscribing = performance.now()
      const subscribers: Subscriber[] = []
      for (let i = 0; i < n; i += CONNECT_CONCURRENCY) {
        const batch = Array.from({ length: Math.min(CONNECT_CONCURRENCY, n - i) }, (_, j) => connect(server.url, i + j))
        subscribers.push(...(await Promise.all(batch)))
      }
      await Promise.all(subscribers.map((s) => resultCount(s, 1)))
      const subscribed = performance.now() - subscribing
      const afterSubscribe = await server.stats()

      // Idle: nothing changes, so nothing should be fetched or sent.
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      const idle = await server.stats()
      const idleCpu = (idle.cpuMicros - afterSubscribe.cpuMicros) / 3_000_000

      const latencies: number[] = []
      let refetchStatements = 0
      let refetchCpuMicros = 0
      let refetchWallMs = 0
      for (let round = 1; round <= ROUNDS; round++) {
        const start = await server.stats()
        const began = performance.now()
        await runSql(server, `INSERT INTO public.readings (sensor, owner_id, value) SELECT g, 'u' || g, ${round} FROM generate_series(0, ${n - 1}) g`)
        const committed = performance.now()
        await Promise.all(subscribers.map((s) => resultCount(s, round + 1)))
        const end = await server.stats()
        for (const s of subscribers) latencies.push(s.arrivals[round]! - committed)
        // run_sql writes through a transaction, so every statement counted here is a refetch's.
        refetchStatements += end.statements - start.statements
        refetchCpuMicros += end.cpuMicros - start.cpuMicros
        refetchWallMs += performance.now() - began
      }
      latencies.sort((a, b) => a - b)
      const final = await server.stats()
      rows.push(
        `| ${n} | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 99))} | ${ms(latencies.at(-1)!)} ` +
          `| ${(refetchStatements / ROUNDS).toFixed(0)} (${Math.ceil(n / 100)} batches) ` +
          `| ${((refetchCpuMicros / 1000 / refetchWallMs) * 100).toFixed(0)}% | ${(idleCpu * 100).toFixed(1)}% ` +
          `| ${(final.rssBytes / 2 ** 20).toFixed(0)} MB | ${((afterSubscribe.heapBytes - before.heapBytes) / 2 ** 20).toFixed(1)} MB ` +
          `| ${(subscribed / 1000).toFixed(1)} s, ${afterSubscribe.statements - before.statements} statements | ${loadavg()[0]!.toFixed(1)} |`,
      )
      for (const s of subscribers) s.socket.terminate()
    } finally {
      await server.stop()
    }
  }
  return [
    '| subscribers | p50 | p99 | max | statements per refetch | server CPU during refetch | server CPU idle | server RSS | JS heap held by the subscriptions | subscribe all (initial results) | machine load (1 min) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ]
}
