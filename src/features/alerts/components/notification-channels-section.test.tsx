// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import {
  CreateNotificationChannelDocument,
  NotificationChannelsDocument,
  type CreateNotificationChannelMutationVariables,
} from '../../../gql/graphql.ts'
import { listenWithMswServer, server } from '../../../testing/msw-server.ts'
import { renderScreen } from '../../../testing/test-app.tsx'
import { storeTestSession } from '../../../testing/test-session.ts'
import { TestSubscriptions } from '../../../testing/test-subscriptions.ts'
import { NotificationChannelsSection } from './notification-channels-section.tsx'

listenWithMswServer()
afterEach(cleanup)

const channel = {
  __typename: 'notification_channels' as const,
  id: 'c1',
  name: 'On call',
  kind: 'email',
  recipients: 'oncall@example.com',
  url: null,
  enabled: true,
}

/** The section for a member of Acme with `role`, its channels pushed, and every create the server receives. */
async function renderChannels(role: 'owner' | 'editor', answer?: () => Response) {
  const created: CreateNotificationChannelMutationVariables[] = []
  server.use(
    graphql.mutation(CreateNotificationChannelDocument, ({ variables }) => {
      created.push(variables)
      return answer?.() ?? HttpResponse.json({ data: { insert_notification_channels_one: { id: 'c2' } } })
    }),
  )
  storeTestSession({ id: 'u1', displayName: 'Ada', email: 'ada@example.com' })
  const live = new TestSubscriptions()
  renderScreen(<NotificationChannelsSection />, { workspace: { id: 'w1', slug: 'acme', name: 'Acme', role }, subscriptions: live })
  await waitFor(() => expect(live.variables(NotificationChannelsDocument)).toEqual([{ workspaceId: 'w1' }]))
  act(() => {
    live.push(NotificationChannelsDocument, { notification_channels: [channel] })
  })
  await screen.findByText('oncall@example.com')
  return { created, user: userEvent.setup() }
}

describe('NotificationChannelsSection', () => {
  it('adds a webhook, checking the URL before sending', async () => {
    const { created, user } = await renderChannels('editor')
    await user.type(screen.getByLabelText('Channel name'), 'Slack #ops')
    await user.type(screen.getByLabelText('Webhook URL'), 'ftp://hooks.example.com/x')
    await user.click(screen.getByRole('button', { name: 'Add channel' }))
    expect(await screen.findByText('Enter an http:// or https:// URL of at most 2,000 characters.')).toBeTruthy()
    expect(created).toEqual([])

    await user.clear(screen.getByLabelText('Webhook URL'))
    await user.type(screen.getByLabelText('Webhook URL'), ' https://hooks.slack.com/services/T/B/x ')
    await user.click(screen.getByRole('button', { name: 'Add channel' }))
    await waitFor(() =>
      expect(created).toEqual([
        { channel: { workspace_id: 'w1', name: 'Slack #ops', kind: 'webhook', url: 'https://hooks.slack.com/services/T/B/x' } },
      ]),
    )
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Channel name').value).toBe(''))
  })

  it('adds an email list, normalised, and shows the database refusal on the addresses field', async () => {
    const { created, user } = await renderChannels('owner', () =>
      HttpResponse.json({
        errors: [
          {
            message: 'Check constraint violation. new row violates check constraint "notification_channels_recipients_format"',
            extensions: { code: 'constraint-violation', path: '$.selectionSet.insert_notification_channels_one.args.object' },
          },
        ],
      }),
    )
    await user.type(screen.getByLabelText('Channel name'), 'Team')
    await user.selectOptions(screen.getByLabelText('Kind'), 'email')
    await user.type(screen.getByLabelText('Email addresses'), 'a@example.com,b@example.org , ')
    await user.click(screen.getByRole('button', { name: 'Add channel' }))
    await waitFor(() =>
      expect(created).toEqual([
        { channel: { workspace_id: 'w1', name: 'Team', kind: 'email', recipients: 'a@example.com, b@example.org' } },
      ]),
    )
    const field = screen.getByLabelText('Email addresses')
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Enter 1 to 10 email addresses, separated by commas.')).toBeTruthy()
  })
})
