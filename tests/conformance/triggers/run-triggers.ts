/**
 * Plays Hasura's own event-trigger and scheduled-trigger test cases (server/tests-py/test_events.py
 * and test_scheduled_triggers.py, converted to JSON in ./cases) against the embedded backend,
 * started here on a throwaway database with a local webhook receiver.
 *
 *   npx tsx tests/conformance/triggers/run-triggers.ts                 # PGlite in a temp dir
 *   TEST_DATABASE_URL=postgres://… npx tsx tests/conformance/triggers/run-triggers.ts
 *   npx tsx tests/conformance/triggers/run-triggers.ts --only retry --verbose
 *   … --json results.json    # one entry per case, for run-conformance.ts
 *
 * One PASS/FAIL line per upstream test function, then `N passed, N failed, N left out`. The case
 * format is case-format.ts; a step's work, run-step.ts; its checks, case-checks.ts; the requests,
 * hasura-client.ts.
 * Exit code: 0 when nothing failed, 1 otherwise (run-conformance.ts applies the pass bar).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testDatabaseKind } from '../../support/test-database.ts'
import { startConformanceBackend } from '../conformance-backend.ts'
import type { CaseClass, ClassState, Manifest, Step } from './case-format.ts'
import { fail, reporting } from './case-checks.ts'
import { EventReceiver } from './event-receiver.ts'
import { hasuraClient } from './hasura-client.ts'
import { runStep, type StepContext } from './run-step.ts'

const here = dirname(fileURLToPath(import.meta.url))
const casesDir = join(here, 'cases')

// ---------------------------------------------------------------------------------------------
// Arguments

const argv = process.argv.slice(2)
const only: string[] = []
let jsonOut: string | undefined
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--only') only.push(argv[++i] ?? '')
  else if (argv[i] === '--verbose') reporting.verbose = true
  else if (argv[i] === '--json') jsonOut = argv[++i]
  else {
    console.error(`unknown argument ${argv[i]}`)
    process.exit(2)
  }
}

// ---------------------------------------------------------------------------------------------
// Backend, receivers and the environment the cases reference

const events = new EventReceiver()
const scheduled = new EventReceiver()
await events.start()
await scheduled.start()

const adminSecret = 'trigger-conformance-secret'
const { backend, dataDir, stop } = await startConformanceBackend({
  name: 'trigger-conformance',
  adminSecret,
  logLevel: 'error',
  env: {
    PULSEBOARD_DEMO: '0',
    // The variables the cases' metadata names (upstream's CI sets the same ones).
    EVENT_WEBHOOK_HANDLER: events.url,
    WEBHOOK_FROM_ENV: events.url,
    EVENT_WEBHOOK_HEADER: 'MyEnvValue',
    SCHEDULED_TRIGGERS_WEBHOOK_DOMAIN: scheduled.url,
    // test_flood's markers; 8 deliveries at once is also enough for test_async_execution's 5.
    HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE: '8',
    HASURA_GRAPHQL_EVENTS_FETCH_BATCH_SIZE: '100',
  },
})
const client = hasuraClient(backend.url, adminSecret)
const run: StepContext = { client, events, scheduled }

// ---------------------------------------------------------------------------------------------
// Playing the classes

interface Result {
  id: string
  status: 'pass' | 'fail'
  ms: number
  error?: string
}

async function runSteps(steps: Step[] | undefined, state: ClassState): Promise<void> {
  for (const step of steps ?? []) await runStep(step, state, run)
}

/** Each class starts from an empty metadata and an empty `hge_tests` schema (upstream's clear_db.yaml). */
async function resetDatabase(): Promise<void> {
  await client.post('/v1/metadata', { type: 'clear_metadata', args: {} })
  await client.post('/v2/query', {
    type: 'run_sql',
    args: { sql: 'drop schema if exists hge_tests cascade; create schema hge_tests;', cascade: true },
  })
}

async function playClass(cls: CaseClass, selected: Set<string>): Promise<Result[]> {
  const results: Result[] = []
  events.reset()
  scheduled.reset()
  await resetDatabase()
  const startedAt = new Date()
  // test_scheduled_triggers.py: a minute 30 minutes ahead, so that no event of it is delivered.
  const cronSchedule = `${new Date(startedAt.getTime() + 30 * 60_000).getUTCMinutes()} * * * *`
  const state: ClassState = { webhooks: { events: events.url, scheduled: scheduled.url }, startedAt, cronSchedule, captured: {} }
  const prefix = `${cls.upstream.file.replace(/\.py$/, '')}::${cls.class}`
  let classSetupError: string | undefined
  if (cls.lifecycle === 'per_class') {
    try {
      await runSteps(cls.setup, state)
    } catch (error) {
      classSetupError = `class setup: ${(error as Error).message}`
    }
  }
  for (const test of cls.tests) {
    const id = `${prefix}::${test.name}`
    if (!selected.has(id)) continue
    const started = Date.now()
    let error = classSetupError
    if (!error) {
      try {
        if (cls.lifecycle === 'per_method') await runSteps(cls.setup, state).catch((e: Error) => fail(`setup: ${e.message}`))
        await runSteps(test.steps, state)
      } catch (e) {
        error = (e as Error).message
      }
      if (cls.lifecycle === 'per_method') {
        await runSteps(cls.teardown, state).catch((e: Error) => {
          error ??= `teardown: ${e.message}`
        })
      }
    }
    const result: Result = { id, status: error ? 'fail' : 'pass', ms: Date.now() - started }
    if (error) result.error = error
    results.push(result)
    console.log(
      `${error ? 'FAIL' : 'PASS'} ${id} (${(result.ms / 1000).toFixed(1)} s)${error ? `\n      ${error.split('\n').join('\n      ')}` : ''}`,
    )
  }
  if (cls.lifecycle === 'per_class') await runSteps(cls.teardown, state).catch(() => {})
  return results
}

const manifest = JSON.parse(readFileSync(join(casesDir, 'manifest.json'), 'utf8')) as Manifest
const matches = (id: string) => only.length === 0 || only.some((o) => id.includes(o))
const selected = new Set(manifest.cases.map((c) => c.id).filter(matches))
const files = [...new Set(manifest.cases.filter((c) => selected.has(c.id)).map((c) => c.file))]
const results: Result[] = []
const started = Date.now()
try {
  for (const file of files) {
    const cls = JSON.parse(readFileSync(join(casesDir, file), 'utf8')) as CaseClass
    results.push(...(await playClass(cls, selected)))
  }
} finally {
  await stop()
  await events.close()
  await scheduled.close()
  rmSync(dataDir, { recursive: true, force: true })
}

const leftOut = manifest.left_out.filter((c) => matches(c.id))
const passed = results.filter((r) => r.status === 'pass').length
const failed = results.length - passed
console.log(
  `\ntrigger conformance on ${testDatabaseKind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${passed} passed, ${failed} failed, ${leftOut.length} left out (${((Date.now() - started) / 1000).toFixed(0)} s)`,
)
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed, left_out: leftOut.length, results }, null, 1))
process.exit(failed > 0 ? 1 : 0)
