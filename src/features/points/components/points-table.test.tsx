// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { MetricPointsPageDocument, type MetricPointsPageSubscriptionVariables } from '../../../gql/graphql.ts'
import { listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { TestSubscriptions } from '../../../testing/test-subscriptions.ts'
import { PointsTable } from './points-table.tsx'

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'viewer' as const }
const base = Date.parse('2026-01-01T00:00:00Z')
const point = (i: number) => ({ id: String(i), ts: new Date(base + i * 60_000).toISOString(), value: i })

/** Answers the open page subscription(s) with `before` as the server would, from `all` (oldest first). */
async function servePage(live: TestSubscriptions, all: ReturnType<typeof point>[], before?: string) {
  const isPage = (variables: MetricPointsPageSubscriptionVariables) => before === undefined || variables.before === before
  await waitFor(() => expect(live.variables(MetricPointsPageDocument).some(isPage)).toBe(true))
  for (const variables of live.variables(MetricPointsPageDocument).filter(isPage)) {
    const page = all
      .filter((p) => p.ts < variables.before)
      .reverse()
      .slice(0, variables.limit)
    act(() => {
      live.push(
        MetricPointsPageDocument,
        { points: page.map((p) => ({ __typename: 'points' as const, ...p })) },
        (v) => v.before === variables.before,
      )
    })
  }
}

describe('PointsTable', () => {
  it('pages newest first by keyset cursors, older and back newer', async () => {
    // 60 points, one a minute.
    const all = Array.from({ length: 60 }, (_, i) => point(i))
    const live = new TestSubscriptions()
    renderScreen(<PointsTable metricId="m1" unit="ms" />, { workspace, subscriptions: live })
    const user = userEvent.setup()
    await servePage(live, all)
    expect(await screen.findByRole('table', { name: 'Points, page 1' })).toBeTruthy()
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('59 ms')
    await user.click(screen.getByRole('button', { name: 'Older' }))
    await servePage(live, all, all[35]!.ts)
    await screen.findByRole('table', { name: 'Points, page 2' })
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('34 ms')
    await user.click(screen.getByRole('button', { name: 'Older' }))
    await servePage(live, all, all[10]!.ts)
    await screen.findByRole('table', { name: 'Points, page 3' })
    expect(screen.getAllByRole('row')).toHaveLength(11)
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Newer' }))
    await servePage(live, all, all[35]!.ts)
    await screen.findByRole('table', { name: 'Points, page 2' })
  })

  it('shows a point stored while the table is open, without a reload', async () => {
    const live = new TestSubscriptions()
    renderScreen(<PointsTable metricId="m1" unit="ms" />, { workspace, subscriptions: live })
    await servePage(live, [])
    await screen.findByText('No points yet')
    await servePage(live, [point(1)])
    await screen.findByRole('table', { name: 'Points, page 1' })
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('1 ms')
  })
})
