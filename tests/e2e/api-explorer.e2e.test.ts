import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createClient } from '@nhost/nhost-js'
import { MemoryStorage } from '@nhost/nhost-js/session'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchChromium, recordPageProblems, screenshot, startE2eServer, type E2eServer } from './e2e-harness.ts'

/**
 * Issue 27's API explorer in headless Chromium against the real backend and production build: a
 * user signs up, makes a workspace, opens /developers from the navigation, types a query and a
 * subscription into GraphiQL and sees their own workspace; opens an example of the app's own
 * operations; and the curl snippet, run by a shell with a personal access token, returns the same
 * data. Screenshots at 1280 and 360 px in tests/e2e/output/.
 */
const EMAIL = 'dev@example.com'
const PASSWORD = 'correct-horse-9'
const UI_TIMEOUT = 30_000
// GraphiQL's editor is Monaco (2.7 MB of JavaScript and three workers): on a loaded 2-core
// machine Chromium takes tens of seconds to parse and start it.
const EDITOR_TIMEOUT = 150_000

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

/** A region's visible text; Monaco renders spaces as no-break spaces. */
async function textOf(locator: Locator): Promise<string> {
  return (await locator.innerText()).replaceAll('\u00a0', ' ')
}

/** Replaces the operation editor's text (Monaco): typed as one insertion, so no auto-closed brackets. */
async function setOperation(page: Page, text: string): Promise<void> {
  await page.locator('.graphiql-query-editor .monaco-editor').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

async function runAndReadResponse(page: Page, expected: string): Promise<string> {
  await page.getByRole('button', { name: /^Execute query/ }).click()
  const response = page.locator('.graphiql-response')
  await expect.poll(() => textOf(response), { timeout: UI_TIMEOUT }).toContain(expected)
  return textOf(response)
}

it('runs a typed query and subscription as the signed-in user, opens an example, and its curl snippet works with a token', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const problems = recordPageProblems(page)
  try {
    await page.goto(`${server.backend.url}/sign-up`)
    const signUp = page.getByTestId('sign-up-form')
    await signUp.getByLabel('Email').fill(EMAIL)
    await signUp.getByLabel('Password').fill(PASSWORD)
    await signUp.getByRole('button', { name: 'Create account' }).click()
    const workspaceForm = page.getByTestId('workspace-create-form')
    await workspaceForm.getByLabel('Name').fill('Explorer Lab')
    await workspaceForm.getByRole('button', { name: 'Create workspace' }).click()
    await page.waitForURL('**/w/explorer-lab', { timeout: UI_TIMEOUT })

    // From the navigation; the schema the user role sees loads by introspection, as that user.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'API' }).click()
    await page.waitForURL('**/developers', { timeout: UI_TIMEOUT })
    await page.locator('.graphiql-query-editor .monaco-editor').waitFor({ timeout: EDITOR_TIMEOUT })
    await expect
      .poll(() => page.getByTestId('api-explorer').innerText(), { timeout: UI_TIMEOUT })
      .toContain(`Signed in as ${EMAIL} (role user)`)

    await setOperation(page, 'query Mine { workspaces { name slug members { role } } }')
    const response = await runAndReadResponse(page, 'Explorer Lab')
    expect(response).toContain('"slug": "explorer-lab"')
    expect(response).toContain('"role": "owner"')

    // The docs are the user role's schema: its root query type lists the tables that role reads.
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click()
    await page.locator('.graphiql-doc-explorer').getByText('query_root').first().click({ timeout: UI_TIMEOUT })
    await expect.poll(() => textOf(page.locator('.graphiql-doc-explorer')), { timeout: UI_TIMEOUT }).toContain('workspaces')
    await screenshot(page, 'api-explorer-docs.png')

    // A subscription runs over graphql-ws with the session's token.
    await setOperation(page, 'subscription Live { workspaces { name } }')
    await runAndReadResponse(page, 'Explorer Lab')
    await page.getByRole('button', { name: /^Stop query/ }).click()

    // An operation of the app's own, from the Examples pane, in a new tab.
    await page.getByRole('button', { name: 'Show Examples' }).click()
    await page
      .getByRole('region', { name: 'workspaces operations' })
      .getByRole('button', { name: /^MyWorkspaces/ })
      .click()
    await expect.poll(() => textOf(page.locator('.graphiql-query-editor')), { timeout: UI_TIMEOUT }).toContain('query MyWorkspaces')
    await runAndReadResponse(page, 'Explorer Lab')

    // The curl snippet of the operation in the editor, run by a shell with a personal access token.
    await page.getByRole('group', { name: 'Snippet language' }).getByRole('button', { name: 'curl', exact: true }).click()
    const curl = (await page.getByTestId('snippet').innerText()).trim()
    expect(curl).toContain('query MyWorkspaces')
    const nhost = createClient({
      authUrl: `${server.backend.url}/auth/v1`,
      graphqlUrl: `${server.backend.url}/graphql/v1`,
      storageUrl: `${server.backend.url}/storage/v1`,
      functionsUrl: `${server.backend.url}/functions/v1`,
      storage: new MemoryStorage(),
    })
    await nhost.auth.signInEmailPassword({ email: EMAIL, password: PASSWORD })
    const { body: pat } = await nhost.auth.createPAT({ expiresAt: new Date(Date.now() + 86_400_000).toISOString() })
    // Asynchronously: the backend answering curl runs in this process.
    const { stdout: output } = await promisify(execFile)('bash', ['-c', curl], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PULSEBOARD_PAT: pat.personalAccessToken },
    })
    expect(JSON.parse(output)).toEqual({ data: { workspaces: [expect.objectContaining({ name: 'Explorer Lab', slug: 'explorer-lab' })] } })

    await page.getByRole('button', { name: 'Ingest API (curl)' }).click()
    await expect.poll(() => textOf(page.getByTestId('snippet')), { timeout: UI_TIMEOUT }).toContain('/functions/v1/ingest')

    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshot(page, 'api-explorer.png')
    await page.setViewportSize({ width: 360, height: 800 })
    await screenshot(page, 'api-explorer-360px.png')
    expect(problems.filter((problem) => !problem.includes('favicon'))).toEqual([])
  } catch (error) {
    console.error(problems.join('\n'))
    throw error
  } finally {
    await page.close()
  }
}, 600_000)
