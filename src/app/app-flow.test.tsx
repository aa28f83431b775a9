// @vitest-environment happy-dom
/**
 * The whole app (router, session, Apollo over HTTP and WebSocket) in happy-dom against the real
 * embedded backend, started as a child process: sign up, create a workspace, a metric and a
 * point, a dashboard with a stat panel; a point written by another client reaches the panel
 * live; sign out. The browser-level version of this is the Playwright e2e test.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

// uPlot needs a canvas, which happy-dom does not have.
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null }
    setData() {}
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot }
})

const ADMIN_SECRET = 'app-flow-admin-secret'
let backend: ChildProcess | undefined
let baseUrl = ''
let dataDir = ''

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-app-flow-'))
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', PULSEBOARD_DATA_DIR: dataDir, HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET }
  delete env.DATABASE_URL
  backend = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'backend/cli/backend.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  baseUrl = await new Promise<string>((resolve, reject) => {
    let out = ''
    backend!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const url = /backend on (http:\/\/[\d.]+:\d+)/.exec(out)?.[1]
      if (url) resolve(url)
    })
    backend!.once('exit', (code) => reject(new Error(`backend exited with ${code}`)))
  })
  // The app takes its service URLs from the page's origin.
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${baseUrl}/`)
  // happy-dom's fetch loses the body of these responses (Connection: close); node:http instead.
  Object.assign(globalThis, { fetch: nodeHttpFetch })
  Object.assign(window, { fetch: nodeHttpFetch })
}, 60_000)

afterAll(() => {
  backend?.kill()
  // The killed backend may still be writing its files for a moment: retry while the folder empties.
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
})

it('signs up, creates a workspace, a metric, a point and a dashboard whose stat panel follows new points live', async () => {
  const { App } = await import('./app.tsx')
  render(<App />)
  const user = userEvent.setup()
  const wait = { timeout: 10_000 }

  await user.click(await screen.findByRole('link', { name: 'Create an account' }, wait))
  const signUp = await screen.findByTestId('sign-up-form', {}, wait)
  await user.type(within(signUp).getByLabelText('Email'), 'ada@example.com')
  await user.type(within(signUp).getByLabelText('Password'), 'correct-horse-9')
  await user.click(within(signUp).getByRole('button', { name: 'Create account' }))

  const workspaceForm = await screen.findByTestId('workspace-create-form', {}, wait)
  await user.type(within(workspaceForm).getByLabelText('Name'), 'Acme Ops')
  await user.click(within(workspaceForm).getByRole('button', { name: 'Create workspace' }))
  await waitFor(() => expect(window.location.pathname).toBe('/w/acme-ops'), wait)

  await user.click(await screen.findByRole('link', { name: 'Metrics' }, wait))
  const metricForm = await screen.findByTestId('metric-create-form', {}, wait)
  await user.type(within(metricForm).getByLabelText('Key'), 'greenhouse.temp_c')
  await user.type(within(metricForm).getByLabelText('Name'), 'Temperature')
  await user.type(within(metricForm).getByLabelText('Unit'), 'C')
  await user.click(within(metricForm).getByRole('button', { name: 'Create metric' }))
  await user.click(await screen.findByRole('link', { name: 'Temperature' }, wait))

  const pointForm = await screen.findByTestId('add-point-form', {}, wait)
  await user.type(within(pointForm).getByLabelText('Value (C)'), '21.5')
  await user.click(within(pointForm).getByRole('button', { name: 'Add point' }))
  await screen.findByRole('img', { name: 'Line chart of Temperature' }, wait)

  await user.click(screen.getByRole('link', { name: 'Home' }))
  const dashboardForm = await screen.findByTestId('dashboard-create-form', {}, wait)
  await user.type(within(dashboardForm).getByLabelText('Title'), 'Greenhouse')
  await user.click(within(dashboardForm).getByRole('button', { name: 'Create dashboard' }))
  await screen.findByRole('heading', { name: 'Greenhouse' }, wait)
  await user.click(screen.getByTestId('edit-dashboard'))
  const panelForm = await screen.findByTestId('add-panel-form', {}, wait)
  await user.selectOptions(within(panelForm).getByLabelText('Kind'), 'stat')
  await user.selectOptions(within(panelForm).getByLabelText('Aggregation'), 'last')
  await user.click(within(panelForm).getByRole('button', { name: 'Add panel' }))
  await waitFor(() => expect(screen.getByTestId('panel-value').textContent).toBe('21.5 C'), wait)

  // Another client (here with the admin secret) writes a point and the panel shows it (the 2 s
  // budget is measured by the integration tests; this suite runs beside heavy ones, so 5 s here).
  const { data } = await adminGraphql<{ metrics: { id: string }[] }>('{ metrics { id } }')
  await adminGraphql(
    'mutation ($id: uuid!, $ts: timestamptz!) { insert_points_one(object: {metric_id: $id, ts: $ts, value: 30}) { metric_id } }',
    { id: data.metrics[0]!.id, ts: new Date(Date.now() + 1000).toISOString() },
  )
  await waitFor(() => expect(screen.getByTestId('panel-value').textContent).toBe('30 C'), { timeout: 5000 })

  await user.click(screen.getByRole('button', { name: 'Sign out' }))
  await screen.findByTestId('sign-in-form', {}, wait)
}, 90_000)

async function adminGraphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<{ data: T }> {
  const response = await nodeHttpFetch(`${baseUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await response.json()) as { data?: T; errors?: unknown }
  if (!body.data) throw new Error(JSON.stringify(body.errors))
  return { data: body.data }
}

async function nodeHttpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  const headers: Record<string, string> = {}
  new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined)).forEach((value, key) => {
    headers[key] = value
  })
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const responseHeaders = new Headers()
        for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(key, value)
        const status = res.statusCode ?? 0
        resolve(
          new Response([204, 205, 304].includes(status) ? null : Buffer.concat(chunks).toString('utf8'), {
            status,
            headers: responseHeaders,
          }),
        )
      })
    })
    req.on('error', reject)
    if (typeof init.body === 'string') req.write(init.body)
    req.end()
  })
}
