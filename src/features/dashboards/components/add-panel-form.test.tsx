// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import {
  AddPanelDocument,
  DashboardMetricOptionsDocument,
  type AddPanelMutationVariables,
  type DashboardMetricOptionsQuery,
} from '../../../gql/graphql.ts'
import { listenWithMswServer, server } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { AddPanelForm } from './add-panel-form.tsx'

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'editor' as const }
// With the __typename Apollo's cache asks for (the generated types leave it out).
const metrics = ['cpu', 'errors', 'latency'].map((key) => ({ __typename: 'metrics', id: `id-${key}`, key, name: key.toUpperCase() }))

/** The form over three metrics; resolves to the AddPanel variables it sends. */
async function openForm() {
  const sent: AddPanelMutationVariables[] = []
  server.use(
    graphql.query(DashboardMetricOptionsDocument, () => HttpResponse.json({ data: { metrics } as DashboardMetricOptionsQuery })),
    graphql.mutation(AddPanelDocument, ({ variables }) => {
      sent.push(variables)
      return HttpResponse.json({ data: { insert_panels_one: { id: 'p1' } } })
    }),
  )
  renderScreen(<AddPanelForm dashboardId="d1" nextPosition={3} full={false} />, { workspace })
  await screen.findByRole('button', { name: 'Add panel' })
  return { sent, user: userEvent.setup() }
}

describe('AddPanelForm', () => {
  it('adds a line panel with more series, in the order chosen, never repeating its first metric', async () => {
    const { sent, user } = await openForm()
    await user.click(screen.getByRole('button', { name: 'Add a series' }))
    await user.click(screen.getByRole('button', { name: 'Add a series' }))
    // Series 2 and 3 start on the metrics not yet shown; the first metric (CPU) is never offered.
    expect((screen.getByLabelText('Series 2') as HTMLSelectElement).value).toBe('id-errors')
    expect([...(screen.getByLabelText('Series 3') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['id-latency'])
    expect((screen.getByRole('button', { name: 'Add a series' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Remove series 2' }))
    await user.click(screen.getByRole('button', { name: 'Add panel' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ metricId: 'id-cpu', kind: 'line', thresholds: [], series: [{ metric_id: 'id-latency', position: 1 }] })
  })

  it('adds a stat panel with ascending thresholds, refusing them out of order before sending', async () => {
    const { sent, user } = await openForm()
    await user.selectOptions(screen.getByLabelText('Kind'), 'stat')
    expect(screen.queryByRole('button', { name: 'Add a series' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add a threshold' }))
    await user.type(screen.getByLabelText('Threshold 1 from'), '50')
    await user.click(screen.getByRole('button', { name: 'Add a threshold' }))
    await user.type(screen.getByLabelText('Threshold 2 from'), '40')
    await user.click(screen.getByRole('button', { name: 'Add panel' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Each threshold is above the one before.')
    expect(sent).toHaveLength(0)
    await user.clear(screen.getByLabelText('Threshold 2 from'))
    await user.type(screen.getByLabelText('Threshold 2 from'), '90.5')
    await user.click(screen.getByRole('button', { name: 'Add panel' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      kind: 'stat',
      series: [],
      thresholds: [
        { value: 50, colour: 'orange' },
        { value: 90.5, colour: 'red' },
      ],
    })
  })
})
