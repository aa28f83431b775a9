import { useMutation, useSubscription } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import {
  CreateNotificationChannelDocument,
  DeleteNotificationChannelDocument,
  NotificationChannelsDocument,
  SetNotificationChannelEnabledDocument,
} from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ConfirmButton } from '../../../ui/confirm-button.tsx'
import { SelectField, TextField } from '../../../ui/field.tsx'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import {
  splitAddresses,
  validateNotificationChannel,
  type NotificationChannelErrors,
  type NotificationChannelInput,
} from '../validate-notification-channel.ts'

const EMPTY: NotificationChannelInput = { name: '', kind: 'webhook', recipients: '', url: '' }
const KIND_OPTIONS = [
  { value: 'webhook', label: 'Webhook (Slack-compatible)' },
  { value: 'email', label: 'Email' },
]

/** The workspace's notification channels, for editors and owners (the only ones who read them: webhook URLs are secrets). */
export function NotificationChannelsSection() {
  const workspace = useWorkspaceRef()
  const { data, loading, error } = useSubscription(NotificationChannelsDocument, { variables: { workspaceId: workspace.id } })
  const [create, { loading: creating }] = useMutation(CreateNotificationChannelDocument)
  const [setEnabled] = useMutation(SetNotificationChannelEnabledDocument)
  const [remove] = useMutation(DeleteNotificationChannelDocument)
  const [input, setInput] = useState(EMPTY)
  const [fieldErrors, setFieldErrors] = useState<NotificationChannelErrors>({})
  const [actionError, setActionError] = useState<AppError | null>(null)

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setActionError(null)
    try {
      await action()
      return true
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field === 'name' || appError.field === 'recipients' || appError.field === 'url') {
        setFieldErrors({ [appError.field]: appError.message })
      } else setActionError(appError)
      return false
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const errors = validateNotificationChannel(input)
    setFieldErrors(errors)
    if (Object.keys(errors).length > 0) return
    const channel = {
      workspace_id: workspace.id,
      name: input.name.trim(),
      kind: input.kind,
      ...(input.kind === 'email' ? { recipients: splitAddresses(input.recipients).join(', ') } : { url: input.url.trim() }),
    }
    if (await run(() => create({ variables: { channel } }))) setInput({ ...EMPTY, kind: input.kind })
  }

  const channels = data?.notification_channels ?? []
  return (
    <section className="card" aria-labelledby="channels-title" data-testid="notification-channels">
      <h2 id="channels-title">Notification channels</h2>
      <p className="muted">Told when an alert fires and when it resolves, unless its rule is silenced.</p>
      {actionError ? <ErrorMessage error={actionError} /> : null}
      {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
      {loading && !data ? <Loading label="Loading channels…" /> : null}
      {data && channels.length === 0 ? (
        <EmptyState title="No notification channels">Add an email list or a webhook below.</EmptyState>
      ) : null}
      {channels.length > 0 ? (
        <ul className="rule-list" aria-label="Notification channels">
          {channels.map((channel) => (
            <li key={channel.id} className="rule-row">
              <span className={`state-badge ${channel.enabled ? 'state-ok' : 'state-disabled'}`}>{channel.enabled ? 'on' : 'off'}</span>
              <span className="channel-target">
                <strong>{channel.name}</strong> <span className="muted">{channel.kind === 'email' ? channel.recipients : channel.url}</span>
              </span>
              <span className="row-actions">
                <button
                  type="button"
                  onClick={() => void run(() => setEnabled({ variables: { id: channel.id, enabled: !channel.enabled } }))}
                >
                  {channel.enabled ? `Turn off ${channel.name}` : `Turn on ${channel.name}`}
                </button>
                <ConfirmButton
                  label={`Delete ${channel.name}`}
                  question={`Delete ${channel.name} and its delivery log?`}
                  confirmLabel="Yes, delete"
                  onConfirm={() => void run(() => remove({ variables: { id: channel.id } }))}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Add a notification channel" className="form-row">
        <TextField
          label="Channel name"
          name="name"
          value={input.name}
          error={fieldErrors.name}
          onChange={(e) => setInput({ ...input, name: e.target.value })}
        />
        <SelectField
          label="Kind"
          name="kind"
          value={input.kind}
          onChange={(e) => setInput({ ...input, kind: e.target.value === 'email' ? 'email' : 'webhook' })}
          options={KIND_OPTIONS}
        />
        {input.kind === 'email' ? (
          <TextField
            label="Email addresses"
            name="recipients"
            type="text"
            inputMode="email"
            hint="Up to 10, separated by commas."
            value={input.recipients}
            error={fieldErrors.recipients}
            onChange={(e) => setInput({ ...input, recipients: e.target.value })}
          />
        ) : (
          <TextField
            label="Webhook URL"
            name="url"
            type="url"
            hint='Receives {"text": …} as JSON, as a Slack incoming webhook does.'
            value={input.url}
            error={fieldErrors.url}
            onChange={(e) => setInput({ ...input, url: e.target.value })}
          />
        )}
        <button type="submit" className="primary" disabled={creating}>
          Add channel
        </button>
      </form>
    </section>
  )
}
