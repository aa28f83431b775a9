// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { DashboardMetricOptionsDocument, ImportDashboardDocument, type ImportDashboardMutationVariables } from '../../../gql/graphql.ts'
import { listenWithMswServer, server } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { ImportDashboardForm } from './import-dashboard-form.tsx'

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'editor' as const }
const panel = { title: 'Load', metric: 'CPU load', kind: 'line', aggregation: 'avg', bucketSeconds: 60, layout: { width: 2, height: 4 } }
const document = { version: 1, title: 'Imported', description: '', panels: [panel] }

/** The form, the workspace's metric "CPU load" and the imports sent; `refuse` answers the import with that message. */
function openForm(refuse?: string) {
  const sent: ImportDashboardMutationVariables[] = []
  server.use(
    graphql.query(DashboardMetricOptionsDocument, () =>
      HttpResponse.json({ data: { metrics: [{ id: 'm1', key: 'cpu.load', name: 'CPU load' }] } }),
    ),
    graphql.mutation(ImportDashboardDocument, ({ variables }) => {
      sent.push(variables)
      if (refuse) return HttpResponse.json({ errors: [{ message: refuse, extensions: { code: 'permission-error', path: '$' } }] })
      return HttpResponse.json({ data: { import_dashboard: [{ id: 'd9', title: 'Imported' }] } })
    }),
  )
  const view = renderScreen(<ImportDashboardForm />, { workspace })
  return { sent, view, user: userEvent.setup() }
}

async function importFile(user: ReturnType<typeof userEvent.setup>, content: unknown) {
  const file = new File([typeof content === 'string' ? content : JSON.stringify(content)], 'board.dashboard.json', {
    type: 'application/json',
  })
  await user.upload(screen.getByLabelText('Dashboard file'), file)
  await user.click(screen.getByRole('button', { name: 'Import dashboard' }))
}

describe('ImportDashboardForm', () => {
  it('lists each wrong field by its path and sends nothing', async () => {
    const { sent, user } = openForm()
    await importFile(user, { ...document, panels: [panel, { ...panel, metric: 'cpu', layout: { width: 9, height: 4 } }] })
    const issues = await screen.findByTestId('import-issues')
    expect([...issues.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'panels[1].metric: no metric named "cpu" in this workspace',
      'panels[1].layout.width: a whole number from 1 to 4',
    ])
    expect(sent).toEqual([])
  })

  it('sends a valid file as one import and opens the new dashboard', async () => {
    const { sent, view, user } = openForm()
    await importFile(user, document)
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/w/acme/dashboards/d9'))
    // Sent as read: the optional fields filled in.
    expect(sent).toEqual([
      { workspaceId: 'w1', document: { ...document, panels: document.panels.map((p) => ({ ...p, series: [], thresholds: [] })) } },
    ])
  })

  it('shows the field the server names when it refuses the file', async () => {
    const { user } = openForm(
      'Check constraint violation. violates check constraint "dashboard_import_valid": panels[0].metric: several metrics are named "CPU load" in this workspace',
    )
    await importFile(user, document)
    const issues = await screen.findByTestId('import-issues')
    expect(issues.querySelector('li')!.textContent).toBe('panels[0].metric: several metrics are named "CPU load" in this workspace')
  })

  it('asks for a file before reading anything', async () => {
    const { sent, user } = openForm()
    await user.click(screen.getByRole('button', { name: 'Import dashboard' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a dashboard JSON file.')
    expect(sent).toEqual([])
  })
})
