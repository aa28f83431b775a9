import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFunctionsApp } from '../backend/functions/worker/create-functions-app.ts'
import { createLogger } from '../backend/lib/logger.ts'
import { startBackend } from '../backend/server/start-backend.ts'

/**
 * A server under bench/functions.ts, in its own process: `backend` serves a throwaway project's
 * functions/hello.ts through /v1/functions (proxy and worker processes); `express` serves the
 * same file with the same Express application, in this process, with no backend around it.
 * Reports `{ url }` (the hello function's URL) over IPC once it answers.
 */
const projectDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-functions-'))
mkdirSync(join(projectDir, 'functions'))
writeFileSync(
  join(projectDir, 'functions', 'hello.ts'),
  `export default (req: any, res: any) => res.json({ hello: req.query.name ?? 'world' })\n`,
)
// 20 ms of CPU per call: the flood bench/functions-flood.ts sends.
writeFileSync(
  join(projectDir, 'functions', 'spin.ts'),
  `export default (_req: any, res: any) => {\n  const until = performance.now() + 20\n  while (performance.now() < until);\n  res.json({ spun: true })\n}\n`,
)
const ADMIN_SECRET = 'bench-functions-admin-secret'

let stop: () => Promise<void>
if (process.argv[2] === 'backend') {
  const backend = await startBackend({
    projectDir,
    env: {
      ...process.env,
      PORT: '0',
      PULSEBOARD_DATA_DIR: join(projectDir, '.data'),
      PULSEBOARD_DEMO: '0',
      HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET,
    },
    database: { kind: 'memory' },
    log: createLogger('warn'),
  })
  await backend.functions.whenReady()
  await trackBenchTable(backend.url)
  stop = () => backend.stop()
  process.send!({ url: `${backend.url}/v1/functions/hello`, base: backend.url, adminSecret: ADMIN_SECRET })
} else {
  const app = await createFunctionsApp(join(projectDir, 'functions'), () => {})
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  stop = () => new Promise((resolve) => server.close(() => resolve()))
  process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hello` })
}

/** A one-row table for the small GraphQL query the flood benchmark probes. */
async function trackBenchTable(base: string): Promise<void> {
  const admin = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`)
  }
  await admin('/v2/query', {
    type: 'run_sql',
    args: { sql: "CREATE TABLE public.bench_item (id int PRIMARY KEY, name text); INSERT INTO public.bench_item VALUES (1, 'one');" },
  })
  await admin('/v1/metadata', { type: 'pg_track_table', args: { source: 'default', table: { schema: 'public', name: 'bench_item' } } })
}

process.on('message', () => {
  void stop().then(() => {
    rmSync(projectDir, { recursive: true, force: true })
    process.exit(0)
  })
})
