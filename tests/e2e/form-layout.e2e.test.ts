import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchChromium, recordPageProblems, screenshot, startE2eServer, type E2eServer } from './e2e-harness.ts'

/**
 * Issue 24 item 8, as a browser lays the pages out (happy-dom has no layout): the fields of a form
 * row keep their inputs in line when one of them has a hint or an error below it, and buttons,
 * the dashboard's edit controls among them, are as wide as their text.
 */
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

interface ControlBox {
  control: string
  top: number
  bottom: number
}

/** The inputs, selects and buttons of a form's first form row, where the browser put them. */
async function formRowControls(form: Locator): Promise<ControlBox[]> {
  return form.evaluate((element) =>
    [...element.querySelectorAll('.form-row')[0]!.querySelectorAll(':scope > .field :is(input, select), :scope > button')].map(
      (control) => {
        const box = control.getBoundingClientRect()
        return {
          control: control.getAttribute('name') ?? control.textContent ?? '',
          top: Math.round(box.top),
          bottom: Math.round(box.bottom),
        }
      },
    ),
  )
}

/** Every control of the row on one line: same top and bottom edges. */
async function expectInLine(form: Locator): Promise<void> {
  const controls = await formRowControls(form)
  expect(controls.length).toBeGreaterThan(1)
  const first = controls[0]!
  expect(controls).toEqual(controls.map(({ control }) => ({ control, top: first.top, bottom: first.bottom })))
}

/** The page's buttons that are wider than their text and padding: stretched by the layout around them. */
async function stretchedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button')]
      .filter((button) => {
        const width = button.getBoundingClientRect().width
        button.style.width = 'max-content'
        const natural = button.getBoundingClientRect().width
        button.style.width = ''
        return width > natural + 1
      })
      .map((button) => button.textContent ?? ''),
  )
}

async function expectNoStretchedButtons(page: Page): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 860 })
    expect({ width, stretched: await stretchedButtons(page) }).toEqual({ width, stretched: [] })
  }
  await page.setViewportSize({ width: 1280, height: 860 })
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto(`${server.backend.url}/sign-up`)
  const form = page.getByTestId('sign-up-form')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL('**/workspaces', { timeout: UI_TIMEOUT })
}

it('keeps the inputs of a form row in line when one field has a hint or an error, and buttons as wide as their text', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  const problems = recordPageProblems(page)
  try {
    await signUp(page, 'layout@example.com')
    const create = page.getByTestId('workspace-create-form')
    await create.getByLabel('Name').fill('Layout Lab')
    await create.getByRole('button', { name: 'Create workspace' }).click()
    await page.waitForURL('**/w/layout-lab', { timeout: UI_TIMEOUT })

    // Key and Unit have hints, Name between them has none.
    await page.getByRole('link', { name: 'Metrics', exact: true }).click()
    const metricForm = page.getByTestId('metric-create-form')
    await metricForm.getByLabel('Key').waitFor({ timeout: UI_TIMEOUT })
    await expectInLine(metricForm)
    await metricForm.getByLabel('Key').fill('api.latency_ms')
    await metricForm.getByLabel('Name').fill('Latency')
    await metricForm.getByRole('button', { name: 'Create metric' }).click()
    await page.getByTestId('metric-row-api.latency_ms').waitFor({ timeout: UI_TIMEOUT })

    // Sent empty, the alert rule form shows errors under two of its five fields; its button sits
    // on the controls' line.
    await page.goto(`${server.backend.url}/w/layout-lab/metrics/api.latency_ms`)
    const rules = page.getByTestId('alert-rules')
    await rules.getByRole('button', { name: 'Add rule' }).click()
    await rules.getByRole('alert').first().waitFor({ timeout: UI_TIMEOUT })
    await screenshot(page, 'form-row-errors.png')
    await expectInLine(rules)
    await expectNoStretchedButtons(page)

    // The dashboard in edit mode: its settings form, the add-panel form and each panel's controls.
    await page.getByRole('link', { name: 'Home', exact: true }).click()
    const dashboardForm = page.getByTestId('dashboard-create-form')
    await dashboardForm.getByLabel('Title').fill('Service health')
    await dashboardForm.getByRole('button', { name: 'Create dashboard' }).click()
    await page.getByRole('heading', { name: 'Service health', level: 1 }).waitFor({ timeout: UI_TIMEOUT })
    await page.getByTestId('edit-dashboard').click()
    const panelForm = page.getByTestId('add-panel-form')
    await panelForm.getByLabel('Title').fill('Latency now')
    await panelForm.getByRole('button', { name: 'Add panel' }).click()
    await page.getByRole('button', { name: 'Remove Latency now' }).waitFor({ timeout: UI_TIMEOUT })
    await screenshot(page, 'dashboard-editing.png')
    await expectNoStretchedButtons(page)
    expect(problems.filter((p) => !p.includes('favicon.ico'))).toEqual([])
  } catch (error) {
    await screenshot(page, 'form-layout-failure.png').catch(() => undefined)
    if (problems.length > 0) console.error(`e2e: problems in the page:\n  ${problems.join('\n  ')}`)
    throw error
  } finally {
    await page.close()
  }
})
