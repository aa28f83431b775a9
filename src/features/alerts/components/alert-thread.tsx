import { useMutation, useQuery, useSubscription } from '@apollo/client/react'
import { useEffect, useState, type FormEvent } from 'react'
import {
  AlertMessagesDocument,
  AlertThreadLatestDocument,
  PostAlertMessageDocument,
  type AlertMessagesSubscription,
} from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { Avatar } from '../../../ui/avatar.tsx'
import { formatTime } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'

type Message = AlertMessagesSubscription['alert_messages_stream'][number]

/** An alert's thread: a streaming subscription delivers each message once; any member posts. */
export function AlertThread({ alertId }: { alertId: string }) {
  const [messages, setMessages] = useState<Message[]>([])
  const [body, setBody] = useState('')
  const [bodyError, setBodyError] = useState<string | undefined>()
  const [postError, setPostError] = useState<AppError | null>(null)
  const { data, error } = useSubscription(AlertMessagesDocument, { variables: { alertId, after: '0' } })
  // The stream is silent while the thread is empty: this says whether messages are on their way.
  const latest = useQuery(AlertThreadLatestDocument, { variables: { alertId }, fetchPolicy: 'network-only' })
  const threadIsEmpty = latest.data?.alert_messages.length === 0
  const loading = messages.length === 0 && !threadIsEmpty && !latest.error
  const [post, { loading: posting }] = useMutation(PostAlertMessageDocument)

  // Each batch holds only new rows: keep them all, once each (a resubscription replays from 0).
  useEffect(() => {
    const batch = data?.alert_messages_stream
    if (!batch?.length) return
    setMessages((known) => {
      const ids = new Set(known.map((m) => m.id))
      return [...known, ...batch.filter((m) => !ids.has(m.id))]
    })
  }, [data])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const text = body.trim()
    if (text.length < 1 || text.length > 2000) return setBodyError('A message has 1 to 2,000 characters.')
    setBodyError(undefined)
    setPostError(null)
    try {
      await post({ variables: { alertId, body: text } })
      setBody('')
    } catch (caught) {
      setPostError(toAppError(caught))
    }
  }

  return (
    <section className="card" aria-labelledby="thread-title">
      <h2 id="thread-title">Thread</h2>
      {error && messages.length === 0 ? <ErrorMessage error={toAppError(error)} /> : null}
      {loading && !error ? <Loading label="Loading messages…" /> : null}
      {threadIsEmpty && messages.length === 0 && !error ? (
        <EmptyState title="No messages yet">Say what you are looking at.</EmptyState>
      ) : null}
      <ol className="thread" aria-label="Messages" aria-live="polite">
        {messages.map((message) => {
          const name = message.author?.displayName || 'A former member'
          return (
            <li key={message.id} className="thread-message">
              <Avatar url={message.author?.avatarUrl} name={name} />
              <div>
                <p>
                  <strong>{name}</strong> <span className="muted">{formatTime(message.created_at)}</span>
                </p>
                <p className="message-body">{message.body}</p>
              </div>
            </li>
          )
        })}
      </ol>
      <form onSubmit={submit} noValidate aria-label="Post a message">
        {postError ? <ErrorMessage error={postError} /> : null}
        <div className="field">
          <label htmlFor="thread-body">Message</label>
          <textarea
            id="thread-body"
            name="body"
            rows={2}
            maxLength={2000}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={bodyError ? 'thread-body-error' : undefined}
          />
          {bodyError ? (
            <p id="thread-body-error" className="field-error" role="alert">
              {bodyError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="primary" disabled={posting}>
          Post
        </button>
      </form>
    </section>
  )
}
