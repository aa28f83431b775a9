// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkspaceDashboardsDocument } from '../../../gql/graphql.ts'
import { listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { TestSubscriptions } from '../../../testing/test-subscriptions.ts'
import { KioskCycle } from './kiosk-cycle.tsx'

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'viewer' as const }
const dashboard = (id: string, title: string) => ({
  __typename: 'dashboards' as const,
  id,
  title,
  description: '',
  updated_at: '2026-01-01T00:00:00Z',
})

function renderCycle(live: TestSubscriptions, at: string) {
  return renderScreen(<KioskCycle dashboardId="b" seconds={0.05} />, {
    path: '/w/acme/dashboards/b',
    at,
    workspace,
    subscriptions: live,
  })
}

describe('KioskCycle', () => {
  it('moves on to the next dashboard by title, keeping the URL options', async () => {
    const live = new TestSubscriptions()
    const { router } = renderCycle(live, '/w/acme/dashboards/b?kiosk=30&range=7d')
    await waitFor(() => expect(live.variables(WorkspaceDashboardsDocument)).toHaveLength(1))
    act(() => {
      // Listed newest first, as the subscription orders them; the cycle goes by title.
      live.push(WorkspaceDashboardsDocument, { dashboards: [dashboard('a', 'Zebra'), dashboard('c', 'Apples'), dashboard('b', 'Bananas')] })
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/acme/dashboards/a'))
    expect(router.state.location.search).toBe('?kiosk=30&range=7d')
  })

  it('stays on the only dashboard, and Escape leaves kiosk mode keeping the other options', async () => {
    const live = new TestSubscriptions()
    const { router } = renderCycle(live, '/w/acme/dashboards/b?kiosk&range=7d')
    await waitFor(() => expect(live.variables(WorkspaceDashboardsDocument)).toHaveLength(1))
    act(() => {
      live.push(WorkspaceDashboardsDocument, { dashboards: [dashboard('b', 'Bananas')] })
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(router.state.location.pathname).toBe('/w/acme/dashboards/b')
    expect(screen.getByRole('link', { name: 'Exit kiosk mode' }).getAttribute('href')).toBe('/w/acme/dashboards/b?range=7d')
    await userEvent.setup().keyboard('{Escape}')
    await waitFor(() => expect(router.state.location.search).toBe('?range=7d'))
  })
})
