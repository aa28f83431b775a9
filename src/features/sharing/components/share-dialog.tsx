import { useMutation, useQuery } from '@apollo/client/react'
import { useRef, useState } from 'react'
import { DashboardShareTokenDocument, SetDashboardShareTokenDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'

/**
 * Any value other than null asks for a new link: the database replaces it with 32 random bytes
 * of its own (trigger dashboards_share_token_by_server), which the mutation answers.
 */
const NEW_LINK = 'new'

/** Owners share a dashboard by link, copy it, regenerate it (old sessions end) or stop sharing. */
export function ShareDialog({ dashboardId }: { dashboardId: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const { data, loading, error } = useQuery(DashboardShareTokenDocument, { variables: { id: dashboardId } })
  const [setToken, { loading: saving }] = useMutation(SetDashboardShareTokenDocument)
  const [actionError, setActionError] = useState<AppError | null>(null)
  const [copied, setCopied] = useState(false)
  const token = data?.dashboards_by_pk?.share_token ?? null
  const link = token ? `${window.location.origin}/s/${token}` : null

  async function change(next: string | null) {
    setActionError(null)
    setCopied(false)
    try {
      await setToken({ variables: { id: dashboardId, token: next } })
    } catch (caught) {
      setActionError(toAppError(caught))
    }
  }

  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()}>
        Share
      </button>
      <dialog ref={dialog} className="card share-dialog" aria-labelledby="share-title">
        <h2 id="share-title">Share this dashboard</h2>
        {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
        {loading && !data ? <Loading /> : null}
        {actionError ? <ErrorMessage error={actionError} /> : null}
        {data && !link ? <p>Private: only members see it. A link shows it read-only, live, to anyone who has it.</p> : null}
        {link ? (
          <>
            <label htmlFor="share-link">Public link</label>
            <input id="share-link" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="share-link" />
            {copied ? (
              <p role="status" className="muted">
                Link copied.
              </p>
            ) : null}
          </>
        ) : null}
        <div className="row-actions">
          {link ? (
            <>
              <button type="button" onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}>
                Copy link
              </button>
              <button type="button" disabled={saving} onClick={() => void change(NEW_LINK)}>
                Regenerate link
              </button>
              <button type="button" disabled={saving} className="danger" onClick={() => void change(null)}>
                Stop sharing
              </button>
            </>
          ) : (
            <button type="button" className="primary" disabled={saving || !data} onClick={() => void change(NEW_LINK)}>
              Share by link
            </button>
          )}
          <button type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </>
  )
}
