import { useMutation, useQuery } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { MyAccessTokensDocument, RevokeAccessTokenDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession } from '../../../lib/session.tsx'
import { SelectField, TextField } from '../../../ui/field.tsx'
import { formatTime } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'

const LIFETIMES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
]

/** The curl a third-party client runs: trade the token for a session, then call GraphQL with it. */
function exampleCall(authUrl: string, graphqlUrl: string, token: string): string {
  return [
    `ACCESS=$(curl -s ${authUrl}/signin/pat -H 'content-type: application/json' -d '{"personalAccessToken":"${token}"}' | jq -r .session.accessToken)`,
    `curl -s ${graphqlUrl} -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' -d '{"query":"{ workspaces { slug } }"}'`,
  ].join('\n')
}

/** Personal access tokens: listed, created with a name and lifetime (shown once), revoked. */
export function AccessTokens() {
  const { nhost } = useSession()
  const { data, loading, error, refetch } = useQuery(MyAccessTokensDocument)
  const [revoke] = useMutation(RevokeAccessTokenDocument)
  const [name, setName] = useState('')
  const [days, setDays] = useState('90')
  const [created, setCreated] = useState<string | null>(null)
  const [actionError, setActionError] = useState<AppError | null>(null)

  async function run(action: () => Promise<unknown>) {
    setActionError(null)
    try {
      await action()
      await refetch()
    } catch (caught) {
      setActionError(toAppError(caught))
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) return
    await run(async () => {
      const expiresAt = new Date(Date.now() + Number(days) * 86_400_000).toISOString()
      const { body } = await nhost.auth.createPAT({ expiresAt, metadata: { name: name.trim() } })
      setCreated(body.personalAccessToken)
      setName('')
    })
  }

  const tokens = data?.authRefreshTokens ?? []
  return (
    <section className="card" aria-labelledby="tokens-title">
      <h2 id="tokens-title">Personal access tokens</h2>
      <p className="muted">For scripts and devices: a token signs in with your rights (the user role).</p>
      {actionError ? <ErrorMessage error={actionError} /> : null}
      <form onSubmit={submit} className="form-row" aria-label="Create a token">
        <TextField label="Token name" name="tokenName" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        <SelectField label="Expires in" name="lifetime" value={days} onChange={(e) => setDays(e.target.value)} options={LIFETIMES} />
        <button type="submit" className="primary" disabled={!name.trim()}>
          Create token
        </button>
      </form>
      {created ? (
        <div className="card" role="status">
          <p>
            <strong>Copy this token now: it is shown once.</strong>
          </p>
          <input readOnly aria-label="New token" value={created} onFocus={(e) => e.target.select()} />
          <button type="button" onClick={() => void navigator.clipboard?.writeText(created)}>
            Copy token
          </button>
          <p className="muted">Example call:</p>
          <pre className="code">{exampleCall(nhost.auth.baseURL, nhost.graphql.url, created)}</pre>
        </div>
      ) : null}
      {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
      {loading && !data ? <Loading label="Loading tokens…" /> : null}
      {data && tokens.length === 0 ? <EmptyState title="No tokens">Create one for a script or a device.</EmptyState> : null}
      {tokens.length > 0 ? (
        <ul className="rule-list" aria-label="Tokens">
          {tokens.map((token) => {
            const label = String((token.metadata as { name?: unknown } | null)?.name ?? 'token')
            return (
              <li key={token.id} className="rule-row">
                <span>
                  <strong>{label}</strong>{' '}
                  <span className="muted">
                    created {formatTime(token.createdAt)}, expires {formatTime(token.expiresAt)}
                  </span>
                </span>
                <button type="button" onClick={() => void run(() => revoke({ variables: { id: token.id } }))}>
                  Revoke {label}
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </section>
  )
}
