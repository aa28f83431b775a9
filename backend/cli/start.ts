/**
 * `npm start`: builds the web app when its sources are newer than the last build, then serves
 * the app and every API on one port.
 */
import './production-mode.ts'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadConfig } from '../config/load-config.ts'
import type { Database } from '../db/database.ts'
import { openDatabase } from '../db/open-database.ts'
import { exitOnStartFailure } from './exit-on-start-failure.ts'
import { stopOnSignals } from './stop-on-signals.ts'
// The demo is Pulseboard's, not the backend's: it lives in demo/ and is only started from here.
import { startDemo, type DemoStart } from '../../demo/start-demo.ts'

const projectDir = process.cwd()
const distDir = resolve(projectDir, 'dist')

function newestModification(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))))
}

// PGlite opens in its worker thread while the web app builds and the backend's modules load
// (the backend's own modules are imported below, after this has started).
let openingDatabase: Promise<Database> | undefined
try {
  openingDatabase = openDatabase(loadConfig().database)
  // Reported where startBackend awaits it, not as an unhandled rejection meanwhile.
  openingDatabase.catch(() => undefined)
} catch (error) {
  exitOnStartFailure(error)
}

const built = newestModification(join(distDir, 'index.html'))
const sources = Math.max(...['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newestModification(resolve(projectDir, p))))
if (built < sources) {
  console.log('Building the web app…')
  execFileSync(process.execPath, [resolve(projectDir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  })
}

try {
  const { startBackend } = await import('../server/start-backend.ts')
  const backend = await startBackend({ webAppDir: distDir, openingDatabase })
  if (backend.context.config.usingDevelopmentJwtSecret) {
    console.warn('Using the development JWT secret: set HASURA_GRAPHQL_JWT_SECRET before exposing this server.')
  }
  console.log(`\nPulseboard is running at ${backend.url}  (${backend.context.db.description})\n`)
  let demo: DemoStart | undefined
  if (process.env.PULSEBOARD_DEMO !== '0') {
    demo = await startDemo({ url: backend.url, adminSecret: backend.context.config.adminSecret }).catch((error: unknown) => {
      console.warn('The demo did not start:', error)
      return undefined
    })
    if (demo?.running) {
      console.log(`Demo: sign in as ${demo.email} / ${demo.password} and open ${backend.url}${demo.dashboardPath}`)
      console.log('      (points are written every second; PULSEBOARD_DEMO=0 turns the demo off)\n')
    } else if (demo) {
      console.log(`Demo: not started, ${demo.reason} (PULSEBOARD_DEMO=0 silences this)\n`)
    }
  }
  stopOnSignals(async () => {
    if (demo?.running) await demo.stop()
    await backend.stop()
  })
} catch (error) {
  exitOnStartFailure(error)
}
