import { createClient } from '@nhost/nhost-js'
import { MemoryStorage } from '@nhost/nhost-js/session'
import { print } from 'graphql'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  AddPointDocument,
  CreateMetricDocument,
  type AddPointMutation,
  type AddPointMutationVariables,
  type CreateMetricMutation,
  type CreateMetricMutationVariables,
} from '../../src/gql/graphql.ts'
import { toLocalInput } from '../../src/lib/custom-range.ts'
import { launchChromium, recordPageProblems, screenshot, startE2eServer, type E2eServer } from './e2e-harness.ts'

/**
 * Issue 7's end-to-end scenario in a real headless Chromium against the real backend serving the
 * production build: sign up, create a workspace, a metric and a dashboard with a stat and a line
 * panel; a point written from outside the browser (a script signed in as the same user through
 * nhost-js, sending a GraphQL mutation over HTTP) changes the panel live, past the stat panel's
 * threshold; in edit mode the line panel gets a second metric, drawn with a legend; a drag across
 * the line chart zooms to the span it selects. The run leaves screenshots of the live and the
 * zoomed dashboard in tests/e2e/output/ (1280 and 360 px wide).
 */

const EMAIL = 'ada@example.com'
const PASSWORD = 'correct-horse-9'
const UI_TIMEOUT = 20_000

let server: E2eServer
let browser: Browser

beforeAll(async () => {
  server = await startE2eServer()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

it('signs up, builds a dashboard and sees a point written by another client arrive', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  const problems = recordPageProblems(page)
  try {
    await page.goto(`${server.backend.url}/`)
    await page.getByRole('link', { name: 'Create an account' }).click()
    const signUp = page.getByTestId('sign-up-form')
    await signUp.getByLabel('Email').fill(EMAIL)
    await signUp.getByLabel('Password').fill(PASSWORD)
    await signUp.getByRole('button', { name: 'Create account' }).click()

    const workspaceForm = page.getByTestId('workspace-create-form')
    await workspaceForm.getByLabel('Name').fill('Greenhouse Lab')
    await workspaceForm.getByRole('button', { name: 'Create workspace' }).click()
    await page.waitForURL('**/w/greenhouse-lab', { timeout: UI_TIMEOUT })

    await page.getByRole('link', { name: 'Metrics', exact: true }).click()
    const metricForm = page.getByTestId('metric-create-form')
    await metricForm.getByLabel('Key').fill('greenhouse.temp_c')
    await metricForm.getByLabel('Name').fill('Temperature')
    await metricForm.getByLabel('Unit').fill('°C')
    await metricForm.getByRole('button', { name: 'Create metric' }).click()
    await page.getByTestId('metric-row-greenhouse.temp_c').waitFor({ timeout: UI_TIMEOUT })

    // A short history, from outside the browser, so that the line panel has a shape. It ends
    // 90 s ago, so the line panel's 60-second bucket of the new point averages that point alone.
    const writer = await signedInWriter()
    const started = Date.now()
    for (let i = 14; i >= 3; i--) await writer.addPoint(new Date(started - i * 30_000), 20 + Math.sin(i / 2) * 1.5)

    await page.getByRole('link', { name: 'Home', exact: true }).click()
    const dashboardForm = page.getByTestId('dashboard-create-form')
    await dashboardForm.getByLabel('Title').fill('Greenhouse')
    await dashboardForm.getByRole('button', { name: 'Create dashboard' }).click()
    await page.getByRole('heading', { name: 'Greenhouse', level: 1 }).waitFor({ timeout: UI_TIMEOUT })
    await page.getByTestId('edit-dashboard').click()
    await addPanel(page, { title: 'Temperature now', kind: 'stat', aggregation: 'last', bucket: '10', width: '1', threshold: '25' })
    await addPanel(page, { title: 'Temperature', kind: 'line', aggregation: 'avg', bucket: '60', width: '3' })
    await page.getByTestId('edit-dashboard').click()

    const stat = panel(page, 'Temperature now').getByTestId('panel-value')
    const line = panel(page, 'Temperature')
    await waitForText(stat, '°C')
    await line.locator('canvas').first().waitFor({ timeout: UI_TIMEOUT })

    // The point from outside: no reload, no click; the subscription brings it.
    const before = await stat.textContent()
    const writtenAt = Date.now()
    await writer.addPoint(new Date(writtenAt), 27.25)
    // Issue 7 budgets two seconds (measured by the integration tests); a loaded CI machine gets ten.
    await waitForText(stat, '27.25 °C', 10_000)
    const seenAfterMs = Date.now() - writtenAt
    console.log(`e2e: the stat panel showed the point written outside the browser ${seenAfterMs} ms after the mutation (was "${before}")`)
    await waitForText(line.getByTestId('panel-value'), '27.25 °C')
    // 27.25 °C is past the stat's threshold of 25: red, and said in words.
    await waitForText(panel(page, 'Temperature now').getByTestId('panel-threshold'), 'At or above 25 °C (red)')
    expect(await stat.getAttribute('data-threshold')).toBe('red')

    // A second metric, from the same script, drawn on the line panel with a legend.
    await writer.addPoint(new Date(writtenAt), 61.5, await writer.createMetric('greenhouse.humidity', 'Humidity'))
    await page.getByTestId('edit-dashboard').click()
    await line.getByText('Series (1 of 5)').click()
    await line.getByLabel('Another series for Temperature').selectOption({ label: 'Humidity (greenhouse.humidity)' })
    await line.getByRole('button', { name: 'Add series' }).click()
    // Listed once saved and read back; leaving edit mode earlier would cut the form's reads short.
    await line.getByRole('button', { name: 'Remove Humidity from Temperature' }).waitFor({ timeout: UI_TIMEOUT })
    await page.getByTestId('edit-dashboard').click()
    const legend = line.getByRole('list', { name: 'Legend' })
    await waitForText(legend, 'Humidity61.5')
    await waitForText(legend, 'Temperature27.25 °C')

    const path = await screenshot(page, 'live-dashboard.png')
    console.log(`e2e: screenshot of the live dashboard at ${path}`)

    // The grid in edit mode: side by side (1 + 3 columns); dragging the line panel's corner down
    // makes it taller, saved and shown again from the subscription; its Taller button does as much.
    await page.getByTestId('edit-dashboard').click()
    const [statBox, lineBox] = [(await panel(page, 'Temperature now').boundingBox())!, (await line.boundingBox())!]
    expect(Math.abs(statBox.y - lineBox.y)).toBeLessThan(2)
    expect(lineBox.x).toBeGreaterThan(statBox.x + statBox.width)
    const handle = page.locator('.react-grid-item', { has: line }).locator('.react-resizable-handle')
    const corner = (await handle.boundingBox())!
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2)
    await page.mouse.down()
    await page.mouse.move(corner.x + corner.width / 2, corner.y + 160, { steps: 8 })
    await page.mouse.up()
    await expect.poll(async () => (await line.boundingBox())!.height, { timeout: UI_TIMEOUT }).toBeGreaterThan(lineBox.height + 100)
    const dragged = (await line.boundingBox())!.height
    await page.getByRole('button', { name: 'Make Temperature taller' }).click()
    await expect.poll(async () => (await line.boundingBox())!.height, { timeout: UI_TIMEOUT }).toBeGreaterThan(dragged + 40)
    await screenshot(page, 'dashboard-grid-editing.png')
    await page.getByTestId('edit-dashboard').click()

    // A load lays the grid out once, at the page's width: no cell animates into its place (24
    // cells doing so re-laid out the page every frame of a cold load).
    await page.addInitScript(() => {
      const moved: string[] = []
      Object.assign(window, { gridCellsMoved: moved })
      const record = (event: Event) => {
        if ((event.target as Element).classList.contains('react-grid-item')) moved.push((event as TransitionEvent).propertyName)
      }
      document.addEventListener('transitionrun', record, true)
    })
    await page.reload()
    await waitForText(stat, '27.25 °C')
    await line.locator('canvas').first().waitFor({ timeout: UI_TIMEOUT })
    expect(await page.evaluate(() => (window as unknown as { gridCellsMoved: string[] }).gridCellsMoved)).toEqual([])

    // A phone: one column, the panels in their order.
    await page.setViewportSize({ width: 360, height: 800 })
    await page.reload()
    await expect
      .poll(
        async () => {
          const [a, b] = [(await panel(page, 'Temperature now').boundingBox())!, (await line.boundingBox())!]
          return Math.abs(a.x - b.x) < 2 && b.y >= a.y + a.height
        },
        { timeout: UI_TIMEOUT },
      )
      .toBe(true)
    await waitForText(stat, '27.25 °C')
    await screenshot(page, 'live-dashboard-360px.png')

    // Drag-to-zoom: a drag across the last fifth of the line chart's hour makes that span the
    // page's absolute range, kept in the URL beside the preset that Back to live returns to.
    await page.setViewportSize({ width: 1280, height: 860 })
    // The grid lays the panels out again for the wider page (with a CSS transition): drag once it is still.
    await settled(line)
    await dragAcross(page, line, 0.8, 0.99)
    await page.waitForURL(/[?&]from=/, { timeout: UI_TIMEOUT })
    const zoomed = new URL(page.url()).searchParams
    const spanMinutes = (Date.parse(zoomed.get('to')!) - Date.parse(zoomed.get('from')!)) / 60_000
    expect(spanMinutes).toBeGreaterThan(9)
    expect(spanMinutes).toBeLessThan(14)
    expect(zoomed.get('range')).toBe('1h')
    await line.locator('canvas').first().waitFor({ timeout: UI_TIMEOUT })
    await waitForText(legend, '°C')
    await screenshot(page, 'zoomed-dashboard.png')
    await page.setViewportSize({ width: 360, height: 800 })
    await screenshot(page, 'zoomed-dashboard-360px.png')
    await page.getByRole('button', { name: 'Back to live (1 hour)' }).click()
    await page.waitForURL((url) => !url.searchParams.has('from'), { timeout: UI_TIMEOUT })

    // The same by keyboard: a custom range typed in the user's time zone (the browser's is this process's).
    const minute = Math.floor(Date.now() / 60_000) * 60
    await page.getByRole('button', { name: 'Custom' }).click()
    await page.getByLabel('From', { exact: true }).fill(toLocalInput(minute - 30 * 60))
    await page.getByLabel('To', { exact: true }).fill(toLocalInput(minute + 60))
    await screenshot(page, 'custom-range-360px.png')
    await page.getByLabel('To', { exact: true }).press('Enter')
    await page.waitForURL(/[?&]from=/, { timeout: UI_TIMEOUT })
    const custom = new URL(page.url()).searchParams
    expect([custom.get('from'), custom.get('to')]).toEqual([
      new Date((minute - 30 * 60) * 1000).toISOString(),
      new Date((minute + 60) * 1000).toISOString(),
    ])
    await waitForText(legend, 'Temperature27.25 °C')

    // Export JSON, then Import on the workspace home: the new dashboard has the same panels, the
    // line panel's second series and the stat panel's threshold with them.
    await page.setViewportSize({ width: 1280, height: 860 })
    const exportedFrom = new URL(page.url()).pathname
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export JSON' }).click()
    const file = await (await download).path()
    await page.goto(`${server.backend.url}/w/greenhouse-lab`)
    const importForm = page.getByTestId('dashboard-import-form')
    await importForm.getByLabel('Dashboard file').setInputFiles(file)
    await importForm.getByRole('button', { name: 'Import dashboard' }).click()
    await page.waitForURL((url) => url.pathname.includes('/dashboards/') && url.pathname !== exportedFrom, { timeout: UI_TIMEOUT })
    await waitForText(panel(page, 'Temperature').getByRole('list', { name: 'Legend' }), 'Humidity61.5')
    await waitForText(panel(page, 'Temperature now').getByTestId('panel-threshold'), 'At or above 25 °C (red)')
    await screenshot(page, 'imported-dashboard.png')

    // A file that does not fit: every wrong field by its path.
    await page.goto(`${server.backend.url}/w/greenhouse-lab`)
    const broken = { version: 1, title: 'Broken', panels: [{ metric: 'cpu', kind: 'pie', aggregation: 'avg', bucketSeconds: 60 }] }
    await importForm
      .getByLabel('Dashboard file')
      .setInputFiles({ name: 'broken.dashboard.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) })
    await importForm.getByRole('button', { name: 'Import dashboard' }).click()
    await waitForText(importForm.getByTestId('import-issues'), 'panels[0].metric: no metric named "cpu" in this workspace')
    await screenshot(page, 'import-dashboard-errors.png')
    await page.setViewportSize({ width: 360, height: 800 })
    await screenshot(page, 'import-dashboard-errors-360px.png')
    expect(problems.filter((p) => !isExpectedNoise(p))).toEqual([])
  } catch (error) {
    await screenshot(page, 'failure.png').catch(() => undefined)
    if (problems.length > 0) console.error(`e2e: problems in the page:\n  ${problems.join('\n  ')}`)
    throw error
  } finally {
    await page.close()
  }
})

/** A third-party client of the public API: the same user, signed in with nhost-js in Node. */
async function signedInWriter() {
  const url = server.backend.url
  const nhost = createClient({
    authUrl: `${url}/v1/auth`,
    graphqlUrl: `${url}/v1/graphql`,
    storageUrl: `${url}/v1/storage`,
    functionsUrl: `${url}/v1/functions`,
    storage: new MemoryStorage(),
  })
  await nhost.auth.signInEmailPassword({ email: EMAIL, password: PASSWORD })
  const { body } = await nhost.graphql.request<{ metrics: { id: string }[] }>({
    query: 'query E2eMetric($key: String!) { metrics(where: { key: { _eq: $key } }) { id } }',
    variables: { key: 'greenhouse.temp_c' },
  })
  const metricId = body.data!.metrics[0]!.id
  const { body: workspaces } = await nhost.graphql.request<{ workspaces: { id: string }[] }>({
    query: 'query E2eWorkspace { workspaces { id } }',
  })
  return {
    async addPoint(ts: Date, value: number, metric = metricId): Promise<void> {
      await nhost.graphql.request<AddPointMutation, AddPointMutationVariables>({
        query: print(AddPointDocument),
        operationName: 'AddPoint',
        variables: { metricId: metric, ts: ts.toISOString(), value },
      })
    },
    /** A metric of the user's workspace; its id. */
    async createMetric(key: string, name: string): Promise<string> {
      const { body: created } = await nhost.graphql.request<CreateMetricMutation, CreateMetricMutationVariables>({
        query: print(CreateMetricDocument),
        operationName: 'CreateMetric',
        variables: { workspaceId: workspaces.data!.workspaces[0]!.id, key, name, unit: '', description: '' },
      })
      return created.data!.insert_metrics_one!.id
    },
  }
}

/** Once the element's box stays the same for 300 ms: a layout change and its transition are over. */
async function settled(element: Locator): Promise<void> {
  let last = ''
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await element.boundingBox())
        const same = box === last
        last = box
        return same
      },
      { timeout: UI_TIMEOUT, interval: 300 },
    )
    .toBe(true)
}

/** Drags the mouse across a panel's chart, from and to fractions of its plotting area's width. */
async function dragAcross(page: Page, panel: Locator, from: number, to: number): Promise<void> {
  const plot = await panel.locator('.u-over').boundingBox()
  if (!plot) throw new Error('the chart has no plotting area on screen')
  const y = plot.y + plot.height / 2
  await page.mouse.move(plot.x + plot.width * from, y)
  await page.mouse.down()
  await page.mouse.move(plot.x + plot.width * to, y, { steps: 8 })
  await page.mouse.up()
}

function panel(page: Page, title: string): Locator {
  return page.getByTestId('panel').and(page.getByRole('region', { name: title, exact: true }))
}

async function addPanel(
  page: Page,
  panel: { title: string; kind: string; aggregation: string; bucket: string; width: string; threshold?: string },
): Promise<void> {
  const form = page.getByTestId('add-panel-form')
  await form.getByLabel('Metric').selectOption({ label: 'Temperature (greenhouse.temp_c)' })
  await form.getByLabel('Title').fill(panel.title)
  await form.getByLabel('Kind').selectOption(panel.kind)
  await form.getByLabel('Aggregation').selectOption(panel.aggregation)
  await form.getByLabel('Bucket').selectOption(panel.bucket)
  await form.getByLabel('Width').selectOption(panel.width)
  if (panel.threshold) {
    await form.getByRole('button', { name: 'Add a threshold' }).click()
    await form.getByLabel('Threshold 1 from').fill(panel.threshold)
    await form.getByLabel('Threshold 1 colour').selectOption('red')
  }
  await form.getByRole('button', { name: 'Add panel' }).click()
  await page.getByRole('region', { name: panel.title, exact: true }).waitFor({ timeout: UI_TIMEOUT })
}

async function waitForText(locator: Locator, text: string, timeout = UI_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeout
  let last: string | null = null
  while (Date.now() < deadline) {
    last = await locator.textContent({ timeout: Math.max(1, deadline - Date.now()) }).catch(() => null)
    if (last?.includes(text)) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`expected "${text}" within ${timeout} ms, last saw ${JSON.stringify(last)}`)
}

/** Chromium's own complaint about a missing favicon is not the app's. */
function isExpectedNoise(problem: string): boolean {
  return problem.includes('favicon.ico')
}
