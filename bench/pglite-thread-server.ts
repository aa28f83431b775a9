import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '../backend/lib/logger.ts'
import { startBackend } from '../backend/server/start-backend.ts'

/**
 * The backend under test for bench/pglite-thread.ts, in a process of its own: PGlite on files in
 * a fresh data directory, in the thread `PULSEBOARD_PGLITE_THREAD` names. Reports its URL over
 * IPC and stops when told.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-thread-'))
const backend = await startBackend({
  projectDir: dataDir,
  env: {
    PORT: '0',
    PULSEBOARD_DATA_DIR: dataDir,
    HASURA_GRAPHQL_ADMIN_SECRET: process.env.BENCH_ADMIN_SECRET ?? '',
    PULSEBOARD_PGLITE_THREAD: process.env.PULSEBOARD_PGLITE_THREAD ?? 'worker',
  },
  log: createLogger('warn'),
})
process.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return
  void backend.stop().then(() => {
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
})
process.send!({ type: 'ready', url: backend.url })
