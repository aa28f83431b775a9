// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MetricPointsExportDocument, MetricPointsPageDocument, type MetricPointsPageSubscriptionVariables } from '../../../gql/graphql.ts'
import { listenWithMswServer, server } from '../../../testing/msw-server.ts'
import { formatTime } from '../../../ui/format.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { TestSubscriptions } from '../../../testing/test-subscriptions.ts'
import { PointsTable } from './points-table.tsx'

listenWithMswServer()
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

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

  it('jumps to the points up to the end of a chosen day, and Newer leads back to the newest', async () => {
    const all = Array.from({ length: 60 }, (_, i) => point(i * 60)) // one an hour from 2026-01-01 00:00 UTC
    const live = new TestSubscriptions()
    renderScreen(<PointsTable metricId="m1" unit="ms" />, { workspace, subscriptions: live })
    const user = userEvent.setup()
    await servePage(live, all)
    await screen.findByRole('table', { name: 'Points, page 1' })
    await user.type(screen.getByLabelText('Up to the end of'), '2026-01-01')
    await user.click(screen.getByRole('button', { name: 'Go' }))
    const endOfDay = new Date(2026, 0, 2).toISOString()
    await servePage(live, all, endOfDay)
    await screen.findByRole('table', { name: 'Points, page 2' })
    const newestShown = all.filter((p) => p.ts < endOfDay).at(-1)!
    expect(screen.getAllByRole('row')[1]!.textContent).toContain(formatTime(newestShown.ts))
    await user.click(screen.getByRole('button', { name: 'Newer' }))
    await servePage(live, all)
    await screen.findByRole('table', { name: 'Points, page 1' })
    expect(screen.getAllByRole('row')[1]!.textContent).toContain(formatTime(all.at(-1)!.ts))
  })

  it('exports every point, page after page, as the CSV the import reads', async () => {
    const all = Array.from({ length: 25_001 }, (_, i) => ({ ts: new Date(base + i * 1000).toISOString(), value: i / 4 }))
    const asked: string[] = []
    server.use(
      graphql.query(MetricPointsExportDocument, ({ variables }) => {
        asked.push(variables.after)
        const page = all.filter((p) => p.ts > variables.after).slice(0, variables.limit)
        return HttpResponse.json({ data: { metrics_by_pk: { id: 'm1', key: 'api.latency' }, points: page } })
      }),
    )
    const saved: { name: string; text: Promise<string> }[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', text: (blob as Blob).text() })
      return 'blob:export'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.at(-1)!.name = this.download
    })
    const live = new TestSubscriptions()
    renderScreen(<PointsTable metricId="m1" unit="ms" />, { workspace, subscriptions: live })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(saved[0]?.name).toBe('api.latency.csv'))
    const lines = (await saved[0]!.text).trimEnd().split('\n')
    expect(lines[0]).toBe('ts,value')
    expect(lines).toHaveLength(25_002)
    expect(lines[1]).toBe(`${all[0]!.ts},0`)
    expect(lines.at(-1)).toBe(`${all.at(-1)!.ts},6250`)
    expect(asked).toEqual(['1970-01-01T00:00:00Z', all[9_999]!.ts, all[19_999]!.ts])
  })

  it('says so when the export fails, and downloads nothing', async () => {
    server.use(graphql.query(MetricPointsExportDocument, () => HttpResponse.json({ errors: [{ message: 'boom' }] })))
    const created = vi.spyOn(URL, 'createObjectURL')
    const live = new TestSubscriptions()
    renderScreen(<PointsTable metricId="m1" unit="ms" />, { workspace, subscriptions: live })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/export failed/)
    expect(created).not.toHaveBeenCalled()
  })
})
