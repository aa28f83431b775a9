import { fork } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import pg from 'pg'
import type { BackendConfig } from '../backend/config/load-config.ts'
import type { Database } from '../backend/db/database.ts'
import { openDatabase } from '../backend/db/open-database.ts'
import { createGraphqlEngine, type GraphqlRequest } from '../backend/engine/execute/graphql-engine.ts'
import { createLogger } from '../backend/lib/logger.ts'
import { MetadataStore } from '../backend/metadata/store/metadata-store.ts'
import type { Metadata } from '../backend/metadata/model/types.ts'
import type { Session } from '../backend/session/session.ts'
import { createTestDatabaseTarget } from '../tests/support/test-database.ts'

/**
 * Query benchmark (issue 3): three representative queries at a fixed concurrency, through
 * (a) the engine over HTTP, in its own process, and (b) the very same SQL statement with the same
 * parameters sent straight to PostgreSQL through a pg pool of the engine's size: the floor.
 *
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- graphql-queries [seconds] [concurrency]
 */
const ADMIN_SECRET = 'bench-admin-secret'
const GOLDEN = new URL('../backend/engine/golden/', import.meta.url)
const POOL_SIZE = 10

export const QUERIES: { name: string; request: GraphqlRequest }[] = [
  {
    name: 'filtered list',
    request: {
      query: `query Filtered($status: article_status_enum!, $min: float8!) {
        article(where: {status: {_eq: $status}, score: {_gte: $min}}, order_by: {id: desc}, limit: 20) { id title score published_at }
      }`,
      variables: { status: 'published', min: 5 },
    },
  },
  {
    name: 'two-level nested relationships',
    request: {
      query: `query Nested {
        article(order_by: {id: desc}, limit: 10) {
          id title author { name } comments(order_by: {id: asc}, limit: 5) { body author { name } }
        }
      }`,
    },
  },
  {
    name: 'aggregate',
    request: {
      query: `query Aggregate {
        article_aggregate(where: {status: {_eq: published}}) { aggregate { count avg { score } max { published_at } } }
      }`,
    },
  },
]

/** Who the query benchmarks run as: role `user`, as user 7. */
export const session: Session = {
  role: 'user',
  isAdmin: false,
  adminSecretUsed: true,
  variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': '7' },
}

interface Run {
  requestsPerSecond: number
  p50: number
  p99: number
}

async function load(seconds: number, concurrency: number, once: () => Promise<void>): Promise<Run> {
  const latencies: number[] = []
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now()
        await once()
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { requestsPerSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) }
}

function post(agent: Agent, url: string, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const req = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * A new PostgreSQL database (TEST_DATABASE_URL's server) with the golden tests' schema and
 * 500 authors, 10,000 articles and 50,000 comments, and the metadata that tracks it.
 */
export async function queriesDataset(): Promise<{ url: string; db: Database; metadata: Metadata; drop: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('set TEST_DATABASE_URL to a PostgreSQL server: the floor is raw SQL on it')
  const { target, drop } = await createTestDatabaseTarget()
  if (target.kind !== 'postgres') throw new Error('the query benchmarks run on PostgreSQL')
  const db = await openDatabase(target)
  await db.script(readFileSync(new URL('setup.sql', GOLDEN), 'utf8'))
  // 500 authors, 10,000 articles, 50,000 comments on top of the golden rows, foreign keys indexed.
  await db.script(`
    INSERT INTO author (name, rating, followers) SELECT 'author ' || i, i % 5, i * 10 FROM generate_series(1, 500) i;
    INSERT INTO article (title, body, author_id, status, score, published_at)
      SELECT 'article ' || i, 'body ' || i, 4 + i % 500, CASE WHEN i % 3 = 0 THEN 'draft' ELSE 'published' END,
             (i % 100) / 10.0, now() - i * interval '1 hour'
      FROM generate_series(1, 10000) i;
    INSERT INTO comment (article_id, author_id, body)
      SELECT 5 + i % 10000, 4 + i % 500, 'comment ' || i FROM generate_series(1, 50000) i;
    CREATE INDEX ON article (author_id);
    CREATE INDEX ON comment (article_id);
    ANALYZE;`)
  const metadata = JSON.parse(readFileSync(new URL('metadata.json', GOLDEN), 'utf8')) as Metadata
  return { url: target.url, db, metadata, drop }
}

export async function benchGraphqlQueries(seconds = 5, concurrency = 16): Promise<string[]> {
  const { url: databaseUrl, db, metadata, drop } = await queriesDataset()

  const server = fork(new URL('./graphql-queries-server.ts', import.meta.url).pathname, {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
    ],
    env: { ...process.env, BENCH_ADMIN_SECRET: ADMIN_SECRET, DATABASE_URL: databaseUrl },
  })
  const [{ url }] = (await once(server, 'message')) as [{ url: string }]
  const headers = { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET }
  const replaced = await fetch(`${url}/v1/metadata`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'replace_metadata', args: metadata }),
  })
  if (!replaced.ok) throw new Error(`replace_metadata: ${await replaced.text()}`)

  // The floor runs the statement the engine compiles, bound as the engine binds it.
  const context = {
    config: { stringifyNumericTypes: false, graphql: { maxDepth: 20, maxRequestBytes: 1_000_000 } } as BackendConfig,
    db,
    log: createLogger('warn'),
    metadata: new MetadataStore(metadata),
  }
  const engine = createGraphqlEngine(context)
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE })
  // node:http with keep-alive: measured here, fetch (undici) tops out near 400 req/s as a client.
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const userHeaders = { ...headers, 'x-hasura-role': session.role, 'x-hasura-user-id': session.variables['x-hasura-user-id'] as string }

  const rows = [
    `\`TEST_DATABASE_URL=… npm run bench -- graphql-queries ${seconds} ${concurrency}\`: ${concurrency} concurrent clients, ${seconds} s per run, role \`user\`, pools of ${POOL_SIZE} connections.`,
    '',
    '| query | engine over HTTP req/s | p50 / p99 ms | raw SQL req/s | p50 / p99 ms | engine / raw |',
    '|---|---|---|---|---|---|',
  ]
  try {
    for (const { name, request } of QUERIES) {
      const bound = await engine.bind(request, session)
      const field = bound.operationType === 'query' ? bound.rootFields[0] : undefined
      if (!field || field.kind !== 'sql') throw new Error(`${name}: no SQL statement`)
      const body = JSON.stringify(request)
      const viaEngine = async () => {
        const text = await post(agent, `${url}/v1/graphql`, userHeaders, body)
        if (!text.startsWith('{"data"')) throw new Error(`${name}: ${text}`)
      }
      const viaSql = async () => {
        await pool.query(field.text, field.values)
      }
      await load(1, concurrency, viaEngine)
      await load(1, concurrency, viaSql)
      const a = await load(seconds, concurrency, viaEngine)
      const b = await load(seconds, concurrency, viaSql)
      const ms = (run: Run) => `${run.p50.toFixed(1)} / ${run.p99.toFixed(1)}`
      rows.push(
        `| ${name} | ${a.requestsPerSecond.toFixed(0)} | ${ms(a)} | ${b.requestsPerSecond.toFixed(0)} | ${ms(b)} | ${(a.requestsPerSecond / b.requestsPerSecond).toFixed(2)} |`,
      )
    }
  } finally {
    agent.destroy()
    server.disconnect()
    await once(server, 'exit')
    await pool.end()
    await db.close()
    await drop()
  }
  return rows
}
