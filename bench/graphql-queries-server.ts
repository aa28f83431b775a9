import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '../backend/lib/logger.ts'
import { startBackend } from '../backend/server/start-backend.ts'

/**
 * The backend under test for bench/graphql-queries.ts, in a process of its own so that the load
 * generator's CPU does not count against it. Reports its URL over IPC and runs until killed.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-'))
const backend = await startBackend({
  projectDir: dataDir,
  env: {
    PORT: '0',
    PULSEBOARD_DATA_DIR: dataDir,
    HASURA_GRAPHQL_ADMIN_SECRET: process.env.BENCH_ADMIN_SECRET ?? '',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  },
  log: createLogger('warn'),
})
process.send?.({ url: backend.url })
process.on('disconnect', () => {
  void backend.stop().then(() => process.exit(0))
})
