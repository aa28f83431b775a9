import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createClient, type NhostClient } from '@nhost/nhost-js'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend, type StartOptions } from '../../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from './test-database.ts'

export const FUNCTIONS_TEST_ADMIN_SECRET = 'functions-test-admin-secret'

/** The real backend over a throwaway Nhost project folder holding `files` (paths relative to it). */
export interface FunctionsTestBackend {
  backend: RunningBackend
  url: string
  functionsUrl: string
  projectDir: string
  /** nhost-js pointed at the backend. */
  nhost: NhostClient
  /** Writes a file of the project (e.g. `functions/x.ts`), creating its folders. */
  write(path: string, text: string): void
  stop(): Promise<void>
}

export async function startFunctionsTestBackend(
  files: Record<string, string>,
  env: Record<string, string> = {},
  options: Pick<StartOptions, 'watchFunctions' | 'log'> = {},
): Promise<FunctionsTestBackend> {
  const projectDir = mkdtempSync(join(tmpdir(), 'pulseboard-functions-it-'))
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(projectDir, path)), { recursive: true })
    writeFileSync(join(projectDir, path), text)
  }
  for (const [path, text] of Object.entries(files)) write(path, text)
  const { target, drop } = await createTestDatabaseTarget()
  const backend = await startBackend({
    projectDir,
    env: {
      ...process.env,
      PORT: '0',
      PULSEBOARD_DATA_DIR: join(projectDir, '.data'),
      HASURA_GRAPHQL_ADMIN_SECRET: FUNCTIONS_TEST_ADMIN_SECRET,
      ...env,
    },
    database: target,
    log: createLogger('silent'),
    ...options,
  })
  const functionsUrl = `${backend.url}/v1/functions`
  return {
    backend,
    url: backend.url,
    functionsUrl,
    projectDir,
    nhost: createClient({
      authUrl: `${backend.url}/v1/auth`,
      graphqlUrl: `${backend.url}/v1/graphql`,
      storageUrl: `${backend.url}/v1/storage`,
      functionsUrl,
    }),
    write,
    async stop() {
      await backend.stop()
      await drop()
      rmSync(projectDir, { recursive: true, force: true })
    },
  }
}
