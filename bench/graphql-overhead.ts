import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { loadConfig } from '../backend/config/load-config.ts'
import { createGraphqlEngine } from '../backend/engine/execute/graphql-engine.ts'
import { graphqlGetHandler, graphqlPostHandler, type GraphqlGet, type GraphqlPost } from '../backend/server/graphql-routes.ts'
import type { ClientGone } from '../backend/lib/client-gone.ts'
import { createLogger } from '../backend/lib/logger.ts'
import { MetadataStore } from '../backend/metadata/store/metadata-store.ts'
import { QUERIES, queriesDataset, session } from './graphql-queries.ts'

/**
 * What the engine costs per request beyond the database, in CPU time rather than throughput
 * (steadier on a shared machine): the `POST /v1/graphql` handler as node:http calls it (headers,
 * body text, session, caches, binding, the statement on the engine's own pool, the response
 * text) against pg's `Pool.query` of the statement the engine compiles, with its values, the
 * floor. Both run in this process, 16 at a time, in alternating rounds; the figure is process
 * CPU (user + system) per request, and the engine's extra over the floor. The same request sent
 * as `GET /v1/graphql?query=…&variables=…` (its own handler: URL parameters, and the operation's
 * type read from the document, parsed once per document) is measured beside it.
 *
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- graphql-overhead [requests] [rounds]
 */
const ADMIN_SECRET = 'bench-admin-secret'
const CONCURRENCY = 16

/** A keep-alive client as node:http's path sees it: never gone. */
const present: ClientGone = { gone: false, onGone: () => () => undefined }

async function cpuPerRequest(requests: number, once: (client: number) => Promise<void>): Promise<number> {
  const started = process.cpuUsage()
  let left = requests
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      while (left-- > 0) await once(client)
    }),
  )
  const used = process.cpuUsage(started)
  return (used.user + used.system) / requests
}

export async function benchGraphqlOverhead(requests = 20_000, rounds = 5): Promise<string[]> {
  const { url, db, metadata, drop } = await queriesDataset()
  const config = loadConfig({
    env: { DATABASE_URL: url, HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET, PULSEBOARD_PROJECT_DIR: mkdtempSync(join(tmpdir(), 'overhead-')) },
  })
  const context = { config, db, log: createLogger('warn'), metadata: new MetadataStore(metadata) }
  const engine = createGraphqlEngine(context)
  const handle = graphqlPostHandler(context, engine)
  const handleGet = graphqlGetHandler(context, engine)
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY })
  const headers = { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET, ...session.variables }
  const connections = Array.from({ length: CONCURRENCY }, () => ({}))
  const rows = [
    `\`TEST_DATABASE_URL=… npm run bench -- graphql-overhead ${requests} ${rounds}\`: ${requests} requests per round, ${CONCURRENCY} at a time, ${rounds} rounds of each, medians; role \`user\` through the admin secret.`,
    '',
    '| query | engine CPU µs/request | floor (pg Pool.query) CPU µs/request | engine − floor µs | floor / engine | engine over GET CPU µs/request |',
    '|---|---:|---:|---:|---:|---:|',
  ]
  try {
    for (const { name, request } of QUERIES) {
      const body = JSON.stringify(request)
      const bound = await engine.bind(request, session)
      const field = bound.operationType === 'query' ? bound.rootFields[0] : undefined
      if (!field || field.kind !== 'sql') throw new Error(`${name}: no SQL statement`)
      const viaEngine = async (client: number) => {
        const post: GraphqlPost = {
          headers,
          readBody: () => Promise.resolve(body),
          clientAddress: '127.0.0.1',
          connection: connections[client],
          clientGone: present,
        }
        const answer = await handle(post)
        if (!answer.body.startsWith('{"data"')) throw new Error(`${name}: ${answer.body}`)
      }
      const search = new URLSearchParams({ query: request.query, variables: JSON.stringify(request.variables ?? {}) }).toString()
      const viaGet = async (client: number) => {
        const get: GraphqlGet = { headers, search, clientAddress: '127.0.0.1', connection: connections[client], clientGone: present }
        const answer = await handleGet(get)
        if (!answer.body.startsWith('{"data"')) throw new Error(`${name} over GET: ${answer.body}`)
      }
      const viaSql = async () => {
        await pool.query(field.text, field.values)
      }
      await cpuPerRequest(2_000, viaEngine)
      await cpuPerRequest(2_000, viaGet)
      await cpuPerRequest(2_000, viaSql)
      const engineCpu: number[] = []
      const getCpu: number[] = []
      const floorCpu: number[] = []
      for (let round = 0; round < rounds; round++) {
        floorCpu.push(await cpuPerRequest(requests, viaSql))
        engineCpu.push(await cpuPerRequest(requests, viaEngine))
        getCpu.push(await cpuPerRequest(requests, viaGet))
      }
      const e = median(engineCpu)
      const f = median(floorCpu)
      const g = median(getCpu)
      rows.push(`| ${name} | ${e.toFixed(1)} | ${f.toFixed(1)} | ${(e - f).toFixed(1)} | ${(f / e).toFixed(2)} | ${g.toFixed(1)} |`)
    }
  } finally {
    await pool.end()
    await db.close()
    await drop()
  }
  return rows
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}
