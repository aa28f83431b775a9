import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEMO_DASHBOARD } from '../../demo/demo-content.ts'
import { startDemo, type DemoStart } from '../../demo/start-demo.ts'
import { launchChromium, recordPageProblems, screenshot, startE2eServer, type E2eServer } from './e2e-harness.ts'

/**
 * What a newcomer sees after `npm start`: the demo's printed dashboard address, the sign-in with
 * the printed credentials, and a dashboard that moves by itself (points written every second by
 * the demo's point writer, a client of the GraphQL API).
 */

let server: E2eServer
let browser: Browser
let demo: DemoStart

beforeAll(async () => {
  server = await startE2eServer()
  demo = await startDemo({ url: server.backend.url, adminSecret: server.adminSecret, log: () => {} })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  if (demo?.running) await demo.stop()
  await server?.close()
})

it('shows the demo dashboard moving to a newcomer who signs in with the printed credentials', async () => {
  if (!demo.running) throw new Error(`the demo did not start: ${demo.reason}`)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const problems = recordPageProblems(page)
  try {
    await page.goto(`${server.backend.url}${demo.dashboardPath}`)
    const signIn = page.getByTestId('sign-in-form')
    await signIn.getByLabel('Email').fill(demo.email)
    await signIn.getByLabel('Password').fill(demo.password)
    await signIn.getByRole('button', { name: 'Sign in' }).click()
    // Signing in returns to the address that was asked for: the printed dashboard link.
    await page.waitForURL(`**${demo.dashboardPath}`, { timeout: 20_000 })
    await page.getByRole('heading', { name: DEMO_DASHBOARD.title, level: 1 }).waitFor({ timeout: 20_000 })
    const panels = page.getByTestId('panel')
    await panels.nth(DEMO_DASHBOARD.panels.length - 1).waitFor({ timeout: 20_000 })
    expect(await panels.count()).toBe(DEMO_DASHBOARD.panels.length)

    // The line panel's latest value moves with no reload: the demo writes a point every second.
    const latency = page.getByRole('region', { name: 'API latency', exact: true }).getByTestId('panel-value')
    await latency.waitFor({ timeout: 20_000 })
    const first = await latency.textContent()
    const seen = new Set([first])
    const deadline = Date.now() + 15_000
    while (seen.size < 3 && Date.now() < deadline) {
      seen.add(await latency.textContent())
      await page.waitForTimeout(200)
    }
    expect(seen.size, `values seen: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(3)

    const path = await screenshot(page, 'demo-dashboard.png')
    console.log(`e2e: the demo dashboard moved (${[...seen].join(' → ')}); screenshot at ${path}`)
    expect(problems).toEqual([])
  } catch (error) {
    await screenshot(page, 'demo-failure.png').catch(() => undefined)
    if (problems.length > 0) console.error(`e2e: problems in the page:\n  ${problems.join('\n  ')}`)
    throw error
  } finally {
    await page.close()
  }
})
