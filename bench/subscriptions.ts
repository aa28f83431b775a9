import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { loadavg } from 'node:os'
import { SignJWT } from 'jose'
import WebSocket from 'ws'
import type { ServerStats } from './subscriptions-server.ts'

/**
 * Live-query benchmark (issues 5 and 14): N subscribers over S connections (N/S subscriptions
 * each, like browsers with a few dashboards open), each connection with its own session (user
 * id) and each subscriber with its own variables, against the backend in a separate process.
 * One commit then changes every subscriber's result; we record how long until each has its new
 * result, the server's CPU and memory, and the SQL statements the refetch took.
 *
 *   npm run bench -- subscriptions [N[/S]…]   (default 10000/200; N alone: one connection each;
 *                                              DATABASE_URL to use PostgreSQL;
 *                                              PULSEBOARD_PGLITE_THREAD=main for PGlite in-thread;
 *                                              BENCH_CPU_PROF=1 profiles the server into /tmp/live-prof)
 */
const ADMIN_SECRET = 'bench-admin-secret'
const JWT_KEY = 'bench-jwt-key-of-at-least-32-characters-long'
const ROUNDS = 3
const CONNECT_CONCURRENCY = 200

/** `10000/200`: 10,000 subscribers on 200 connections; `1000`: one connection per subscriber. */
export interface SubscriptionsRun {
  subscribers: number
  sockets: number
}

export function parseRun(arg: string): SubscriptionsRun {
  const [subscribers = NaN, sockets = subscribers] = arg.split('/').map(Number)
  if (!Number.isInteger(subscribers) || !Number.isInteger(sockets) || subscribers < 1 || sockets < 1 || subscribers % sockets !== 0) {
    throw new Error(`subscriptions: expected N or N/S with S dividing N, got ${arg}`)
  }
  return { subscribers, sockets }
}

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
    execArgv: ['--import', 'tsx', '--expose-gc', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/live-prof'] : [])],
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

async function setUp(server: Server, n: number, perSocket: number): Promise<void> {
  await runSql(
    server,
    `
    DROP TABLE IF EXISTS public.readings;
    CREATE TABLE public.readings (id bigserial PRIMARY KEY, sensor int NOT NULL, owner_id text NOT NULL, value float8 NOT NULL);
    CREATE INDEX readings_sensor ON public.readings (sensor, id DESC);
    INSERT INTO public.readings (sensor, owner_id, value) SELECT g, 'u' || (g / ${perSocket}), 0 FROM generate_series(0, ${n - 1}) g;`,
  )
  await admin(server, '/v1/metadata', {
    type: 'replace_metadata',
    args: {
      version: 3,
      sources: [
        {
          name: 'default',
          kind: 'postgres',
          configuration: { connection_info: { database_url: { from_env: 'DATABASE_URL' } } },
          tables: [
            {
              table: { schema: 'public', name: 'readings' },
              select_permissions: [
                { role: 'user', permission: { columns: ['id', 'sensor', 'value'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } } },
              ],
            },
          ],
        },
      ],
    },
  })
}

interface Subscriber {
  /** When each result arrived (performance.now()). */
  arrivals: number[]
  waiters: (() => void)[]
}

/** One connection of user `u<k>` running subscriptions for sensors `first … first + count - 1`. */
async function connect(url: string, k: number, first: number, count: number): Promise<{ socket: WebSocket; subscribers: Subscriber[] }> {
  const token = await new SignJWT({
    'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': `u${k}` },
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_KEY))
  const socket = new WebSocket(`${url.replace('http', 'ws')}/v1/graphql`, 'graphql-transport-ws')
  const subscribers: Subscriber[] = Array.from({ length: count }, () => ({ arrivals: [], waiters: [] }))
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; id?: string }
    if (message.type === 'connection_ack') {
      for (let j = 0; j < count; j++) {
        socket.send(JSON.stringify({ id: String(j), type: 'subscribe', payload: { query: QUERY, variables: { sensor: first + j } } }))
      }
    } else if (message.type === 'next') {
      const subscriber = subscribers[Number(message.id)]!
      subscriber.arrivals.push(performance.now())
      for (const wake of subscriber.waiters.splice(0)) wake()
    } else if (message.type === 'error') {
      throw new Error(`connection ${k}: ${String(data)}`)
    }
  })
  await once(socket, 'open')
  socket.send(JSON.stringify({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${token}` } } }))
  return { socket, subscribers }
}

function resultCount(subscriber: Subscriber, count: number): Promise<void> {
  if (subscriber.arrivals.length >= count) return Promise.resolve()
  return new Promise((resolve) => subscriber.waiters.push(() => subscriber.arrivals.length >= count && resolve()))
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const ms = (value: number) => `${value.toFixed(0)} ms`

export async function benchSubscriptions(runs: SubscriptionsRun[]): Promise<string[]> {
  const rows: string[] = []
  for (const { subscribers: n, sockets } of runs) {
    const perSocket = n / sockets
    const server = await startServer()
    try {
      await setUp(server, n, perSocket)
      const before = await server.stats()
      const subscribing = performance.now()
      const connections: { socket: WebSocket; subscribers: Subscriber[] }[] = []
      for (let k = 0; k < sockets; k += CONNECT_CONCURRENCY) {
        const batch = Array.from({ length: Math.min(CONNECT_CONCURRENCY, sockets - k) }, (_, j) =>
          connect(server.url, k + j, (k + j) * perSocket, perSocket),
        )
        connections.push(...(await Promise.all(batch)))
      }
      const subscribers = connections.flatMap((c) => c.subscribers)
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
        await runSql(
          server,
          `INSERT INTO public.readings (sensor, owner_id, value) SELECT g, 'u' || (g / ${perSocket}), ${round} FROM generate_series(0, ${n - 1}) g`,
        )
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
      const heapBytes = afterSubscribe.heapBytes - before.heapBytes
      rows.push(
        `| ${n} on ${sockets} | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 99))} | ${ms(latencies.at(-1)!)} ` +
          `| ${(refetchStatements / ROUNDS).toFixed(0)} (${Math.ceil(n / 100)} batches) ` +
          `| ${((refetchCpuMicros / 1000 / refetchWallMs) * 100).toFixed(0)}% | ${(idleCpu * 100).toFixed(1)}% ` +
          `| ${(final.rssBytes / 2 ** 20).toFixed(0)} MB | ${(heapBytes / 2 ** 20).toFixed(1)} MB, ${(heapBytes / n / 1024).toFixed(1)} KB each ` +
          `| ${(subscribed / 1000).toFixed(1)} s, ${afterSubscribe.statements - before.statements} statements | ${loadavg()[0]!.toFixed(1)} |`,
      )
      for (const c of connections) c.socket.terminate()
    } finally {
      await server.stop()
    }
  }
  return [
    '| subscribers on connections | p50 | p99 | max | statements per refetch | server CPU during refetch | server CPU idle | server RSS | JS heap held by the subscriptions | subscribe all (initial results) | machine load (1 min) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ]
}
