import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend } from '../../backend/server/start-backend.ts'

/**
 * The backend under bench/storage.ts and storage-s3-streaming.test.ts, in its own process so
 * that the RSS it reports is the server's alone. Samples RSS every 10 ms and reports the peak
 * since the last reset over IPC. The parent's S3_* variables choose the blob store.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-storage-'))
const backend = await startBackend({
  projectDir: join(import.meta.dirname, '..', '..'),
  env: {
    PORT: '0',
    PULSEBOARD_DATA_DIR: dataDir,
    PULSEBOARD_DEMO: '0',
    HASURA_GRAPHQL_ADMIN_SECRET: process.env.BENCH_ADMIN_SECRET ?? '',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('S3_'))),
  },
  ...(process.env.DATABASE_URL ? {} : { database: { kind: 'memory' as const } }),
  log: createLogger('warn'),
})

let peak = 0
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss())
}, 10).unref()

process.on('message', (message: { type: string }) => {
  if (message.type === 'idle') {
    ;(globalThis as { gc?: () => void }).gc?.()
    peak = process.memoryUsage.rss()
    process.send!({ type: 'idle', rssBytes: peak })
  }
  if (message.type === 'peak') process.send!({ type: 'peak', rssBytes: Math.max(peak, process.memoryUsage.rss()) })
  if (message.type === 'stop') {
    void backend.stop().then(() => {
      rmSync(dataDir, { recursive: true, force: true })
      process.exit(0)
    })
  }
})
process.send!({ type: 'ready', url: backend.url, dataDir })
