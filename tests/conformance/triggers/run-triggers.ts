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
 * One PASS/FAIL line per upstream test function, then `N passed, N failed, N left out`.
 * Exit code: 0 when nothing failed, 1 otherwise (run-conformance.ts applies the pass bar).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { Cron } from 'croner'
import { testDatabaseKind } from '../../support/test-database.ts'
import { startConformanceBackend } from '../conformance-backend.ts'
import { EventReceiver, type ReceivedEvent } from './event-receiver.ts'

const here = dirname(fileURLToPath(import.meta.url))
const casesDir = join(here, 'cases')

// ---------------------------------------------------------------------------------------------
// Case format (README.md beside this file describes it)

type Json = any

interface CaseClass {
  class: string
  upstream: { file: string; class: string; dir?: string }
  /** `per_method`: setup and teardown around every test; `per_class`: once around all of them. */
  lifecycle: 'per_method' | 'per_class' | 'none'
  setup?: Step[]
  teardown?: Step[]
  tests: { name: string; steps: Step[]; note?: string }[]
}

type Step = Record<string, Json> & { do: string }

interface Manifest {
  cases: { id: string; file: string }[]
  left_out: { id: string; reason: string }[]
}

// ---------------------------------------------------------------------------------------------
// Arguments

const argv = process.argv.slice(2)
const only: string[] = []
let verbose = false
let jsonOut: string | undefined
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--only') only.push(argv[++i] ?? '')
  else if (argv[i] === '--verbose') verbose = true
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

// ---------------------------------------------------------------------------------------------
// Values the cases leave to run time

interface ClassState {
  startedAt: Date
  cronSchedule: string
  captured: Record<string, Json>
}

/** Python's `strftime("%Y-%m-%dT%H:%M:%S.%fZ")` of utcnow(). */
const pythonUtcNow = () => new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')

/**
 * Upstream's hard-coded webhook addresses (127.0.0.1:5592 for event triggers, :5594 for
 * scheduled triggers) point at this run's receivers; `{{NOW}}` and `{{CRON_SCHEDULE}}` are the
 * values test_scheduled_triggers.py computes when it runs.
 */
function bind(value: Json, state: ClassState): Json {
  if (typeof value === 'string') {
    return value
      .replaceAll('http://127.0.0.1:5592', events.url)
      .replaceAll('http://127.0.0.1:5594', scheduled.url)
      .replaceAll('{{NOW}}', pythonUtcNow())
      .replaceAll('{{CRON_SCHEDULE}}', state.cronSchedule)
  }
  if (Array.isArray(value)) return value.map((v) => bind(v, state))
  // `{"$captured": name}`: the response an earlier step kept with `capture`.
  if (value && typeof value === 'object' && typeof value.$captured === 'string') return state.captured[value.$captured]
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bind(v, state)]))
  return value
}

// ---------------------------------------------------------------------------------------------
// HTTP

async function post(path: string, body: Json, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(backend.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': adminSecret, ...headers },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: Json = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // kept as text
  }
  return { status: res.status, body: parsed }
}

/** Hasura's /v1/query table commands, under their /v1/metadata names. */
const V1_TABLE_COMMANDS = new Set(['track_table', 'untrack_table', 'set_table_customization'])

/** Hasura's v1 boolean expression shorthand `{"c1": 1}` as a GraphQL `where`. */
function whereFromV1(where: Record<string, Json>): Json {
  return Object.fromEntries(
    Object.entries(where).map(([column, value]) => [
      column,
      value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { _eq: value },
    ]),
  )
}

const fieldName = (table: { schema: string; name: string }) => (table.schema === 'public' ? table.name : `${table.schema}_${table.name}`)

/**
 * The data commands of /v1/query (`insert`, `update`, `delete`), which the backend does not
 * serve, as the GraphQL mutation that does the same (upstream's MSSQL tests do the same).
 * The caller's headers go along, so session variables reach the event as in Hasura.
 */
async function v1Data(type: string, args: Json, headers: Record<string, string>): Promise<{ status: number; body: Json }> {
  const table = typeof args.table === 'string' ? { schema: 'public', name: args.table } : args.table
  const field = fieldName(table)
  let query: string
  let variables: Json
  if (type === 'insert') {
    query = `mutation ($objects: [${field}_insert_input!]!) { insert_${field}(objects: $objects) { affected_rows } }`
    variables = { objects: args.objects }
  } else if (type === 'update') {
    query = `mutation ($where: ${field}_bool_exp!, $set: ${field}_set_input) { update_${field}(where: $where, _set: $set) { affected_rows } }`
    variables = { where: whereFromV1(args.where), set: args.$set }
  } else {
    query = `mutation ($where: ${field}_bool_exp!) { delete_${field}(where: $where) { affected_rows } }`
    variables = { where: whereFromV1(args.where) }
  }
  const res = await post('/v1/graphql', { query, variables }, headers)
  if (res.body?.errors) return { status: 400, body: res.body }
  return { status: 200, body: res.body.data[`${type}_${field}`] }
}

/**
 * `/v1/query` as Hasura serves it. The backend's /v1/query runs `run_sql` and `bulk` of them
 * only, so metadata commands go to /v1/metadata and data commands become GraphQL mutations; a
 * bulk is played item by item and answers the list of results, stopping at the first error.
 */
async function v1Query(query: Json, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  if (query.type === 'bulk') {
    const results: Json[] = []
    for (const item of query.args as Json[]) {
      const res = await v1Query(item, headers)
      if (res.status !== 200) return res
      results.push(res.body)
    }
    return { status: 200, body: results }
  }
  if (query.type === 'run_sql') return post('/v2/query', query, headers)
  if (['insert', 'update', 'delete'].includes(query.type)) return v1Data(query.type, query.args, headers)
  const type = V1_TABLE_COMMANDS.has(query.type) ? `pg_${query.type}` : query.type
  return post('/v1/metadata', { ...query, type }, headers)
}

function send(endpoint: string, query: Json, headers?: Record<string, string>) {
  if (endpoint === '/v1/query') return v1Query(query, headers)
  return post(endpoint, query, headers)
}

// ---------------------------------------------------------------------------------------------
// Assertions

class CaseFailure extends Error {}

function fail(message: string, detail?: { expected?: Json; actual?: Json }): never {
  let text = message
  if (detail && verbose) text += `\n      expected: ${JSON.stringify(detail.expected)}\n      actual:   ${JSON.stringify(detail.actual)}`
  throw new CaseFailure(text)
}

function expectEqual(what: string, actual: Json, expected: Json): void {
  if (!isDeepStrictEqual(normalize(actual), normalize(expected))) fail(`${what} differs`, { expected, actual })
}

/** Object key order is not significant (JSON objects), array order is. */
function normalize(value: Json): Json {
  if (Array.isArray(value)) return value.map(normalize)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalize(value[k])]),
    )
  }
  return value
}

/** A path into a JSON value: numbers index arrays, `{key: value}` picks the array element that has it. */
function at(value: Json, path: Json[]): Json {
  let current = value
  for (const key of path) {
    if (current === undefined || current === null) return undefined
    if (key !== null && typeof key === 'object') {
      const [k, v] = Object.entries(key)[0]!
      current = Array.isArray(current) ? current.find((e: Json) => isDeepStrictEqual(e?.[k], v)) : undefined
    } else current = current[key]
  }
  return current
}

function checkResponse(step: Step, res: { status: number; body: Json }, state: ClassState): void {
  const status = step.status ?? 200
  if (res.status !== status) fail(`HTTP ${res.status}, expected ${status}: ${JSON.stringify(res.body).slice(0, 400)}`)
  if ('response' in step) expectEqual('response', res.body, bind(step.response, state))
  for (const check of (step.checks ?? []) as Json[]) {
    const value = at(res.body, check.path)
    const where = `response at ${JSON.stringify(check.path)}`
    if ('equals' in check) expectEqual(where, value, bind(check.equals, state))
    if (check.exists === true && value === undefined) fail(`${where} is missing`)
    if ('length' in check && (!Array.isArray(value) || value.length !== check.length))
      fail(`${where} has ${Array.isArray(value) ? value.length : 'no'} elements, expected ${check.length}`)
    if (check.all_have && !(Array.isArray(value) && value.every((e: Json) => e && check.all_have in e)))
      fail(`${where}: not every element has "${check.all_have}"`, { actual: value })
  }
  if (step.capture) state.captured[step.capture] = res.body
}

/** Header names are case-insensitive, as in Python's `http.server` headers. */
function checkHeaders(event: ReceivedEvent, expected: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(expected ?? {})) {
    const actual = event.headers[name.toLowerCase()]
    if (actual !== value) fail(`header ${name} is ${JSON.stringify(actual)}, expected ${JSON.stringify(value)}`)
  }
}

/** upstream `validate_event`: path, headers, payload shape, trigger, table, op, session variables, data, retry. */
function checkEvent(event: ReceivedEvent, step: Step, state: ClassState): void {
  const path = step.path ?? '/'
  if (event.path !== path) fail(`event went to ${event.path}, expected ${path}`)
  checkHeaders(event, step.headers)
  const body = event.body
  for (const key of ['created_at', 'event', 'id', 'table', 'trigger']) if (!(key in (body ?? {}))) fail(`event body lacks "${key}"`)
  for (const key of ['data', 'op']) if (!(key in body.event)) fail(`event body lacks "event.${key}"`)
  expectEqual('event table', body.table, step.table)
  if (body.trigger?.name !== step.trigger) fail(`trigger ${body.trigger?.name}, expected ${step.trigger}`)
  if (body.event.op !== step.op) fail(`op ${body.event.op}, expected ${step.op}`)
  expectEqual('session_variables', body.event.session_variables, step.session_variables ?? { 'x-hasura-role': 'admin' })
  expectEqual('event data', body.event.data, bind(step.data, state))
  const retry = step.retry ?? 0
  if (body.delivery_info?.current_retry !== retry) fail(`current_retry ${body.delivery_info?.current_retry}, expected ${retry}`)
}

async function runSqlRows(sql: string): Promise<Json[][]> {
  const res = await post('/v2/query', { type: 'run_sql', args: { sql } })
  if (res.status !== 200) fail(`run_sql failed: ${JSON.stringify(res.body)}`)
  return res.body.result ?? []
}

/** The next `count` times of a cron schedule after `from`, as croniter's `get_next`, minute precision. */
function cronTimes(schedule: string, from: Date, count: number): string[] {
  return new Cron(schedule, { timezone: 'UTC', paused: true }).nextRuns(count, from).map((d) => d.toISOString().slice(0, 16))
}

const receiverOf = (step: Step) => (step.receiver === 'scheduled' ? scheduled : events)
const seconds = (s: number | undefined, fallback: number) => (s ?? fallback) * 1000

async function runStep(step: Step, state: ClassState): Promise<void> {
  switch (step.do) {
    case 'query': {
      const res = await send(step.endpoint ?? '/v1/query', bind(step.query, state), step.headers)
      return checkResponse(step, res, state)
    }
    case 'graphql': {
      const res = await post('/v1/graphql', { query: step.query, variables: step.variables }, step.headers)
      if (res.status !== 200 || res.body?.errors) fail(`GraphQL failed: ${JSON.stringify(res.body)}`)
      return
    }
    case 'event': {
      const event = await receiverOf(step).next(seconds(step.timeout, 3))
      if (!event) fail(`no event within ${step.timeout ?? 3} s (expected ${step.op} of ${step.trigger})`)
      return checkEvent(event, step, state)
    }
    case 'no_event': {
      const event = await receiverOf(step).next(seconds(step.timeout, 3))
      if (event) fail(`expected no event, got ${event.body?.event?.op ?? ''} ${JSON.stringify(event.body).slice(0, 300)} at ${event.path}`)
      return
    }
    case 'sleep':
      await new Promise((r) => setTimeout(r, seconds(step.seconds, 0)))
      return
    case 'receive': {
      // Several events that may arrive in any order: taken one by one, then sorted.
      const started = Date.now()
      const got: ReceivedEvent[] = []
      for (let i = 0; i < step.count; i++) {
        const event = await receiverOf(step).next(seconds(step.timeout, 3))
        if (!event) fail(`received ${got.length} of ${step.count} events`)
        got.push(event)
      }
      const elapsed = (Date.now() - started) / 1000
      if (step.max_seconds !== undefined && elapsed >= step.max_seconds)
        fail(`took ${elapsed.toFixed(1)} s, expected under ${step.max_seconds} s`)
      if (step.sort_by) got.sort((a, b) => String(at(a, step.sort_by)).localeCompare(String(at(b, step.sort_by))))
      for (const [i, expect] of ((step.expect ?? []) as Json[]).entries()) {
        const event = got[i]!
        if (expect.path !== undefined && event.path !== expect.path) fail(`event ${i} went to ${event.path}, expected ${expect.path}`)
        checkHeaders(event, expect.headers)
        for (const [key, value] of Object.entries(expect.body ?? {}))
          expectEqual(`event ${i} body.${key}`, event.body?.[key], bind(value, state))
        for (const key of (expect.body_keys ?? []) as string[]) if (!(key in (event.body ?? {}))) fail(`event ${i} body lacks "${key}"`)
        if (expect.body_from_sql) {
          const { key, sql, suffix } = expect.body_from_sql
          const rows = await runSqlRows(sql)
          expectEqual(`event ${i} body.${key}`, event.body?.[key], `${rows[1]?.[0]}${suffix ?? ''}`)
        }
      }
      if (step.collect) {
        const values = got.map((e) => at(e, step.collect.path)).sort((a, b) => Number(a) - Number(b))
        const [from, to] = step.collect.range as [number, number]
        expectEqual(
          'collected values',
          values,
          Array.from({ length: to - from + 1 }, (_, i) => from + i),
        )
      }
      return
    }
    case 'sql': {
      const rows = await runSqlRows(step.sql)
      if (step.cell)
        return expectEqual(
          `row ${step.cell[0]}, column ${step.cell[1]} of ${step.sql.trim().split('\n')[0]}…`,
          rows[step.cell[0]]?.[step.cell[1]],
          step.equals,
        )
      return expectEqual(`result of ${step.sql.trim().split('\n')[0]}`, rows, bind(step.result, state))
    }
    case 'cron_events': {
      const from = step.from === 'now' ? new Date() : state.startedAt
      const expected = cronTimes(bind(step.schedule, state), from, step.count)
      const rows = await runSqlRows(
        `select to_char(scheduled_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') from hdb_catalog.hdb_cron_events where trigger_name = '${step.trigger}' order by scheduled_time asc`,
      )
      return expectEqual(
        `scheduled times of ${step.trigger}`,
        rows.slice(1).map((r) => r[0]),
        expected,
      )
    }
    case 'blocked':
      if (events.blockedCount !== step.count) fail(`${events.blockedCount} webhook requests held on /block, expected ${step.count}`)
      return
    case 'unblock':
      events.unblock()
      return
    case 'until': {
      // upstream `until_asserts_pass`: the group is tried again until it passes or time runs out.
      const deadline = Date.now() + seconds(step.timeout, 30)
      for (;;) {
        try {
          for (const inner of step.steps as Step[]) await runStep(inner, state)
          return
        } catch (error) {
          if (!(error instanceof CaseFailure) || Date.now() > deadline) throw error
          await new Promise((r) => setTimeout(r, 250))
        }
      }
    }
    default:
      throw new Error(`unknown step ${step.do}`)
  }
}

// ---------------------------------------------------------------------------------------------
// Playing the classes

interface Result {
  id: string
  status: 'pass' | 'fail'
  ms: number
  error?: string
}

async function runSteps(steps: Step[] | undefined, state: ClassState): Promise<void> {
  for (const step of steps ?? []) await runStep(step, state)
}

/** Each class starts from an empty metadata and an empty `hge_tests` schema (upstream's clear_db.yaml). */
async function resetDatabase(): Promise<void> {
  await post('/v1/metadata', { type: 'clear_metadata', args: {} })
  await post('/v2/query', {
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
  const state: ClassState = { startedAt, cronSchedule, captured: {} }
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
