// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkspaceDashboardsDocument } from '../../../gql/graphql.ts'
import { listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { TestSubscriptions } from '../../../testing/test-subscriptions.ts'
import { DashboardList } from './dashboard-list.tsx'

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'viewer' as const }
const dashboard = (id: string, title: string, description = '') => ({
  __typename: 'dashboards' as const,
  id,
  title,
  description,
  updated_at: '2026-01-01T00:00:00Z',
})

describe('DashboardList', () => {
  it('narrows the list to the dashboards whose title or description has every word searched', async () => {
    const live = new TestSubscriptions()
    renderScreen(<DashboardList />, { workspace, subscriptions: live })
    await waitFor(() => expect(live.variables(WorkspaceDashboardsDocument)).toHaveLength(1))
    act(() => {
      live.push(WorkspaceDashboardsDocument, {
        dashboards: [dashboard('1', 'API latency'), dashboard('2', 'Greenhouse', 'Météo of bay 3'), dashboard('3', 'Sign-ups')],
      })
    })
    const list = await screen.findByRole('list', { name: 'Dashboards' })
    expect(list.querySelectorAll('li')).toHaveLength(3)
    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'Search dashboards' }), 'meteo')
    await waitFor(() =>
      expect(screen.getAllByRole('link').map((link) => link.querySelector('.link-title')!.textContent)).toEqual(['Greenhouse']),
    )
    await user.clear(screen.getByRole('searchbox', { name: 'Search dashboards' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search dashboards' }), 'nothing like it')
    expect(await screen.findByText('No dashboard matches')).toBeTruthy()
  })
})
