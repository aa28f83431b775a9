// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { MetricPointsPageDocument } from '../../../gql/graphql.ts'
import { server, listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { PointsTable } from './points-table.tsx'

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'viewer' as const }
const base = Date.parse('2026-01-01T00:00:00Z')
// 60 points, one a minute; the "database" answers a keyset page as Hasura would.
const all = Array.from({ length: 60 }, (_, i) => ({ id: String(i), ts: new Date(base + i * 60_000).toISOString(), value: i }))

describe('PointsTable', () => {
  it('pages newest first by keyset cursors, older and back newer', async () => {
    const cursors: string[] = []
    server.use(
      graphql.query(MetricPointsPageDocument, ({ variables }) => {
        cursors.push(variables.before)
        const page = all
          .filter((p) => p.ts < variables.before)
          .reverse()
          .slice(0, variables.limit)
        return HttpResponse.json({ data: { points: page.map((p) => ({ __typename: 'points', ...p })) } })
      }),
    )
    renderScreen(<PointsTable metricId="m1" unit="ms" />, { workspace })
    const user = userEvent.setup()
    expect(await screen.findByRole('table', { name: 'Points, page 1' })).toBeTruthy()
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('59 ms')
    await user.click(screen.getByRole('button', { name: 'Older' }))
    await screen.findByRole('table', { name: 'Points, page 2' })
    expect(cursors.at(-1)).toBe(all[35]!.ts)
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('34 ms')
    await user.click(screen.getByRole('button', { name: 'Older' }))
    await screen.findByRole('table', { name: 'Points, page 3' })
    expect(screen.getAllByRole('row')).toHaveLength(11)
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Newer' }))
    await screen.findByRole('table', { name: 'Points, page 2' })
  })
})
