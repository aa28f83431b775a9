// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import {
  AddPanelSeriesDocument,
  DashboardMetricOptionsDocument,
  RemovePanelSeriesDocument,
  SetPanelThresholdsDocument,
  type DashboardMetricOptionsQuery,
  type PanelFieldsFragment,
} from '../../../gql/graphql.ts'
import { listenWithMswServer, server } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { PanelSettingsEditor } from './panel-settings-editor.tsx'

listenWithMswServer()
afterEach(cleanup)

const workspace = { id: 'w1', slug: 'acme', name: 'Acme', role: 'editor' as const }
const metric = (key: string) => ({ id: `id-${key}`, key, name: key.toUpperCase(), unit: '' })
// With the __typename Apollo's cache asks for (the generated types leave it out).
const options = ['cpu', 'errors', 'latency'].map((key) => ({ __typename: 'metrics', id: `id-${key}`, key, name: key.toUpperCase() }))
const panel = (kind: string, thresholds: unknown = []): PanelFieldsFragment => ({
  id: 'p1',
  title: 'API',
  kind,
  aggregation: 'avg',
  bucket_seconds: 60,
  height: 4,
  position: 0,
  width: 2,
  thresholds,
  metric: metric('cpu'),
  series: [{ id: 's1', position: 1, metric: metric('errors') }],
})

describe('PanelSettingsEditor', () => {
  it('adds one of the metrics a line panel does not show yet after its last series, and removes a series', async () => {
    const sent: { add: unknown[]; remove: unknown[] } = { add: [], remove: [] }
    server.use(
      graphql.query(DashboardMetricOptionsDocument, () => HttpResponse.json({ data: { metrics: options } as DashboardMetricOptionsQuery })),
      graphql.mutation(AddPanelSeriesDocument, ({ variables }) => {
        sent.add.push(variables)
        return HttpResponse.json({ data: { insert_panel_metrics_one: { id: 's2' } } })
      }),
      graphql.mutation(RemovePanelSeriesDocument, ({ variables }) => {
        sent.remove.push(variables)
        return HttpResponse.json({ data: { delete_panel_metrics_by_pk: { id: 's1' } } })
      }),
    )
    renderScreen(<PanelSettingsEditor panel={panel('line')} />, { workspace })
    const user = userEvent.setup()
    await user.click(screen.getByText('Series (2 of 5)'))
    const select = (await screen.findByLabelText('Another series for API')) as HTMLSelectElement
    expect([...select.options].map((o) => o.value)).toEqual(['id-latency'])
    await user.click(screen.getByRole('button', { name: 'Add series' }))
    await waitFor(() => expect(sent.add).toEqual([{ panelId: 'p1', metricId: 'id-latency', position: 2 }]))
    await user.click(screen.getByRole('button', { name: 'Remove ERRORS from API' }))
    await waitFor(() => expect(sent.remove).toEqual([{ id: 's1' }]))
  })

  it("edits and saves a stat panel's thresholds", async () => {
    const saved: unknown[] = []
    server.use(
      graphql.mutation(SetPanelThresholdsDocument, ({ variables }) => {
        saved.push(variables)
        return HttpResponse.json({ data: { update_panels_by_pk: { id: 'p1', thresholds: variables.thresholds } } })
      }),
    )
    renderScreen(<PanelSettingsEditor panel={panel('stat', [{ value: 80, colour: 'red' }])} />, { workspace })
    const user = userEvent.setup()
    await user.click(screen.getByText('Thresholds (1)'))
    expect((screen.getByLabelText('Threshold 1 from') as HTMLInputElement).value).toBe('80')
    await user.selectOptions(screen.getByLabelText('Threshold 1 colour'), 'purple')
    await user.click(screen.getByRole('button', { name: 'Add a threshold' }))
    await user.type(screen.getByLabelText('Threshold 2 from'), '95')
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }))
    await waitFor(() =>
      expect(saved).toEqual([
        {
          id: 'p1',
          thresholds: [
            { value: 80, colour: 'purple' },
            { value: 95, colour: 'red' },
          ],
        },
      ]),
    )
  })
})
