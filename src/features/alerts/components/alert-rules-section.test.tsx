// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DeleteAlertRuleDocument,
  MetricAlertRulesDocument,
  UpdateAlertRuleDocument,
  type UpdateAlertRuleMutationVariables,
} from '../../../gql/graphql.ts'
import { listenWithMswServer, server } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { storeTestSession } from '../../../testing/test-session.ts'
import { TestSubscriptions } from '../../../testing/test-subscriptions.ts'
import { AlertRulesSection } from './alert-rules-section.tsx'

listenWithMswServer()
afterEach(cleanup)

const rule = {
  __typename: 'alert_rules' as const,
  id: 'r1',
  name: 'High latency',
  comparator: 'gt',
  threshold: 10,
  window_seconds: 300,
  for_seconds: 0,
  enabled: true,
  state: 'no_data',
  last_value: null,
  silenced_until: null,
}

describe('AlertRulesSection', () => {
  it('edits a rule in the form, checks it, and saves only the changed rule', async () => {
    const updates: UpdateAlertRuleMutationVariables[] = []
    server.use(
      graphql.mutation(UpdateAlertRuleDocument, ({ variables }) => {
        updates.push(variables)
        return HttpResponse.json({ data: { update_alert_rules_by_pk: { id: variables.id } } })
      }),
    )
    storeTestSession({ id: 'u1', displayName: 'Ada', email: 'ada@example.com' })
    const live = new TestSubscriptions()
    renderScreen(<AlertRulesSection metricId="m1" unit="ms" />, {
      workspace: { id: 'w1', slug: 'acme', name: 'Acme', role: 'editor' },
      subscriptions: live,
    })
    await waitFor(() => expect(live.variables(MetricAlertRulesDocument)).toEqual([{ metricId: 'm1' }]))
    act(() => {
      live.push(MetricAlertRulesDocument, { alert_rules: [rule] })
    })
    expect(await screen.findByText('no data')).toBeTruthy()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Edit High latency' }))
    expect(screen.getByRole('form', { name: 'Edit High latency' })).toBeTruthy()
    expect(screen.getByLabelText<HTMLInputElement>('Rule name').value).toBe('High latency')
    await user.clear(screen.getByLabelText('Window (s)'))
    await user.type(screen.getByLabelText('Window (s)'), '5')
    await user.click(screen.getByRole('button', { name: 'Save rule' }))
    expect(await screen.findByText('The window is 10 to 86,400 seconds.')).toBeTruthy()
    expect(updates).toEqual([])

    await user.type(screen.getByLabelText('Window (s)'), '0')
    await user.clear(screen.getByLabelText('Threshold (ms)'))
    await user.type(screen.getByLabelText('Threshold (ms)'), '250')
    await user.click(screen.getByRole('button', { name: 'Save rule' }))
    await waitFor(() =>
      expect(updates).toEqual([
        { id: 'r1', set: { name: 'High latency', comparator: 'gt', threshold: 250, window_seconds: 50, for_seconds: 0 } },
      ]),
    )
    await waitFor(() => expect(screen.getByRole('form', { name: 'Add an alert rule' })).toBeTruthy())
  })

  it('deletes a rule only once the question is answered yes', async () => {
    const deleted: string[] = []
    server.use(
      graphql.mutation(DeleteAlertRuleDocument, ({ variables }) => {
        deleted.push(variables.id)
        return HttpResponse.json({ data: { delete_alert_rules_by_pk: { id: variables.id } } })
      }),
    )
    storeTestSession({ id: 'u1', displayName: 'Ada', email: 'ada@example.com' })
    const live = new TestSubscriptions()
    renderScreen(<AlertRulesSection metricId="m1" unit="ms" />, {
      workspace: { id: 'w1', slug: 'acme', name: 'Acme', role: 'editor' },
      subscriptions: live,
    })
    await waitFor(() => expect(live.variables(MetricAlertRulesDocument)).toEqual([{ metricId: 'm1' }]))
    act(() => {
      live.push(MetricAlertRulesDocument, { alert_rules: [rule] })
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete High latency' }))
    expect(screen.getByText('Delete High latency and its alerts?')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(deleted).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Delete High latency' }))
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }))
    await waitFor(() => expect(deleted).toEqual(['r1']))
  })
})
