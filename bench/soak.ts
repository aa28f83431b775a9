import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'

/**
 * A working day in miniature (issue 24): `npm start` on a fresh data directory with its demo (a
 * point written every second by a signed-in client in the backend's process), and one headless
 * Chromium tab signed in on the demo dashboard, for an hour. Every minute: the backend process's
 * RSS, the tab's `/token` calls so far, whether the offline banner shows, and whether the
 * dashboard's latest value still moves. Fails unless every sample after the warm-up lies within
 * 10% of the lowest one, the dashboard moved every minute and the banner never showed.
 *
 *   npm run bench -- soak
 *   PULSEBOARD_SOAK_MINUTES=60 PULSEBOARD_SOAK_WARMUP_MINUTES=10 (the defaults); CHROMIUM_PATH
 */
const PROJECT_DIR = resolve(import.meta.dirname, '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const DEMO_LINE = /Demo: sign in as (\S+) \/ (\S+) and open (\S+)/
const OFFLINE_BANNER = '[data-error-code="network/offline"]'
const MINUTE_MS = 60_000
/** RSS after the warm-up may vary by this much (the highest sample over the lowest). */
const FLAT_WITHIN = 0.1

interface Sample {
  minute: number
  rssMb: number
  tokenCalls: number
  bannerShown: boolean
  valueMoved: boolean
  load: number
}

function minutesFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of minutes, not ${raw}`)
  return value
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

/** `npm start` in its own process group, so that stopping it stops npm and node under it. */
function npmStart(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn('npm', ['start'], { cwd: PROJECT_DIR, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  const keep = (chunk: Buffer) => {
    // The start's lines and the latest ones: enough to tell why it stopped.
    text = (text + chunk.toString()).slice(-20_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  return { child, output: () => text }
}

/** The node process `npm start` runs (npm starts it through a shell, in the same process group). */
function backendPid(group: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name: state, ppid, pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      // Node itself, not the shell npm runs it through (whose command line names the script too).
      if (pgrp === group && /(^|\/)node$/.test(command[0] ?? '') && command.includes('backend/cli/start.ts')) return Number(entry)
    } catch {
      // The process ended while being read.
    }
  }
  return undefined
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1])
  return kb / 1024
}

async function waitFor<T>(
  what: string,
  started: { child: ChildProcess; output: () => string },
  check: () => T | undefined,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (started.child.exitCode !== null || Date.now() > deadline) throw new Error(`${what}: not reached\n${started.output()}`)
    await new Promise((done) => setTimeout(done, 200))
  }
}

/** Whether the line panel's latest value changes within 15 s (the demo writes every second). */
async function valueMoves(page: Page): Promise<boolean> {
  const value = page.getByRole('region', { name: 'API latency', exact: true }).getByTestId('panel-value')
  const first = await value.textContent({ timeout: 5_000 }).catch(() => null)
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    await page.waitForTimeout(500)
    const now = await value.textContent({ timeout: 5_000 }).catch(() => null)
    if (now !== null && now !== first) return true
  }
  return false
}

export async function benchSoak(): Promise<string[]> {
  const minutes = minutesFromEnv('PULSEBOARD_SOAK_MINUTES', 60)
  const warmup = minutesFromEnv('PULSEBOARD_SOAK_WARMUP_MINUTES', 10)
  if (warmup >= minutes) throw new Error('PULSEBOARD_SOAK_WARMUP_MINUTES must be shorter than PULSEBOARD_SOAK_MINUTES')
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-soak-'))
  const port = await freePort()
  const started = npmStart({ ...process.env, PORT: String(port), HOST: '127.0.0.1', PULSEBOARD_DATA_DIR: dataDir })
  let browser: Browser | undefined
  try {
    const [, email, password, dashboardUrl] = await waitFor(
      'the demo',
      started,
      () => DEMO_LINE.exec(started.output()) ?? undefined,
      600_000,
    )
    const pid = await waitFor('the backend process', started, () => backendPid(started.child.pid!), 10_000)
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
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    let tokenCalls = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/token')) tokenCalls++
    })
    await page.goto(dashboardUrl!)
    const form = page.getByTestId('sign-in-form')
    await form.getByLabel('Email').fill(email!)
    await form.getByLabel('Password').fill(password!)
    await form.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(dashboardUrl!, { timeout: 60_000 })
    await page.getByRole('region', { name: 'API latency', exact: true }).getByTestId('panel-value').waitFor({ timeout: 60_000 })

    const began = Date.now()
    const samples: Sample[] = []
    for (let minute = 0; minute <= minutes; minute++) {
      const due = began + minute * MINUTE_MS
      await new Promise((done) => setTimeout(done, Math.max(0, due - Date.now())))
      if (started.child.exitCode !== null) throw new Error(`npm start ended after ${minute} minutes\n${started.output()}`)
      const sample = {
        minute,
        rssMb: rssMb(pid),
        tokenCalls,
        bannerShown: (await page.locator(OFFLINE_BANNER).count()) > 0,
        valueMoved: await valueMoves(page),
        load: loadavg()[0]!,
      }
      samples.push(sample)
      // Progress on stderr: the Markdown rows come at the end, on stdout.
      console.error(`soak: ${JSON.stringify(sample)}`)
    }

    const settled = samples.filter((sample) => sample.minute >= warmup).map((sample) => sample.rssMb)
    const lowest = Math.min(...settled)
    const highest = Math.max(...settled)
    const spread = highest / lowest - 1
    const rows = [
      `\`npm start\` (demo on, PGlite) for ${minutes} min with one Chromium tab on the demo dashboard; RSS of the backend process (\`VmRSS\`) each minute.`,
      `After the ${warmup}-minute warm-up: lowest ${lowest.toFixed(0)} MB, highest ${highest.toFixed(0)} MB, spread ${(spread * 100).toFixed(1)}% (limit ${FLAT_WITHIN * 100}%).`,
      '',
      '| minute | backend RSS (MB) | tab `/token` calls so far | offline banner | dashboard moving | load (1 min) |',
      '|---:|---:|---:|---|---|---:|',
      ...samples.map(
        (s) =>
          `| ${s.minute} | ${s.rssMb.toFixed(0)} | ${s.tokenCalls} | ${s.bannerShown ? 'shown' : 'no'} | ${s.valueMoved ? 'yes' : 'no'} | ${s.load.toFixed(1)} |`,
      ),
    ]
    const problems = [
      ...(spread > FLAT_WITHIN ? [`RSS after warm-up varies by ${(spread * 100).toFixed(1)}%, more than ${FLAT_WITHIN * 100}%`] : []),
      ...samples.filter((s) => s.bannerShown).map((s) => `the offline banner showed at minute ${s.minute}`),
      ...samples.filter((s) => !s.valueMoved).map((s) => `the dashboard did not move at minute ${s.minute}`),
    ]
    if (problems.length > 0) throw new Error(`${rows.join('\n')}\n\nsoak failed:\n- ${problems.join('\n- ')}`)
    return rows
  } finally {
    await browser?.close()
    if (started.child.exitCode === null) {
      const exited = once(started.child, 'exit')
      process.kill(-started.child.pid!, 'SIGINT')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}
