import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core'
import { DEFAULT_ADMIN_SECRET } from '../backend/config/load-config.ts'
import { DEMO_DASHBOARD, DEMO_WORKSPACE } from '../demo/demo-content.ts'
import { serveChartFloor } from './chart-floor-server.ts'
import { buildCommitWebApp, serveWebBuild } from './web-build-server.ts'

/**
 * Start and first paint (issue 14 item 5), as a newcomer meets them:
 * 1. `npm start` on an existing data directory (made by a first `npm start`, which also creates
 *    the demo) until `/healthz` answers 200, `runs` times;
 * 2. the demo dashboard's first load in Chromium (Debian's, driven by playwright-core), signed in,
 *    on the production build `npm start` serves, `runs` times, each in a fresh browser context
 *    (empty HTTP cache): the browser's first contentful paint, the dashboard's title, and every
 *    panel showing its latest value (data fetched and drawn);
 * 3. the same for a dashboard of 24 panels (the most a dashboard holds) on 7 days over a week of
 *    one point per second (issue 25: two metrics, each panel a different aggregation and bucket,
 *    so that no two panels share a live query);
 * 4. the floor under step 3 on this machine, in the same browser: a static page drawing 24 uPlot
 *    charts of the panels' size and point counts from data made in the page (chart-floor-server.ts),
 *    that page without charts, and the app's sign-in page signed out (the app's own start);
 * 5. that dashboard again, today's web app beside the panel client before live-series.ts (one
 *    whole-window subscription per panel, commit PREVIOUS_PANEL_CLIENT, or BENCH_BASELINE_COMMIT),
 *    in alternating cold loads: each build served on its own origin in front of the same backend
 *    (web-build-server.ts), so both go through the same extra hop.
 *
 *   npm run bench -- first-load [runs]      (default 5; CHROMIUM_PATH to use another Chromium)
 *
 * On PGlite in the data directory by default; with TEST_DATABASE_URL on that PostgreSQL database
 * instead (an empty one: the first start creates the demo in it, and the benchmark its dense
 * dashboard).
 */
const PREVIOUS_PANEL_CLIENT = '2d120b8^'
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

/** SQL as the admin, through the Hasura-compatible `/v2/query` (the server is running). */
async function runSql(url: string, sql: string): Promise<void> {
  const response = await fetch(`${url}/v2/query`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hasura-admin-secret': process.env.HASURA_GRAPHQL_ADMIN_SECRET ?? DEFAULT_ADMIN_SECRET,
    },
    body: JSON.stringify({ type: 'run_sql', args: { source: 'default', sql } }),
  })
  if (!response.ok) throw new Error(`run_sql: ${response.status} ${await response.text()}`)
  await response.text()
}

const DENSE_DAYS = 7
const DENSE_METRICS = ['dense.a', 'dense.b']
const DENSE_AGGREGATIONS = ['avg', 'sum', 'min', 'max', 'count', 'last']
const DENSE_BUCKETS = [900, 3600]

/**
 * Adds to the demo workspace two metrics with a week of one point per second up to now and a
 * dashboard of 24 line panels over them; returns the dashboard's path. The points are loaded a
 * day per statement with the triggers off (session_replication_role), and their rollups built in
 * one pass as the rollups migration builds them for existing points: the triggers would take
 * minutes on PGlite.
 */
export async function seedDenseDashboard(url: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const workspace = `(select id from workspaces where slug = '${DEMO_WORKSPACE.slug}')`
  await runSql(
    url,
    DENSE_METRICS.map((key) => `insert into metrics (workspace_id, key, name) values (${workspace}, '${key}', '${key}');`).join('\n'),
  )
  for (const key of DENSE_METRICS) {
    for (let day = DENSE_DAYS; day > 0; day--) {
      await runSql(
        url,
        `set local session_replication_role = replica;
         insert into points (metric_id, ts, value)
         select (select id from metrics where key = '${key}' and workspace_id = ${workspace}), to_timestamp(t),
                20 + 5 * sin(t / 3600.0) + (t % 7) / 10.0
           from generate_series(${now - day * 86400 + 1}::bigint, ${now - (day - 1) * 86400}::bigint) t;`,
      )
    }
  }
  const dense = `(select id from metrics where key in (${DENSE_METRICS.map((k) => `'${k}'`).join(', ')}) and workspace_id = ${workspace})`
  await runSql(
    url,
    `insert into point_rollups (metric_id, bucket_seconds, bucket, samples, total, lowest, highest, last_ts, last_value)
     select p.metric_id, s.seconds, date_bin(make_interval(secs => s.seconds), p.ts, timestamptz '1970-01-01 00:00:00+00'),
            count(*), sum(p.value), min(p.value), max(p.value), max(p.ts), (max(array[extract(epoch from p.ts)::double precision, p.value]))[2]
       from points as p, unnest(point_rollup_sizes()) as s(seconds)
      where p.metric_id in ${dense}
      group by 1, 2, 3;
     analyze points;
     analyze point_rollups;`,
  )
  const panels = DENSE_METRICS.flatMap((key) =>
    DENSE_BUCKETS.flatMap((bucket) => DENSE_AGGREGATIONS.map((aggregation) => ({ key, bucket, aggregation }))),
  )
  await runSql(
    url,
    `insert into dashboards (id, workspace_id, title) values ('00000000-0000-4000-8000-000000000024', ${workspace}, 'Dense');
     insert into panels (dashboard_id, metric_id, title, kind, aggregation, bucket_seconds, position, width) values
     ${panels
       .map(
         (p, i) =>
           `('00000000-0000-4000-8000-000000000024', (select id from metrics where key = '${p.key}' and workspace_id = ${workspace}), '${p.key} ${p.aggregation} ${p.bucket}', 'line', '${p.aggregation}', ${p.bucket}, ${i}, 1)`,
       )
       .join(',\n')};`,
  )
  return `/w/${DEMO_WORKSPACE.slug}/dashboards/00000000-0000-4000-8000-000000000024?range=7d`
}

interface ColdLoads {
  paint: number[]
  title: number[]
  panels: number[]
}

/** `runs` cold loads of a dashboard, each in a fresh browser context: when its title and every panel's latest value show. */
async function coldLoads(
  browser: Browser,
  options: BrowserContextOptions,
  dashboardUrl: string,
  title: string,
  panelCount: number,
  runs: number,
): Promise<ColdLoads> {
  const loads: ColdLoads = { paint: [], title: [], panels: [] }
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(options)
    const page = await context.newPage()
    await page.goto(dashboardUrl, { waitUntil: 'commit' })
    // Each time as the page's own clock saw it, from the start of navigation.
    const titleAt = await page.waitForFunction(
      (heading) => [...document.querySelectorAll('h1')].some((h) => h.textContent === heading) && performance.now(),
      title,
      { polling: 'raf', timeout: 120_000 },
    )
    const panelsAt = await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=panel-value]').length >= count && performance.now(),
      panelCount,
      { polling: 'raf', timeout: 120_000 },
    )
    // A page with little to draw can be ready before its first paint is recorded.
    const fcp = (await (
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, null, { timeout: 10_000 })
    ).jsonValue()) as number
    loads.paint.push(fcp)
    loads.title.push((await titleAt.jsonValue()) as number)
    loads.panels.push((await panelsAt.jsonValue()) as number)
    await context.close()
  }
  return loads
}

export async function benchFirstLoad(runs = 5): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-first-load-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const databaseUrl = process.env.TEST_DATABASE_URL
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PULSEBOARD_DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite on files'
  let browser: Browser | undefined
  let serving: Started | undefined
  // Built first, before anything is measured.
  const previousCommit = process.env.BENCH_BASELINE_COMMIT ?? PREVIOUS_PANEL_CLIENT
  let previous: ReturnType<typeof buildCommitWebApp> | undefined
  try {
    previous = buildCommitWebApp(PROJECT_DIR, previousCommit)
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
    const storageState = await signIn(browser, viewport, url, email!, password!)

    // Every demo panel is a chart or a stat, which shows its latest value (tables show rows).
    const demo = await coldLoads(
      browser,
      { viewport, storageState },
      dashboardUrl!,
      DEMO_DASHBOARD.title,
      DEMO_DASHBOARD.panels.length,
      runs,
    )
    const seedStarted = performance.now()
    const densePath = await seedDenseDashboard(url)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const denseLoad = loadavg()[0]!
    const dense = await coldLoads(browser, { viewport, storageState }, `${url}${densePath}`, 'Dense', 24, runs)
    const floor = await measureFloor(browser, viewport, storageState, `${url}${densePath}`, url, runs)

    // Today's build and the previous panel client's, each on its own origin, loaded in turn.
    const builds = [
      { name: 'today', server: await serveWebBuild(join(PROJECT_DIR, 'dist'), url) },
      { name: `previous panel client (${previousCommit})`, server: await serveWebBuild(previous!.dir, url) },
    ]
    const compared = new Map<string, ColdLoads>(builds.map((b) => [b.name, { paint: [], title: [], panels: [] }]))
    try {
      const states = new Map<string, Awaited<ReturnType<typeof signIn>>>()
      for (const b of builds) states.set(b.name, await signIn(browser, viewport, b.server.url, email!, password!))
      for (let i = 0; i < runs; i++) {
        // Each build goes first every other round, so that neither always has the pair's first load.
        for (const b of i % 2 === 0 ? builds : [...builds].reverse()) {
          const options = { viewport, storageState: states.get(b.name)! }
          const load = await coldLoads(browser, options, `${b.server.url}${densePath}`, 'Dense', 24, 1)
          const into = compared.get(b.name)!
          into.paint.push(...load.paint)
          into.title.push(...load.title)
          into.panels.push(...load.panels)
        }
      }
    } finally {
      for (const b of builds) await b.server.close()
    }
    const [today, before] = builds.map((b) => compared.get(b.name)!)
    return [
      `${runs} runs each; median / max in ms; ${database}; machine load (1 min) ${startLoad.toFixed(1)} during the starts, ${loadavg()[0]!.toFixed(1)} after the loads.`,
      '',
      '| measure | median / max |',
      '|---|---|',
      `| \`npm start\` on an existing data directory → \`/healthz\` 200 | ${summary(startMs)} |`,
      `| dashboard, cold load: first contentful paint | ${summary(demo.paint)} |`,
      `| dashboard, cold load: its title shown | ${summary(demo.title)} |`,
      `| dashboard, cold load: all ${DEMO_DASHBOARD.panels.length} panels showing their latest value | ${summary(demo.panels)} |`,
      `| 24 panels on 7 days of 1 Hz data, cold load: first contentful paint | ${summary(dense.paint)} |`,
      `| 24 panels on 7 days of 1 Hz data, cold load: its title shown | ${summary(dense.title)} |`,
      `| 24 panels on 7 days of 1 Hz data, cold load: all 24 panels showing their latest value | ${summary(dense.panels)} |`,
      `| floor: a static page drawing 24 uPlot charts of ${floor.chartSize} px (672 and 168 points) from data made in the page: all drawn | ${summary(floor.charts.panels)} |`,
      `| floor: that page without charts: first contentful paint | ${summary(floor.empty.paint)} |`,
      `| the app's sign-in page, signed out, cold load: the form shown | ${summary(floor.signIn.title)} |`,
      '',
      `The 24-panel dashboard took ${(median(dense.panels) / median(floor.charts.panels)).toFixed(2)}× the floor's time to draw its 24 charts (medians).`,
      '',
      `The 24-panel dashboard: ${(DENSE_DAYS * 86400 * DENSE_METRICS.length).toLocaleString('en-US')} points loaded in ${seedSeconds.toFixed(0)} s; machine load (1 min) ${denseLoad.toFixed(1)} before its loads.`,
      '',
      `The 24-panel dashboard again, each build on its own origin in front of the same backend, in alternating cold loads (${runs} each, each build first every other round); machine load (1 min) ${loadavg()[0]!.toFixed(1)} after them.`,
      '',
      `| measure | today | ${builds[1]!.name} | today / previous (medians) |`,
      '|---|---|---|---|',
      ...(['paint', 'title', 'panels'] as const).map(
        (key) =>
          `| ${{ paint: 'first contentful paint', title: 'its title shown', panels: 'all 24 panels showing their latest value' }[key]} | ${summary(today![key])} | ${summary(before![key])} | ${(median(today![key]) / median(before![key])).toFixed(2)} |`,
      ),
    ]
  } finally {
    await browser?.close()
    if (serving) await stopped(serving)
    rmSync(dataDir, { recursive: true, force: true })
    previous?.remove()
  }
}

/**
 * The floor under the 24-panel dashboard's cold load: a static page drawing as many uPlot charts
 * of the same size and point counts (the panels' 15-minute and hourly buckets over 7 days), the
 * same page with none, and the app's own sign-in page signed out.
 */
async function measureFloor(
  browser: Browser,
  viewport: { width: number; height: number },
  storageState: Awaited<ReturnType<typeof signIn>>,
  dashboardUrl: string,
  appUrl: string,
  runs: number,
): Promise<{ chartSize: string; charts: ColdLoads; empty: ColdLoads; signIn: ColdLoads }> {
  const context = await browser.newContext({ viewport, storageState })
  const page = await context.newPage()
  await page.goto(dashboardUrl)
  const plot = page.locator('.chart .u-wrap').first()
  await plot.waitFor({ timeout: 120_000 })
  const box = (await plot.boundingBox())!
  await context.close()
  const [width, height] = [Math.round(box.width), Math.round(box.height)]
  const server = await serveChartFloor()
  try {
    const floorPage = (charts: number) => `${server.url}/?charts=${charts}&points=672,168&width=${width}&height=${height}`
    return {
      chartSize: `${width}×${height}`,
      charts: await coldLoads(browser, { viewport }, floorPage(24), 'Chart floor', 24, runs),
      empty: await coldLoads(browser, { viewport }, floorPage(0), 'Chart floor', 0, runs),
      signIn: await coldLoads(browser, { viewport }, `${appUrl}/sign-in`, 'Sign in', 0, runs),
    }
  } finally {
    await server.close()
  }
}

/** Signs in as the demo user on `origin`'s sign-in page: the browser state a cold load starts from. */
async function signIn(browser: Browser, viewport: { width: number; height: number }, origin: string, email: string, password: string) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await page.goto(`${origin}/sign-in`)
  const form = page.getByTestId('sign-in-form')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((address) => !address.pathname.startsWith('/sign-in'), { timeout: 30_000 })
  const state = await context.storageState()
  await context.close()
  return state
}
