import { useMutation, useSubscription } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { RevokeIngestKeyDocument, WorkspaceIngestKeysDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession } from '../../../lib/session.tsx'
import { TextField } from '../../../ui/field.tsx'
import { formatTime } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { IngestCurlExample } from './ingest-curl-example.tsx'

interface CreatedKey {
  name: string
  key: string
}

/** Settings section (owners): create a key (shown once), list keys with last use, revoke. */
export function IngestKeysSection({ workspaceId }: { workspaceId: string }) {
  const { nhost } = useSession()
  const { data, loading, error } = useSubscription(WorkspaceIngestKeysDocument, { variables: { workspaceId } })
  const [revoke] = useMutation(RevokeIngestKeyDocument)
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | undefined>()
  const [actionError, setActionError] = useState<AppError | null>(null)
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<CreatedKey | null>(null)

  async function create(event: FormEvent) {
    event.preventDefault()
    setActionError(null)
    const trimmed = name.trim()
    if (trimmed.length < 1 || trimmed.length > 80) return setNameError('The name needs 1 to 80 characters.')
    setNameError(undefined)
    setCreating(true)
    try {
      const { body } = await nhost.functions.post<CreatedKey>('/ingest-keys', { workspaceId, name: trimmed })
      setCreated({ name: body.name, key: body.key })
      setName('')
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field === 'name') setNameError(appError.message)
      else setActionError(appError)
    } finally {
      setCreating(false)
    }
  }

  async function revokeKey(id: string, keyName: string) {
    if (!window.confirm(`Revoke the key "${keyName}"? Clients using it stop at once; this cannot be undone.`)) return
    try {
      await revoke({ variables: { id } })
    } catch (caught) {
      setActionError(toAppError(caught))
    }
  }

  const keys = data?.ingest_keys ?? []
  return (
    <section className="card" aria-labelledby="ingest-keys-title" data-testid="ingest-keys">
      <h2 id="ingest-keys-title">Ingest keys</h2>
      <p className="muted">Scripts and devices send points over plain HTTP with a key. A key is shown once, when it is created.</p>
      {actionError ? <ErrorMessage error={actionError} /> : null}
      <form onSubmit={create} noValidate className="form-row">
        <TextField
          label="Key name"
          name="name"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          required
        />
        <button type="submit" className="primary" disabled={creating}>
          {creating ? 'Creating…' : 'Create key'}
        </button>
      </form>
      {created ? (
        <div role="status" className="created-key" data-testid="created-key">
          <p>
            Copy the key <strong>{created.name}</strong> now; it will not be shown again.
          </p>
          <IngestCurlExample ingestKey={created.key} functionsUrl={nhost.functions.baseURL} workspaceId={workspaceId} />
          <button type="button" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      ) : null}
      {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
      {loading && !data ? <Loading label="Loading keys…" /> : null}
      {data && keys.length === 0 ? <EmptyState title="No ingest keys yet" /> : null}
      {keys.length > 0 ? (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Key</th>
                <th>Created by</th>
                <th>Last used</th>
                <th>State</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td>
                    <code>{k.prefix}…</code>
                  </td>
                  <td>{k.creator?.displayName || k.creator?.email || '—'}</td>
                  <td>{formatTime(k.last_used_at)}</td>
                  <td>{k.revoked_at ? `revoked ${formatTime(k.revoked_at)}` : 'active'}</td>
                  <td>
                    {k.revoked_at ? null : (
                      <button type="button" onClick={() => void revokeKey(k.id, k.name)}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
