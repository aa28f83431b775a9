/**
 * `npm run conformance`: starts the embedded backend with the settings Hasura's test cases assume
 * (../shared/conformance/README.md) on a throwaway database, plays the cases against it, and
 * fails when the pass rate of a suite falls below the bar set in issues 3 and 4 (95%).
 *
 *   npm run conformance                          # PGlite in a temp dir
 *   TEST_DATABASE_URL=postgres://… npm run conformance   # a fresh database on that server
 *   npm run conformance -- --only boolexp --verbose      # extra flags go to the runner
 *
 * Then Hasura's event- and scheduled-trigger cases (tests/conformance/triggers, on a backend of
 * their own with a local webhook receiver), which must keep at least MIN_TRIGGER_PASSES passing.
 * `--only` applies to both; `--no-triggers` skips the trigger cases, `--triggers-only` the others.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startConformanceBackend } from './conformance-backend.ts'

/** The suites the engine implements; a suite joins this list when its issue lands. */
const SUITES = ['graphql_query', 'graphql_mutation', 'graphql_validation', 'unauthorized_role']
const MIN_PASS_RATE = 0.95
/** Trigger cases measured passing (docs/compatibility.md, "Trigger conformance"): a drop fails the run. */
const MIN_TRIGGER_PASSES = 32

const allArgs = process.argv.slice(2)
const runQueries = !allArgs.includes('--triggers-only')
const runTriggers = !allArgs.includes('--no-triggers')
const extraArgs = allArgs.filter((a) => a !== '--triggers-only' && a !== '--no-triggers')

/** The trigger cases in a child process; true when they failed the bar. */
async function triggerConformance(): Promise<boolean> {
  const triggerArgs: string[] = []
  for (let i = 0; i < extraArgs.length; i++) {
    if (extraArgs[i] === '--only') triggerArgs.push('--only', extraArgs[++i] ?? '')
    else if (extraArgs[i] === '--verbose') triggerArgs.push('--verbose')
  }
  const resultsDir = mkdtempSync(join(tmpdir(), 'pulseboard-trigger-results-'))
  const results = join(resultsDir, 'results.json')
  const filtered = triggerArgs.includes('--only')
  const code = await new Promise<number>((done) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'triggers', 'run-triggers.ts'), ...triggerArgs, '--json', results],
      { stdio: 'inherit' },
    )
    child.on('exit', (c) => done(c ?? 1))
  })
  let failedBar = code !== 0 && code !== 1
  if (existsSync(results)) {
    const { passed } = JSON.parse(readFileSync(results, 'utf8')) as { passed: number }
    // With --only the bar cannot apply; a full run must keep every case that passed passing.
    if (!filtered && passed < MIN_TRIGGER_PASSES) {
      console.log(`  trigger cases: ${passed} passed, below the ${MIN_TRIGGER_PASSES} measured`)
      failedBar = true
    } else if (!filtered) console.log(`  trigger cases: ${passed} passed (at least ${MIN_TRIGGER_PASSES}) ok`)
  } else failedBar = true
  rmSync(resultsDir, { recursive: true, force: true })
  return failedBar
}

const givenRunnerDir = resolve(process.env.PULSEBOARD_CONFORMANCE_DIR ?? join(process.cwd(), '..', 'shared', 'conformance'))
if (!runQueries || !existsSync(join(givenRunnerDir, 'run.mjs'))) {
  if (runQueries) console.log(`No conformance runner at ${givenRunnerDir} (set PULSEBOARD_CONFORMANCE_DIR); skipping Hasura's query cases.`)
  process.exit(runTriggers && (await triggerConformance()) ? 1 : 0)
}
// run.mjs runs only when started as the main module, which it tells by comparing its own URL
// (symlinks resolved) with argv[1] (as given): started through a symlink it ran nothing.
const runnerDir = realpathSync(givenRunnerDir)
const adminSecret = 'conformance-admin-secret'
const { backend, dataDir, stop } = await startConformanceBackend({
  name: 'conformance',
  adminSecret,
  logLevel: 'warn',
  env: { HASURA_GRAPHQL_UNAUTHORIZED_ROLE: 'anonymous' },
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
await stop()

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
} else {
  // A runner that ran nothing proves nothing (run.mjs started through a symlink stays silent).
  console.log(`conformance: the runner at ${runnerDir} wrote no results`)
  failedBar = true
}
rmSync(dataDir, { recursive: true, force: true })
const triggersFailed = runTriggers ? await triggerConformance() : false
process.exit(failedBar || triggersFailed || (exitCode !== 0 && exitCode !== 1) ? 1 : 0)
