// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { SilenceAlertRuleDocument, type SilenceAlertRuleMutationVariables } from '../../../gql/graphql.ts'
import { listenWithMswServer, server } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { SilenceControl } from './silence-control.tsx'

listenWithMswServer()
afterEach(cleanup)

function recordSilences() {
  const sent: SilenceAlertRuleMutationVariables[] = []
  server.use(
    graphql.mutation(SilenceAlertRuleDocument, ({ variables }) => {
      sent.push(variables)
      return HttpResponse.json({ data: { update_alert_rules_by_pk: { id: variables.id, silenced_until: variables.until ?? null } } })
    }),
  )
  return sent
}

describe('SilenceControl', () => {
  it('silences a rule until the chosen end time', async () => {
    const sent = recordSilences()
    renderScreen(<SilenceControl rule={{ id: 'r1', name: 'High', silenced_until: null }} canEdit />)
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Silence High for'), '4 hours')
    const before = Date.now()
    await user.click(screen.getByRole('button', { name: 'Silence High' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.id).toBe('r1')
    const until = Date.parse(sent[0]!.until!)
    expect(until - before).toBeGreaterThanOrEqual(4 * 3_600_000)
    expect(until - Date.now()).toBeLessThanOrEqual(4 * 3_600_000)
  })

  it('shows a silence still on and lifts it; a past end time is no silence', async () => {
    const sent = recordSilences()
    const later = new Date(Date.now() + 3_600_000).toISOString()
    const { unmount } = renderScreen(<SilenceControl rule={{ id: 'r1', name: 'High', silenced_until: later }} canEdit />)
    expect(screen.getByText(/^Silenced until/)).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsilence High' }))
    await waitFor(() => expect(sent).toEqual([{ id: 'r1', until: null }]))
    unmount()

    renderScreen(<SilenceControl rule={{ id: 'r1', name: 'High', silenced_until: '2020-01-01T00:00:00Z' }} canEdit={false} />)
    expect(screen.queryByText(/^Silenced until/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Silence High' })).toBeNull()
  })
})
