import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger, type LogLevel } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'

export interface ConformanceBackend {
  backend: RunningBackend
  /** A scratch folder (PGlite's data when there is no TEST_DATABASE_URL) the caller removes. */
  dataDir: string
  /** Stops the backend and drops its database. */
  stop(): Promise<void>
}

/**
 * The backend as Hasura's test runners meet it: on port 0 over a database of its own
 * (TEST_DATABASE_URL's server, else PGlite in a scratch folder), the admin secret set, numbers
 * stringified, and the runner's own environment on top of this process's.
 */
export async function startConformanceBackend(options: {
  name: string
  adminSecret: string
  logLevel: LogLevel
  env: Record<string, string>
}): Promise<ConformanceBackend> {
  const dataDir = mkdtempSync(join(tmpdir(), `pulseboard-${options.name}-`))
  const { target, drop } = await createTestDatabaseTarget()
  const backend = await startBackend({
    log: createLogger(process.env.PULSEBOARD_LOG ? 'info' : options.logLevel),
    database: target.kind === 'memory' ? { kind: 'pglite', dataDir } : target,
    env: {
      ...process.env,
      PORT: '0',
      PULSEBOARD_DATA_DIR: dataDir,
      HASURA_GRAPHQL_ADMIN_SECRET: options.adminSecret,
      // As Hasura's Python suites run the engine (and as ../shared/conformance assumes).
      HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES: 'true',
      ...options.env,
    },
  })
  return {
    backend,
    dataDir,
    async stop() {
      await backend.stop()
      await drop()
    },
  }
}
