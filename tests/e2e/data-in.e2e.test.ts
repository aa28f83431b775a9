import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchChromium, recordPageProblems, screenshot, startE2eServer, type E2eServer } from './e2e-harness.ts'

/**
 * Issue 13's end-to-end scenarios in headless Chromium against the real backend and functions:
 * an owner creates an ingest key in the settings and a plain HTTP client (fetch, as curl would)
 * moves an open dashboard with it; a CSV import on the metric page shows its progress bar and
 * its rejected lines; an annotation with an image is shown and marked on the chart. Screenshots at 1280 and 360 px in tests/e2e/output/.
 */

const UI_TIMEOUT = 20_000
// A 4×4 PNG (red and white squares).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAFUlEQVR4nGP4DwQMDBCSAc4CEThlAEUZH+HOPwI5AAAAAElFTkSuQmCC',
  'base64',
)
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

it('creates an ingest key, moves an open dashboard over plain HTTP, imports a CSV with progress and rejected lines, and annotates with an image', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const problems = recordPageProblems(page)
  try {
    await page.goto(`${server.backend.url}/`)
    await page.getByRole('link', { name: 'Create an account' }).click()
    const signUp = page.getByTestId('sign-up-form')
    await signUp.getByLabel('Email').fill('ada@example.com')
    await signUp.getByLabel('Password').fill('correct-horse-9')
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

    // The key, shown once with its curl example.
    await page.getByRole('link', { name: 'Settings', exact: true }).click()
    const keys = page.getByTestId('ingest-keys')
    await keys.getByLabel('Key name').fill('greenhouse sensor')
    await keys.getByRole('button', { name: 'Create key' }).click()
    const key = (await keys.getByTestId('ingest-key-value').textContent({ timeout: UI_TIMEOUT }))!.trim()
    expect(key).toMatch(/^pb_/)
    expect(await keys.getByTestId('ingest-curl').textContent()).toContain(`Authorization: Bearer ${key}`)
    await screenshot(page, 'ingest-keys.png')
    await page.setViewportSize({ width: 360, height: 800 })
    await screenshot(page, 'ingest-keys-360px.png')
    await page.setViewportSize({ width: 1280, height: 900 })

    // An open dashboard with a stat panel, moved by a plain HTTP call with the key.
    await page.getByRole('link', { name: 'Home', exact: true }).click()
    const dashboardForm = page.getByTestId('dashboard-create-form')
    await dashboardForm.getByLabel('Title').fill('Greenhouse')
    await dashboardForm.getByRole('button', { name: 'Create dashboard' }).click()
    // exact: the workspace's own heading, "Greenhouse Lab", would match too and leave the URL at its home page.
    await page.getByRole('heading', { name: 'Greenhouse', level: 1, exact: true }).waitFor({ timeout: UI_TIMEOUT })
    const dashboardUrl = page.url()
    await page.getByTestId('edit-dashboard').click()
    const panelForm = page.getByTestId('add-panel-form')
    await panelForm.getByLabel('Metric').selectOption({ label: 'Temperature (greenhouse.temp_c)' })
    await panelForm.getByLabel('Title').fill('Temperature now')
    await panelForm.getByLabel('Kind').selectOption('stat')
    await panelForm.getByLabel('Aggregation').selectOption('last')
    await panelForm.getByLabel('Bucket').selectOption('10')
    await panelForm.getByRole('button', { name: 'Add panel' }).click()
    await page.getByTestId('edit-dashboard').click()
    const statPanel = page.getByRole('region', { name: 'Temperature now', exact: true })
    await statPanel.getByText('No data in this range').waitFor({ timeout: UI_TIMEOUT })
    const stat = statPanel.getByTestId('panel-value')
    const sent = await fetch(`${server.backend.url}/v1/functions/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ points: [{ metric: 'greenhouse.temp_c', ts: new Date().toISOString(), value: 31.75 }] }),
    })
    expect(sent.status).toBe(200)
    expect(await sent.json()).toEqual({ stored: 1, alreadyStored: 0 })
    await waitForText(stat, '31.75 °C', 10_000)
    await screenshot(page, 'ingest-dashboard.png')

    // A CSV import: 100,000 rows and three bad lines, with the progress bar while it runs.
    await page.goto(`${server.backend.url}/w/greenhouse-lab/metrics/greenhouse.temp_c`)
    const importSection = page.getByTestId('csv-import')
    const start = Date.now() - 30 * 86_400_000
    const lines = Array.from(
      { length: 100_000 },
      (_, i) => `${Math.floor(start / 1000) + i * 10},${(20 + Math.sin(i / 500) * 3).toFixed(2)}`,
    )
    lines.splice(2, 0, 'tomorrow,3', `${start},hot`)
    lines.push('1,2,3')
    await importSection
      .getByLabel('CSV file')
      .setInputFiles({ name: 'backfill.csv', mimeType: 'text/csv', buffer: Buffer.from(`ts,value\n${lines.join('\n')}\n`) })
    await importSection.getByRole('button', { name: 'Import' }).click()
    await importSection.getByTestId('import-progress').waitFor({ timeout: UI_TIMEOUT })
    await screenshot(page, 'csv-import-progress.png')
    const status = importSection.getByTestId('import-status').first()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="import-status"]')?.getAttribute('data-status') === 'succeeded',
      undefined,
      { timeout: 60_000 },
    )
    expect(await status.getByTestId('import-counts').textContent()).toContain('100,000 rows imported, 3 rejected')
    const rejected = await status.getByTestId('rejected-lines').textContent()
    expect(rejected).toContain('Line 4: ts is not ISO-8601')
    expect(rejected).toContain('Line 5: value is not a finite number')
    expect(rejected).toContain('Line 100004: expected 2 fields')
    await screenshot(page, 'csv-import.png')
    await page.setViewportSize({ width: 360, height: 800 })
    await screenshot(page, 'csv-import-360px.png')
    await page.setViewportSize({ width: 1280, height: 900 })

    // An annotation with an image: shown in the list and marked on the chart.
    const annotations = page.getByTestId('annotations')
    await annotations.getByLabel('Note').fill('Vent opened')
    await annotations.getByLabel('Attachment (optional)').setInputFiles({ name: 'vent.png', mimeType: 'image/png', buffer: PNG })
    await annotations.getByRole('button', { name: 'Add annotation' }).click()
    const image = annotations.getByTestId('annotation-image')
    await image.waitFor({ timeout: UI_TIMEOUT })
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4)
    await page.getByRole('img', { name: /Line chart of Temperature, 1 annotation: Vent opened/ }).waitFor({ timeout: UI_TIMEOUT })
    await screenshot(page, 'annotation.png')
    await page.setViewportSize({ width: 360, height: 800 })
    await screenshot(page, 'annotation-360px.png')
    await page.setViewportSize({ width: 1280, height: 900 })

    // The same annotation marked on a line panel of the dashboard.
    await page.goto(dashboardUrl)
    await page.getByTestId('edit-dashboard').click()
    await panelForm.getByLabel('Metric').selectOption({ label: 'Temperature (greenhouse.temp_c)' })
    await panelForm.getByLabel('Title').fill('Temperature trend')
    await panelForm.getByLabel('Kind').selectOption('line')
    await panelForm.getByRole('button', { name: 'Add panel' }).click()
    await page.getByTestId('edit-dashboard').click()
    await page.getByRole('img', { name: /Line chart of Temperature trend, 1 annotation: Vent opened/ }).waitFor({ timeout: UI_TIMEOUT })
    await screenshot(page, 'dashboard-annotation.png')
    expect(problems.filter((p) => !p.includes('favicon.ico'))).toEqual([])
  } catch (error) {
    await screenshot(page, 'data-in-failure.png').catch(() => undefined)
    if (problems.length > 0) console.error(`e2e: problems in the page:\n  ${problems.join('\n  ')}`)
    throw error
  } finally {
    await page.close()
  }
}, 180_000)

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
