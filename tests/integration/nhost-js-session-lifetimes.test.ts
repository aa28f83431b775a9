import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import type { SessionClientEvent } from '../support/nhost-session-client.ts'
import { shortTokenProject, type TestProject } from '../support/short-token-project.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'

/**
 * SLOW (about 5 minutes): sessions that outlive their access tokens (issue 24). The real
 * `@nhost/nhost-js` client, a signed-in user reading every 2 s and the demo's point writer writing
 * every second, against the backend with 90-second access tokens, for three token lifetimes.
 * nhost-js refreshes a token once it has less than 60 s left, so each token is exchanged about 30 s
 * after it was issued. Each access token must be exchanged exactly once: the server answers
 * exactly as many `/token` calls as the clients saw new sessions, each while the previous token was
 * still valid, and none of the clients' calls fails.
 *
 * Run on PGlite only (CI's PostgreSQL pass skips it, as it skips the Chromium test of the same
 * thing): the sessions and their refresh are the same on both databases, and the run is long.
 *
 * The clients run in a process of their own, limited in memory: with an auth URL whose refresh
 * call does not end in `/v1/token` (the `/v1/auth` layout), nhost-js's refresh middleware
 * refreshes before refreshing, for ever, without yielding to the event loop.
 */
const TOKEN_SECONDS = 90
const LIFETIMES = 3
const RUN_SECONDS = LIFETIMES * TOKEN_SECONDS + 10
/** nhost-js refreshes when fewer than this many seconds are left (its default margin). */
const REFRESH_MARGIN_SECONDS = 60
/** The clients' start (tsx compiling them, sign-up, a workspace) on a loaded machine: minutes. */
const SETUP_SECONDS = 240
const CLIENT_SCRIPT = resolve(import.meta.dirname, '../support/nhost-session-client.ts')

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

let project: TestProject
let backend: RunningBackend
let dropDatabase: () => Promise<void>
/** Every `/token` call the server received, with its answer's status once sent. */
const tokenCalls: { at: number; status?: number }[] = []

beforeAll(async () => {
  if (onPostgres) return
  project = shortTokenProject(TOKEN_SECONDS)
  const { target, drop } = await createTestDatabaseTarget()
  dropDatabase = drop
  backend = await startBackend({
    projectDir: project.dir,
    env: { ...process.env, PORT: '0', PULSEBOARD_DATA_DIR: 'data', HASURA_GRAPHQL_ADMIN_SECRET: 'session-lifetimes-admin-secret' },
    database: target,
    log: createLogger('warn'),
  })
  backend.server.prependListener('request', (req, res) => {
    if (req.method !== 'POST' || !/\/token(\?|$)/.test(req.url ?? '')) return
    const call: (typeof tokenCalls)[number] = { at: Date.now() }
    tokenCalls.push(call)
    res.once('close', () => (call.status = res.statusCode))
  })
  // Migrating a fresh database on a loaded machine.
}, 180_000)

afterAll(async () => {
  await backend?.stop()
  await dropDatabase?.()
  project?.remove()
})

/** Runs the clients' process to its end (or kills it past the deadline) and returns its events. */
async function runClients(): Promise<{ events: SessionClientEvent[]; exit: string; stderr: string }> {
  const child = spawn(process.execPath, ['--max-old-space-size=256', '--import', 'tsx', CLIENT_SCRIPT], {
    env: { ...process.env, SESSION_CLIENT_URL: backend.url, SESSION_CLIENT_SECONDS: String(RUN_SECONDS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const events: SessionClientEvent[] = []
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) events.push(JSON.parse(line) as SessionClientEvent)
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const deadline = setTimeout(() => child.kill('SIGKILL'), (RUN_SECONDS + SETUP_SECONDS) * 1000)
  const exit = await new Promise<string>((done) => child.once('exit', (code, signal) => done(signal ?? `code ${code}`)))
  clearTimeout(deadline)
  return { events, exit, stderr }
}

it.skipIf(onPostgres)(
  'keeps a user session and the demo writer signed in across three access-token lifetimes, each token exchanged once',
  async () => {
    const { events, exit, stderr } = await runClients()
    expect(exit, `the clients' process ended early:\n${stderr}`).toBe('code 0')
    const done = events.find((e) => e.kind === 'done')
    expect(events.filter((e) => e.kind === 'read-failed' || e.kind === 'writer-log')).toEqual([])
    if (done?.kind !== 'done') throw new Error('the clients did not finish')
    // A read every 2 s went through for the whole run, and the last one saw the writer's point
    // of a moment before (the writer writes every second and says when a write fails).
    expect(done.reads).toBeGreaterThan(RUN_SECONDS / 2.5)
    expect(done.at - Date.parse(done.lastPointTs ?? '')).toBeLessThan(10_000)

    let refreshes = 0
    for (const client of ['user', 'writer'] as const) {
      // Each new token once (nhost-js stores a refreshed session twice, from the response and after it).
      const sessions = events
        .filter((e): e is Extract<SessionClientEvent, { kind: 'session' }> => e.kind === 'session' && e.client === client)
        .filter((session, i, all) => i === 0 || session.token !== all[i - 1]!.token)
      // Signed in once and never signed out: every later session came from a refresh.
      expect(sessions.every((s) => s.exp !== null)).toBe(true)
      const exchanges = sessions.slice(1).map((session, i) => ({ at: session.at, previousExp: sessions[i]!.exp! }))
      for (const { at, previousExp } of exchanges) {
        // Exchanged before it expired, and not before nhost-js's margin: once per token, on time.
        expect(previousExp - at).toBeGreaterThan(0)
        expect(previousExp - at).toBeLessThanOrEqual(REFRESH_MARGIN_SECONDS * 1000)
      }
      // Over three lifetimes at least three tokens each, one every (lifetime − margin) seconds.
      expect(exchanges.length).toBeGreaterThanOrEqual(
        Math.floor((LIFETIMES * TOKEN_SECONDS) / (TOKEN_SECONDS - REFRESH_MARGIN_SECONDS + 2)),
      )
      expect(sessions.at(-1)!.at - sessions[0]!.at).toBeGreaterThan((LIFETIMES - 1) * TOKEN_SECONDS * 1000)
      refreshes += exchanges.length
    }
    // No call the clients did not see: none that failed and was retried. (A duplicate refresh
    // would show above, as a token exchanged with more than the margin left.)
    expect(tokenCalls.length).toBe(refreshes)
    expect(tokenCalls.every((call) => call.status === 200)).toBe(true)
    console.log(`session lifetimes: ${refreshes} token exchanges in ${RUN_SECONDS} s, ${done.written} points written`)
  },
  (RUN_SECONDS + SETUP_SECONDS + 60) * 1000,
)
