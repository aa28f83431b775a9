import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from 'graphql-ws'
import pg from 'pg'
import WebSocket from 'ws'
import type { DatabaseTarget } from '../backend/db/open-database.ts'
import { createLogger } from '../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from '../tests/support/test-database.ts'

/**
 * Two figures of several instances on one PostgreSQL (TEST_DATABASE_URL; the stream figure also
 * runs on PGlite without it):
 * - `metadata-reload`: every LISTEN connection is terminated, a select permission is revoked
 *   through instance 1, and instance 2 is asked over HTTP every 10 ms until it refuses the field:
 *   how long instance 2 served the old permission.
 * - `cross-instance-delivery`: one live-query subscriber on instance 1 of three; rows inserted
 *   one at a time through GraphQL, in turn through instance 1 itself and through instances 2 and
 *   3: ms from sending the mutation to the subscriber's result holding the row, per path.
 * - `stream-writers`: two writers insert N rows in transactions of 10 that each hold their ids a
 *   few ms before committing (on PostgreSQL; through GraphQL mutations on PGlite), while one
 *   `_stream` subscriber (batch_size 500) reads: rows delivered, and rows per second from the
 *   first write to the last row delivered, and how long after the last commit the last row came.
 *
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- metadata-reload [rounds]
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- cross-instance-delivery [writes]
 *   [TEST_DATABASE_URL=…] npm run bench -- stream-writers [rows]
 */
const ADMIN_SECRET = 'bench-admin-secret'
const JWT_SECRET = JSON.stringify({ type: 'HS256', key: 'bench-jwt-key-of-at-least-32-characters-long' })

async function startInstance(dataDir: string, database: DatabaseTarget): Promise<RunningBackend> {
  return startBackend({
    projectDir: dataDir,
    env: { PORT: '0', PULSEBOARD_DATA_DIR: dataDir, HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET, HASURA_GRAPHQL_JWT_SECRET: JWT_SECRET },
    database,
    log: createLogger('warn'),
  })
}

async function admin(backend: RunningBackend, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { 'x-hasura-admin-secret': ADMIN_SECRET, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (res.status !== 200) throw new Error(`${path}: ${await res.text()}`)
  return res.json()
}

const permission = (grant: boolean) =>
  grant
    ? {
        type: 'pg_create_select_permission',
        args: { source: 'default', table: 'bench_feed', role: 'user', permission: { columns: ['id'], filter: {} } },
      }
    : { type: 'pg_drop_select_permission', args: { source: 'default', table: 'bench_feed', role: 'user' } }

async function withCluster<T>(
  instances: number,
  work: (backends: RunningBackend[], databaseUrl: string | undefined) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-cluster-'))
  const { target, drop } = await createTestDatabaseTarget()
  const backends: RunningBackend[] = []
  try {
    for (let i = 0; i < instances; i++) backends.push(await startInstance(dataDir, target))
    await admin(backends[0]!, '/v2/query', {
      type: 'run_sql',
      args: { sql: 'CREATE TABLE public.bench_feed (id serial PRIMARY KEY, writer int NOT NULL)' },
    })
    await admin(backends[0]!, '/v1/metadata', { type: 'pg_track_table', args: { source: 'default', table: 'bench_feed' } })
    await admin(backends[0]!, '/v1/metadata', permission(true))
    return await work(backends, target.kind === 'postgres' ? target.url : undefined)
  } finally {
    for (const backend of backends) await backend.stop()
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Whether instance `backend` still lets role user read bench_feed (selected with the admin secret and the role). */
async function servesFeed(backend: RunningBackend): Promise<boolean> {
  const res = await fetch(`${backend.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'x-hasura-admin-secret': ADMIN_SECRET, 'x-hasura-role': 'user', 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ bench_feed(limit: 1) { id } }' }),
  })
  return 'data' in ((await res.json()) as object)
}

export async function benchMetadataReload(rounds = 5): Promise<string[]> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('metadata-reload needs TEST_DATABASE_URL: PGlite is one process')
  return withCluster(2, async ([first, second], databaseUrl) => {
    const latencies: number[] = []
    for (let round = 0; round < rounds; round++) {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`)
      await client.end()
      const revoked = performance.now()
      await admin(first!, '/v1/metadata', permission(false))
      while (await servesFeed(second!)) await new Promise((resolve) => setTimeout(resolve, 10))
      latencies.push(performance.now() - revoked)
      await admin(first!, '/v1/metadata', permission(true))
      while (!(await servesFeed(second!))) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    latencies.sort((a, b) => a - b)
    return [
      '| rounds | median ms | max ms |',
      '|---|---|---|',
      `| ${rounds} | ${Math.round(latencies[Math.floor(rounds / 2)]!)} | ${Math.round(latencies.at(-1)!)} |`,
    ]
  })
}

export async function benchCrossInstanceDelivery(writes = 300): Promise<string[]> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('cross-instance-delivery needs TEST_DATABASE_URL: PGlite is one process')
  return withCluster(3, async (backends) => {
    const arrivedAt = new Map<number, number>()
    const client = createClient({
      url: `${backends[0]!.url.replace('http', 'ws')}/v1/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { 'x-hasura-admin-secret': ADMIN_SECRET } },
    })
    client.subscribe(
      { query: 'subscription { bench_feed(order_by: {id: desc}, limit: 1) { id } }' },
      {
        next: (value) => {
          const row = (value.data as { bench_feed: { id: number }[] }).bench_feed[0]
          if (row && !arrivedAt.has(row.id)) arrivedAt.set(row.id, performance.now())
        },
        error: (error) => console.error('subscription error', error),
        complete: () => {},
      },
    )
    // The first result, and time for every instance to install the table's change trigger (an
    // instance that lost the race retries after 2 s); every instance's first write is left out.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const latencies: number[][] = [[], [], []]
    for (let i = 0; i < writes + 3; i++) {
      const writer = i % 3
      const sent = performance.now()
      const answer = (await admin(backends[writer]!, '/v1/graphql', {
        query: `mutation { insert_bench_feed_one(object: {writer: ${writer + 1}}) { id } }`,
      })) as { data: { insert_bench_feed_one: { id: number } } }
      const id = answer.data.insert_bench_feed_one.id
      const deadline = performance.now() + 30_000
      while (!arrivedAt.has(id)) {
        if (performance.now() > deadline) throw new Error(`row ${id} written through instance ${writer + 1} never reached the subscriber`)
        await new Promise((resolve) => setTimeout(resolve, 1))
      }
      if (i >= 3) latencies[writer]!.push(arrivedAt.get(id)! - sent)
    }
    await client.dispose()
    const percentile = (sorted: number[], p: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!)
    const row = (path: string, samples: number[]) => {
      const sorted = [...samples].sort((a, b) => a - b)
      return `| ${path} | ${sorted.length} | ${percentile(sorted, 50)} | ${percentile(sorted, 99)} | ${Math.round(sorted.at(-1)!)} |`
    }
    return [
      '| written through | writes | p50 ms | p99 ms | max ms |',
      '|---|---|---|---|---|',
      row("instance 1 (the subscriber's)", latencies[0]!),
      row('instances 2 and 3', [...latencies[1]!, ...latencies[2]!]),
    ]
  })
}

export async function benchStreamWriters(rows = 10_000): Promise<string[]> {
  return withCluster(1, async ([backend], databaseUrl) => {
    const ids = new Set<number>()
    let delivered = 0
    let lastDelivery = 0
    const client = createClient({
      url: `${backend!.url.replace('http', 'ws')}/v1/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { 'x-hasura-admin-secret': ADMIN_SECRET } },
    })
    client.subscribe(
      { query: 'subscription { bench_feed_stream(batch_size: 500, cursor: { initial_value: { id: 0 } }) { id } }' },
      {
        next: (value) => {
          for (const row of (value.data as { bench_feed_stream: { id: number }[] }).bench_feed_stream) {
            ids.add(row.id)
            delivered++
          }
          lastDelivery = performance.now()
        },
        error: (error) => console.error('stream error', error),
        complete: () => {},
      },
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    const start = performance.now()
    let lastCommit = start
    const write = async (writer: number) => {
      if (!databaseUrl) {
        const objects = Array.from({ length: 10 }, () => ({ writer }))
        for (let i = 0; i < rows / 20; i++) {
          await admin(backend!, '/v1/graphql', {
            query: 'mutation Add($o: [bench_feed_insert_input!]!) { insert_bench_feed(objects: $o) { affected_rows } }',
            variables: { o: objects },
          })
          lastCommit = performance.now()
        }
        return
      }
      const writerClient = new pg.Client({ connectionString: databaseUrl })
      await writerClient.connect()
      for (let i = 0; i < rows / 20; i++) {
        await writerClient.query('BEGIN')
        await writerClient.query(`INSERT INTO public.bench_feed (writer) SELECT ${writer} FROM generate_series(1, 10)`)
        await writerClient.query(`SELECT pg_sleep(${(Math.random() * 0.004).toFixed(4)})`)
        await writerClient.query('COMMIT')
        lastCommit = performance.now()
      }
      await writerClient.end()
    }
    await Promise.all([write(1), write(2)])
    const written = performance.now()
    // Done when every row arrived, or nothing more arrived for 5 s (rows lost for good).
    while (ids.size < rows && performance.now() - Math.max(lastDelivery, written) < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await client.dispose()
    const seconds = (lastDelivery - start) / 1000
    return [
      '| database | rows written | distinct rows delivered | rows delivered twice | s writing | s from first write to last row | rows/s | ms after the last commit to the last row |',
      '|---|---|---|---|---|---|---|---|',
      `| ${databaseUrl ? 'PostgreSQL' : 'PGlite'} | ${rows} | ${ids.size} | ${delivered - ids.size} | ${((lastCommit - start) / 1000).toFixed(1)} | ${seconds.toFixed(1)} | ${Math.round(ids.size / seconds)} | ${Math.round(lastDelivery - lastCommit)} |`,
    ]
  })
}
