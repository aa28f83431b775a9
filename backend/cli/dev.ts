/**
 * `npm run dev`: the embedded backend plus Vite's dev server (hot reload; Vite proxies `/v1`);
 * functions reload when a file under functions/ changes.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { startBackend } from '../server/start-backend.ts'
import { exitOnStartFailure } from './exit-on-start-failure.ts'

try {
  const backend = await startBackend({ watchFunctions: true })
  console.log(`Backend on ${backend.url} (${backend.context.db.description}); starting Vite…`)
  const vite = spawn(process.execPath, [resolve('node_modules/vite/bin/vite.js')], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(backend.context.config.port) },
  })
  const stop = () => {
    vite.kill()
    void backend.stop().then(() => process.exit(0))
  }
  vite.on('exit', stop)
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  exitOnStartFailure(error)
}
