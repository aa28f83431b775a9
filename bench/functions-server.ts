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

let stop: () => Promise<void>
if (process.argv[2] === 'backend') {
  const backend = await startBackend({
    projectDir,
    env: { ...process.env, PORT: '0', PULSEBOARD_DATA_DIR: join(projectDir, '.data'), PULSEBOARD_DEMO: '0' },
    database: { kind: 'memory' },
    log: createLogger('warn'),
  })
  await backend.functions.whenReady()
  stop = () => backend.stop()
  process.send!({ url: `${backend.url}/v1/functions/hello` })
} else {
  const app = await createFunctionsApp(join(projectDir, 'functions'), () => {})
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  stop = () => new Promise((resolve) => server.close(() => resolve()))
  process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hello` })
}

process.on('message', () => {
  void stop().then(() => {
    rmSync(projectDir, { recursive: true, force: true })
    process.exit(0)
  })
})
