import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchChromium, recordPageProblems, screenshot, startE2eServer, type E2eServer } from './e2e-harness.ts'

/**
 * An alert that notifies a webhook (issue 24 item 5) in headless Chromium against the real backend
 * and production build: an editor adds a webhook channel on the alerts page, the alert fires, the
 * webhook (a real HTTP server) receives the Slack-compatible body, the delivery log shows it
 * delivered, and the rule is silenced from the page. Screenshots at 1280 and 360 px; at 360 px the
 * page is no wider than the screen.
 */
const PASSWORD = 'correct-horse-9'
const UI_TIMEOUT = 20_000

let server: E2eServer
let browser: Browser
let receiver: Server
const received: { text: string; alert: { event: string; rule: string } }[] = []

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number])
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  server = await startE2eServer()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  receiver?.close()
})

async function admin<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${server.backend.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': server.adminSecret },
    body: JSON.stringify({ query, variables }),
  })
  const answer = (await response.json()) as { data: T; errors?: unknown }
  if (answer.errors) throw new Error(JSON.stringify(answer.errors))
  return answer.data
}

async function both(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 860 })
  await screenshot(page, `${name}.png`)
  await page.setViewportSize({ width: 360, height: 800 })
  await screenshot(page, `${name}-360px.png`)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.setViewportSize({ width: 1280, height: 860 })
}

it('tells a webhook when an alert fires, shows the delivery, and silences the rule', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  const problems = recordPageProblems(page)
  await page.goto(`${server.backend.url}/sign-up`)
  const signUp = page.getByTestId('sign-up-form')
  await signUp.getByLabel('Email').fill('owner@example.com')
  await signUp.getByLabel('Password').fill(PASSWORD)
  await signUp.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL('**/workspaces', { timeout: UI_TIMEOUT })
  const create = page.getByTestId('workspace-create-form')
  await create.getByLabel('Name').fill('Team Lab')
  await create.getByRole('button', { name: 'Create workspace' }).click()
  await page.waitForURL('**/w/team-lab', { timeout: UI_TIMEOUT })

  // The metric, its rule and a point above the threshold (their screens have their own tests).
  const { workspaces } = await admin<{ workspaces: { id: string }[] }>('{ workspaces(where: {slug: {_eq: "team-lab"}}) { id } }')
  const { insert_metrics_one: metric } = await admin<{ insert_metrics_one: { id: string } }>(
    'mutation ($w: uuid!) { insert_metrics_one(object: {workspace_id: $w, key: "api.latency_ms", name: "Latency", unit: "ms"}) { id } }',
    { w: workspaces[0]!.id },
  )
  await admin(
    'mutation ($m: uuid!) { insert_alert_rules_one(object: {metric_id: $m, name: "High latency", comparator: "gt", threshold: 10, window_seconds: 600}) { id } }',
    { m: metric.id },
  )

  await page.goto(`${server.backend.url}/w/team-lab/alerts`)
  const channels = page.getByTestId('notification-channels')
  await channels.getByLabel('Channel name').fill('Ops webhook')
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${'a'.repeat(120)}`
  await channels.getByLabel('Webhook URL').fill(url)
  await channels.getByRole('button', { name: 'Add channel' }).click()
  await channels.getByText(url).waitFor({ timeout: UI_TIMEOUT })

  await admin('mutation ($m: uuid!, $ts: timestamptz!) { insert_points_one(object: {metric_id: $m, value: 50, ts: $ts}) { id } }', {
    m: metric.id,
    ts: new Date().toISOString(),
  })
  // Evaluated now rather than at the schedule's next run (team.e2e.test.ts waits for the schedule).
  const evaluation = await fetch(`${server.backend.url}/v1/functions/evaluate-alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': server.adminSecret },
    body: '{}',
  })
  expect(evaluation.status).toBe(200)
  await expect.poll(() => received.length, { timeout: UI_TIMEOUT }).toBeGreaterThan(0)
  expect(received[0]).toMatchObject({ alert: { event: 'firing', rule: 'High latency' } })
  expect(received[0]!.text).toContain('Firing: High latency')

  const log = page.getByRole('table', { name: 'Delivery log' })
  await log.getByText('delivered').first().waitFor({ timeout: UI_TIMEOUT })
  await page.getByLabel('Silence High latency for').selectOption({ label: '1 day' })
  await page.getByRole('button', { name: 'Silence High latency' }).click()
  await page.getByText(/^Silenced until/).waitFor({ timeout: UI_TIMEOUT })
  await both(page, 'alert-notifications')
  expect(problems).toEqual([])
}, 300_000)
