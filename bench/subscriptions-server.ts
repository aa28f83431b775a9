import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '../backend/lib/logger.ts'
import { startBackend } from '../backend/server/start-backend.ts'

/**
 * The backend under test, in a process of its own so that the CPU and memory it reports are the
 * server's alone (with PGlite the database runs in this process too). Started by
 * bench/subscriptions.ts, which talks to it over IPC.
 */
export interface ServerStats {
  /** process.cpuUsage() total, microseconds. */
  cpuMicros: number
  rssBytes: number
  /** JS heap in use after a full collection. */
  heapBytes: number
  /** SQL statements the backend has sent to the database so far. */
  statements: number
}

const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-'))
const backend = await startBackend({
  projectDir: dataDir,
  env: {
    PORT: '0',
    PULSEBOARD_DATA_DIR: dataDir,
    HASURA_GRAPHQL_ADMIN_SECRET: process.env.BENCH_ADMIN_SECRET ?? '',
    HASURA_GRAPHQL_JWT_SECRET: process.env.BENCH_JWT_SECRET ?? '',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  },
  // PGlite in memory, in the thread PULSEBOARD_PGLITE_THREAD names (a worker thread by default).
  ...(process.env.DATABASE_URL
    ? {}
    : {
        database: {
          kind: 'memory' as const,
          thread: process.env.PULSEBOARD_PGLITE_THREAD === 'main' ? ('main' as const) : ('worker' as const),
        },
      }),
  log: createLogger('warn'),
})

// Every statement the backend sends goes through `db.query` or a limited database's: count them.
// (PGlite's limited database calls `db.query` itself, so only PostgreSQL's is counted apart.)
let statements = 0
const db = backend.context.db
const query = db.query.bind(db)
db.query = ((...args: Parameters<typeof query>) => {
  statements++
  return query(...args)
}) as typeof db.query
const limited = db.limited.bind(db)
if (process.env.DATABASE_URL)
  db.limited = ((limits, work) =>
    limited(limits, (inner) => {
      const innerQuery = inner.query.bind(inner)
      return work({
        ...inner,
        transaction: inner.transaction.bind(inner),
        script: inner.script.bind(inner),
        query: ((...args: Parameters<typeof innerQuery>) => {
          statements++
          return innerQuery(...args)
        }) as typeof inner.query,
      })
    })) as typeof db.limited

const stats = (): ServerStats => {
  const cpu = process.cpuUsage()
  // Started with --expose-gc: collect first so that the heap figure is what is still held.
  ;(globalThis as { gc?: () => void }).gc?.()
  const memory = process.memoryUsage()
  return { cpuMicros: cpu.user + cpu.system, rssBytes: memory.rss, heapBytes: memory.heapUsed, statements }
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'stats') process.send!({ type: 'stats', stats: stats() })
  if (message.type === 'stop') {
    void backend.stop().then(() => {
      rmSync(dataDir, { recursive: true, force: true })
      process.exit(0)
    })
  }
})
process.send!({ type: 'ready', url: backend.url })
