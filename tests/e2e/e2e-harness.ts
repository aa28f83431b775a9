import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'

export const PROJECT_DIR = resolve(import.meta.dirname, '../..')
export const OUTPUT_DIR = join(PROJECT_DIR, 'tests/e2e/output')

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH points elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface E2eServer {
  backend: RunningBackend
  adminSecret: string
  close(): Promise<void>
}

/**
 * Serves the production build (made once by global-setup.ts) from the real backend on a free
 * port, over a fresh database, without `npm start`'s demo (a test starts it when it wants it);
 * this repository's Nhost project unless `projectDir` names another.
 */
export async function startE2eServer(options: { projectDir?: string } = {}): Promise<E2eServer> {
  const workDir = mkdtempSync(join(tmpdir(), 'pulseboard-e2e-'))
  const webAppDir = inject('webAppDir')
  const adminSecret = 'e2e-admin-secret'
  const { target, drop } = await createTestDatabaseTarget()
  const backend = await startBackend({
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PULSEBOARD_DATA_DIR: join(workDir, 'data'),
      PULSEBOARD_DEMO: '0',
      HASURA_GRAPHQL_ADMIN_SECRET: adminSecret,
    },
    database: target,
    projectDir: options.projectDir,
    webAppDir,
    log: createLogger('warn'),
  })
  return {
    backend,
    adminSecret,
    async close() {
      await backend.stop()
      await drop()
      rmSync(workDir, { recursive: true, force: true })
    },
  }
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** What went wrong inside the page, to print when a step fails. */
export function recordPageProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('requestfailed', (request) => {
    // A GraphQL request names its operation, which says which part of the page sent it.
    const operation = (request.postDataJSON() as { operationName?: string } | null)?.operationName
    problems.push(
      `request failed: ${request.method()} ${request.url()}${operation ? ` (${operation})` : ''} ${request.failure()?.errorText ?? ''}`,
    )
  })
  return problems
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true })
  const path = join(OUTPUT_DIR, name)
  await page.screenshot({ path, fullPage: true })
  return path
}
