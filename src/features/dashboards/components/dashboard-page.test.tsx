// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  DashboardDocument,
  DashboardMetricOptionsDocument,
  DuplicateDashboardDocument,
  SavePanelLayoutDocument,
  type SavePanelLayoutMutationVariables,
} from '../../../gql/graphql.ts'
import { listenWithMswServer, server } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { TestSubscriptions } from '../../../testing/test-subscriptions.ts'
import { DashboardPage } from './dashboard-page.tsx'

// What the test watches: the page renders its range picker on every render of its own, and each
// panel's view is given the chart's right edge (`to`), which moves with the wall clock.
const seen = vi.hoisted(() => ({ pageRenders: 0, panelEdges: [] as number[] }))
vi.mock('../../../ui/range-picker.tsx', () => ({
  RangePicker: () => {
    seen.pageRenders++
    return null
  },
}))
vi.mock('../../../panels/panel-view.tsx', () => ({
  PanelView: ({ to }: { to: number }) => {
    seen.panelEdges.push(to)
    return null
  },
}))
// The series reads are live-series.ts's (tested there and against the database); not this page's.
vi.mock('../../../lib/use-live-series.ts', () => ({
  useLiveSeries: () => ({ buckets: undefined, loading: true, error: undefined }),
}))

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'editor' as const }
const dashboardId = '00000000-0000-4000-8000-000000000001'

// With the __typename fields Apollo's cache asks for (the generated types leave them out).
const dashboard = {
  dashboards_by_pk: {
    __typename: 'dashboards',
    id: dashboardId,
    title: 'Greenhouse',
    description: '',
    workspace_id: workspace.id,
    panels: [1, 2].map((n) => ({
      __typename: 'panels' as const,
      id: `00000000-0000-4000-8000-00000000010${n}`,
      title: `Panel ${n}`,
      kind: 'line',
      aggregation: 'avg',
      bucket_seconds: 60,
      position: n - 1,
      width: 2,
      height: 4,
      metric: { __typename: 'metrics' as const, id: `m${n}`, key: `metric-${n}`, name: `Metric ${n}`, unit: 'ms' },
      thresholds: [],
      series: [],
    })),
  },
}

/** Opens the dashboard page on `dashboard`, served live; resolves once its panels show. */
async function openDashboard() {
  const live = new TestSubscriptions()
  const view = renderScreen(<DashboardPage />, {
    path: '/w/:slug/dashboards/:id',
    at: `/w/acme/dashboards/${dashboardId}`,
    workspace,
    subscriptions: live,
  })
  await waitFor(() => expect(live.variables(DashboardDocument)).toEqual([{ id: dashboardId }]))
  act(() => {
    live.push(DashboardDocument, dashboard)
  })
  expect(await screen.findAllByTestId('panel')).toHaveLength(2)
  return view
}

describe('DashboardPage', () => {
  /** Edit mode with the layout saves recorded; the add-panel form lists no metrics. */
  async function editDashboard() {
    const saves: SavePanelLayoutMutationVariables[] = []
    server.use(
      graphql.query(DashboardMetricOptionsDocument, () => HttpResponse.json({ data: { metrics: [] } })),
      graphql.mutation(SavePanelLayoutDocument, ({ variables }) => {
        saves.push(variables)
        return HttpResponse.json({ data: { update_panels_many: [{ affected_rows: 1 }] } })
      }),
    )
    await openDashboard()
    const user = userEvent.setup()
    expect(screen.queryByRole('button', { name: 'Move Panel 2 earlier' })).toBeNull()
    await user.click(screen.getByTestId('edit-dashboard'))
    return { saves, user }
  }
  const [first, second] = dashboard.dashboards_by_pk.panels
  const set = (id: string, position: number, width: number, height: number) => ({
    where: { id: { _eq: id } },
    _set: { position, width, height },
  })

  it('moves a panel earlier from its keyboard buttons, saving both new positions in one request', async () => {
    const { saves, user } = await editDashboard()
    expect(((await screen.findByRole('button', { name: 'Move Panel 1 earlier' })) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Move Panel 2 earlier' }))
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]!.updates).toEqual([set(second!.id, 0, 2, 4), set(first!.id, 1, 2, 4)])
  })

  it('makes a panel taller and wider from its keyboard buttons, saving only that panel', async () => {
    const { saves, user } = await editDashboard()
    await user.click(await screen.findByRole('button', { name: 'Make Panel 1 taller' }))
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]!.updates).toEqual([set(first!.id, 0, 2, 5)])
    await user.click(screen.getByRole('button', { name: 'Make Panel 2 wider' }))
    await waitFor(() => expect(saves).toHaveLength(2))
    expect(saves[1]!.updates).toEqual([set(second!.id, 1, 3, 4)])
  })

  it('duplicates the dashboard in one mutation and opens the copy', async () => {
    const duplicated: string[] = []
    server.use(
      graphql.mutation(DuplicateDashboardDocument, ({ variables }) => {
        duplicated.push(variables.id)
        return HttpResponse.json({
          data: { duplicate_dashboard: [{ id: 'copy-1', title: 'Greenhouse (copy)' }] },
        })
      }),
    )
    const view = await openDashboard()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Duplicate' }))
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/w/acme/dashboards/copy-1'))
    expect(duplicated).toEqual([dashboardId])
  })

  it('exports the dashboard as a version-1 document with its metrics by name', async () => {
    const files: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob)
      return 'blob:export'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    try {
      await openDashboard()
      await userEvent.setup().click(screen.getByRole('button', { name: 'Export JSON' }))
      expect(files).toHaveLength(1)
      const exported = JSON.parse(await files[0]!.text()) as {
        version: number
        title: string
        panels: { metric: string; layout: unknown }[]
      }
      expect(exported.version).toBe(1)
      expect(exported.title).toBe('Greenhouse')
      expect(exported.panels.map((p) => [p.metric, p.layout])).toEqual([
        ['Metric 1', { width: 2, height: 4 }],
        ['Metric 2', { width: 2, height: 4 }],
      ])
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('moves its charts with the clock without rendering the page again', async () => {
    const live = new TestSubscriptions()
    renderScreen(<DashboardPage />, {
      path: '/w/:slug/dashboards/:id',
      at: `/w/acme/dashboards/${dashboardId}`,
      workspace,
      subscriptions: live,
    })
    await waitFor(() => expect(live.variables(DashboardDocument)).toEqual([{ id: dashboardId }]))
    act(() => {
      live.push(DashboardDocument, dashboard)
    })
    expect(await screen.findAllByTestId('panel')).toHaveLength(2)
    const pageRenders = seen.pageRenders
    const firstEdge = seen.panelEdges.at(-1)!

    // Both charts two seconds on at the least (however loaded the machine), from one tick of the clock.
    await waitFor(() => expect(seen.panelEdges.filter((to) => to >= firstEdge + 2).length).toBeGreaterThanOrEqual(2), { timeout: 15_000 })
    expect(seen.pageRenders).toBe(pageRenders)
  }, 30_000)
})
