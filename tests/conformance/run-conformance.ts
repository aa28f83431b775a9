/**
 * `npm run conformance`: starts the embedded backend with the settings Hasura's test cases assume
 * (../shared/conformance/README.md) on a throwaway database, plays the cases against it, and
 * fails when the pass rate of a suite falls below the bar set in issues 3 and 4 (95%).
 *
 *   npm run conformance                          # PGlite in a temp dir
 *   TEST_DATABASE_URL=postgres://… npm run conformance   # a fresh database on that server
 *   npm run conformance -- --only boolexp --verbose      # extra flags go to the runner
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend } from '../../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'

/** The suites the engine implements; a suite joins this list when its issue lands. */
const SUITES = ['graphql_query', 'graphql_mutation', 'graphql_validation', 'unauthorized_role']
const MIN_PASS_RATE = 0.95

const runnerDir = resolve(process.env.PULSEBOARD_CONFORMANCE_DIR ?? join(process.cwd(), '..', 'shared', 'conformance'))
if (!existsSync(join(runnerDir, 'run.mjs'))) {
  console.log(`No conformance runner at ${runnerDir} (set PULSEBOARD_CONFORMANCE_DIR); skipping.`)
  process.exit(0)
}

const extraArgs = process.argv.slice(2)
const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-conformance-'))
const { target, drop } = await createTestDatabaseTarget()
const adminSecret = 'conformance-admin-secret'
const backend = await startBackend({
  log: createLogger(process.env.PULSEBOARD_LOG ? 'info' : 'warn'),
  database: target.kind === 'memory' ? { kind: 'pglite', dataDir } : target,
  env: {
    ...process.env,
    PORT: '0',
    PULSEBOARD_DATA_DIR: dataDir,
    HASURA_GRAPHQL_ADMIN_SECRET: adminSecret,
    HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES: 'true',
    HASURA_GRAPHQL_UNAUTHORIZED_ROLE: 'anonymous',
  },
})

const resultsFile = join(dataDir, 'results.json')
const only = extraArgs.includes('--only') ? [] : SUITES.flatMap((suite) => ['--only', `${suite}/`])
const exitCode = await new Promise<number>((done) => {
  const child = spawn(
    process.execPath,
    [join(runnerDir, 'run.mjs'), '--url', backend.url, '--admin-secret', adminSecret, '--json', resultsFile, ...only, ...extraArgs],
    { stdio: 'inherit' },
  )
  child.on('exit', (code) => done(code ?? 1))
})
await backend.stop()
await drop()

interface CaseResult {
  path: string
  status: 'pass' | 'fail' | 'skip'
}
let failedBar = false
if (existsSync(resultsFile)) {
  const { results } = JSON.parse(readFileSync(resultsFile, 'utf8')) as { results: CaseResult[] }
  console.log(`\nconformance on ${backend.context.db.description}:`)
  for (const suite of SUITES) {
    const ran = results.filter((r) => r.path.includes(`${suite}/`) && r.status !== 'skip')
    if (ran.length === 0) continue
    const rate = ran.filter((r) => r.status === 'pass').length / ran.length
    const ok = rate >= MIN_PASS_RATE
    failedBar ||= !ok
    console.log(
      `  ${suite.padEnd(22)} ${(rate * 100).toFixed(1).padStart(5)}% of ${ran.length} ${ok ? 'ok' : `below ${MIN_PASS_RATE * 100}%`}`,
    )
  }
}
rmSync(dataDir, { recursive: true, force: true })
process.exit(failedBar || (exitCode !== 0 && exitCode !== 1) ? 1 : 0)
