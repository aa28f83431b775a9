import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEMO_DASHBOARD } from '../../demo/demo-content.ts'
import { startDemo, type DemoStart } from '../../demo/start-demo.ts'
import { shortTokenProject, type TestProject } from '../support/short-token-project.ts'
import { launchChromium, recordPageProblems, screenshot, startE2eServer, type E2eServer } from './e2e-harness.ts'

/**
 * SLOW (about 5 minutes): a live dashboard that outlives its access tokens (issue 24). The demo
 * dashboard open in Chromium, signed in, against the backend with 90-second access tokens, for
 * three token lifetimes while the demo writes a point every second. nhost-js exchanges a token
 * once it has less than 60 s left, so the tab calls `/token` once per token, about every 30 s,
 * and its socket reconnects with each new token. The dashboard must keep moving, the offline
 * banner never show, and navigation and sign-out still work at the end.
 *
 * CI runs the e2e suite twice (PGlite, then PostgreSQL): this test runs only in the first run
 * (skipped when TEST_DATABASE_URL is set), as nothing in it depends on the database.
 */
const TOKEN_SECONDS = 90
const LIFETIMES = 3
const RUN_MS = (LIFETIMES * TOKEN_SECONDS + 10) * 1000
const REFRESH_MARGIN_SECONDS = 60
/** A window in which the demo's line panel must change (the demo writes every second). */
const WINDOW_MS = 10_000
const UI_TIMEOUT = 30_000

let project: TestProject
let server: E2eServer
let browser: Browser
let demo: DemoStart

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return
  project = shortTokenProject(TOKEN_SECONDS)
  server = await startE2eServer({ projectDir: project.dir })
  demo = await startDemo({ url: server.backend.url, adminSecret: server.adminSecret, log: () => {} })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  if (demo?.running) await demo.stop()
  await server?.close()
  project?.remove()
})

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'keeps the demo dashboard live across three access-token lifetimes, one /token call per token',
  async () => {
    if (!demo.running) throw new Error(`the demo did not start: ${demo.reason}`)
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const problems = recordPageProblems(page)
    // Any moment the offline banner appears, however briefly.
    await page.addInitScript(() => {
      const seen = window as { offlineBannerSeen?: number }
      seen.offlineBannerSeen = 0
      new MutationObserver(() => {
        if (document.querySelector('[data-error-code="network/offline"]')) seen.offlineBannerSeen = Date.now()
      }).observe(document, { childList: true, subtree: true })
    })
    const tokenCalls: { at: number; status: number }[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('/token')) tokenCalls.push({ at: Date.now(), status: response.status() })
    })
    let socketsOpened = 0
    page.on('websocket', () => socketsOpened++)
    try {
      await page.goto(`${server.backend.url}${demo.dashboardPath}`)
      const signIn = page.getByTestId('sign-in-form')
      await signIn.getByLabel('Email').fill(demo.email)
      await signIn.getByLabel('Password').fill(demo.password)
      await signIn.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL(`**${demo.dashboardPath}`, { timeout: UI_TIMEOUT })
      const signedInAt = Date.now()
      const latency = page.getByRole('region', { name: 'API latency', exact: true }).getByTestId('panel-value')
      await latency.waitFor({ timeout: UI_TIMEOUT })

      // Window after window, the latest value moves with no reload.
      const stuck: number[] = []
      for (let windowStart = Date.now(); windowStart - signedInAt < RUN_MS; windowStart = Date.now()) {
        const first = await latency.textContent()
        let moved = false
        while (!moved && Date.now() - windowStart < WINDOW_MS) {
          await page.waitForTimeout(250)
          moved = (await latency.textContent()) !== first
        }
        if (!moved) stuck.push(Math.round((windowStart - signedInAt) / 1000))
        await page.waitForTimeout(Math.max(0, windowStart + WINDOW_MS - Date.now()))
      }
      expect(stuck, 'seconds after sign-in at which the dashboard stopped moving for 10 s').toEqual([])
      expect(await page.evaluate(() => (window as { offlineBannerSeen?: number }).offlineBannerSeen)).toBe(0)

      // One exchange per token: each call once the token had less than the margin left (none
      // before the first token was 30 s old), none twice for one token, every one answered.
      expect(tokenCalls.every((call) => call.status === 200)).toBe(true)
      const gaps = tokenCalls.map((call, i) => call.at - (i === 0 ? signedInAt : tokenCalls[i - 1]!.at))
      const earliest = (TOKEN_SECONDS - REFRESH_MARGIN_SECONDS - 5) * 1000
      expect(
        gaps.filter((gap) => gap < earliest),
        `gaps between /token calls (ms): ${gaps.join(', ')}`,
      ).toEqual([])
      const expected = Math.floor(RUN_MS / ((TOKEN_SECONDS - REFRESH_MARGIN_SECONDS) * 1000))
      expect(tokenCalls.length).toBeGreaterThanOrEqual(expected - 1)
      expect(tokenCalls.length).toBeLessThanOrEqual(expected)
      // The socket reopened with each new token, and no more often.
      expect(socketsOpened).toBeLessThanOrEqual(tokenCalls.length + 2)

      // After three lifetimes the app still navigates and signs out.
      await page.getByRole('link', { name: 'Metrics', exact: true }).click()
      await page.getByTestId('metric-create-form').waitFor({ timeout: UI_TIMEOUT })
      await page.goBack()
      await page.getByRole('heading', { name: DEMO_DASHBOARD.title, level: 1 }).waitFor({ timeout: UI_TIMEOUT })
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.getByTestId('sign-in-form').waitFor({ timeout: UI_TIMEOUT })
      console.log(
        `e2e: the dashboard stayed live for ${Math.round((Date.now() - signedInAt) / 1000)} s with ${tokenCalls.length} /token calls and ${socketsOpened} sockets`,
      )
      expect(problems).toEqual([])
    } catch (error) {
      await screenshot(page, 'session-lifetimes-failure.png').catch(() => undefined)
      if (problems.length > 0) console.error(`e2e: problems in the page:\n  ${problems.join('\n  ')}`)
      throw error
    } finally {
      await page.close()
    }
  },
  RUN_MS + 180_000,
)
