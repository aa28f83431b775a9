import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { DEMO_DASHBOARD } from '../demo/demo-content.ts'

/**
 * Start and first paint (issue 14 item 5), as a newcomer meets them:
 * 1. `npm start` on an existing data directory (made by a first `npm start`, which also creates
 *    the demo) until `/healthz` answers 200, `runs` times;
 * 2. the demo dashboard's first load in Chromium (Debian's, driven by playwright-core), signed in,
 *    on the production build `npm start` serves, `runs` times, each in a fresh browser context
 *    (empty HTTP cache): the browser's first contentful paint, the dashboard's title, and every
 *    panel showing its latest value (data fetched and drawn).
 *
 *   npm run bench -- first-load [runs]      (default 5; CHROMIUM_PATH to use another Chromium)
 */
const PROJECT_DIR = resolve(import.meta.dirname, '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

interface Started {
  child: ChildProcess
  output: () => string
}

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

function npmStart(env: NodeJS.ProcessEnv): Started {
  // Its own process group: stopping it stops npm and the node process under it.
  const child = spawn('npm', ['start'], { cwd: PROJECT_DIR, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  process.on('exit', () => stop(child))
  return { child, output: () => text }
}

function stop(child: ChildProcess): void {
  if (child.exitCode === null && child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGINT')
    } catch {
      // Already gone.
    }
  }
}

async function stopped(started: Started): Promise<void> {
  const exited = started.child.exitCode === null ? once(started.child, 'exit') : Promise.resolve()
  stop(started.child)
  await exited
}

async function waitFor<T>(
  what: string,
  started: Started,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (started.child.exitCode !== null || performance.now() > deadline) throw new Error(`${what}: not reached\n${started.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function healthy(url: string): Promise<true | undefined> {
  try {
    const response = await fetch(`${url}/healthz`)
    await response.text()
    return response.status === 200 ? true : undefined
  } catch {
    return undefined
  }
}

const DEMO_LINE = /Demo: sign in as (\S+) \/ (\S+) and open (\S+)/

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const summary = (values: number[]) => `${median(values).toFixed(0)} / ${Math.max(...values).toFixed(0)}`

export async function benchFirstLoad(runs = 5): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-first-load-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PULSEBOARD_DATA_DIR: dataDir }
  let browser: Browser | undefined
  let serving: Started | undefined
  try {
    // The first start creates the database, the demo user and its dashboard (and builds the app when its sources changed).
    const first = npmStart(env)
    const [, email, password, dashboardUrl] = await waitFor('the demo', first, () => DEMO_LINE.exec(first.output()) ?? undefined, 300_000)
    await stopped(first)

    const startMs: number[] = []
    for (let i = 0; i < runs; i++) {
      const began = performance.now()
      const started = npmStart(env)
      await waitFor('/healthz', started, () => healthy(url))
      startMs.push(performance.now() - began)
      await stopped(started)
    }
    const startLoad = loadavg()[0]!

    serving = npmStart(env)
    const servingNow = serving
    await waitFor('the demo', serving, () => (DEMO_LINE.test(servingNow.output()) ? true : undefined))
    browser = await chromium.launch({
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
    const viewport = { width: 1280, height: 900 }
    const signingIn = await browser.newContext({ viewport })
    const signInPage = await signingIn.newPage()
    await signInPage.goto(`${url}/sign-in`)
    const form = signInPage.getByTestId('sign-in-form')
    await form.getByLabel('Email').fill(email!)
    await form.getByLabel('Password').fill(password!)
    await form.getByRole('button', { name: 'Sign in' }).click()
    await signInPage.waitForURL((address) => !address.pathname.startsWith('/sign-in'), { timeout: 30_000 })
    const storageState = await signingIn.storageState()
    await signingIn.close()

    const paint: number[] = []
    const title: number[] = []
    const panels: number[] = []
    // Every demo panel is a chart or a stat, which shows its latest value (tables show rows).
    const panelCount = DEMO_DASHBOARD.panels.length
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport, storageState })
      const page = await context.newPage()
      await page.goto(dashboardUrl!, { waitUntil: 'commit' })
      // Each time as the page's own clock saw it, from the start of navigation.
      const titleAt = await page.waitForFunction(
        (heading) => [...document.querySelectorAll('h1')].some((h) => h.textContent === heading) && performance.now(),
        DEMO_DASHBOARD.title,
        { polling: 'raf', timeout: 30_000 },
      )
      const panelsAt = await page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid=panel-value]').length >= count && performance.now(),
        panelCount,
        { polling: 'raf', timeout: 30_000 },
      )
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN)
      paint.push(fcp)
      title.push((await titleAt.jsonValue()) as number)
      panels.push((await panelsAt.jsonValue()) as number)
      await context.close()
    }
    return [
      `${runs} runs each; median / max in ms; PGlite on files; machine load (1 min) ${startLoad.toFixed(1)} during the starts, ${loadavg()[0]!.toFixed(1)} after the loads.`,
      '',
      '| measure | median / max |',
      '|---|---|',
      `| \`npm start\` on an existing data directory → \`/healthz\` 200 | ${summary(startMs)} |`,
      `| dashboard, cold load: first contentful paint | ${summary(paint)} |`,
      `| dashboard, cold load: its title shown | ${summary(title)} |`,
      `| dashboard, cold load: all ${panelCount} panels showing their latest value | ${summary(panels)} |`,
    ]
  } finally {
    await browser?.close()
    if (serving) await stopped(serving)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
