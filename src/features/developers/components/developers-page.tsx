import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useSession, useUserId } from '../../../lib/session.tsx'
import { ErrorBoundary } from '../../../ui/error-boundary.tsx'
import { Loading } from '../../../ui/states.tsx'
import { exampleOperations, selectedOperation } from '../example-operations.ts'
import { createExplorerFetcher, type Explorer } from '../explorer-fetcher.ts'
import type { SnippetOperation } from '../snippets.ts'
import { serviceUrls } from '../service-urls.ts'
import { userStorage } from '../user-storage.ts'
import { ApiExplorer, type EditedOperation } from './api-explorer.tsx'
import { CodeSnippets } from './code-snippets.tsx'

// The app's own operations, read at build time: the explorer's examples are what the app sends.
const EXAMPLES = exampleOperations(import.meta.glob<string>('/graphql/*.graphql', { query: '?raw', import: 'default', eager: true }))

/** `/developers`: the API explorer as the signed-in user, and how to call the API from code. */
export function DevelopersPage() {
  const { nhost, session } = useSession()
  const userId = useUserId()
  const storage = useMemo(() => userStorage(userId), [userId])
  const urls = useMemo(() => serviceUrls(nhost), [nhost])
  const [explorer, setExplorer] = useState<Explorer | null>(null)
  const [edited, setEdited] = useState<EditedOperation | null>(null)

  // Made in an effect (not a memo) so that StrictMode's second mount gets a live socket.
  useEffect(() => {
    const created = createExplorerFetcher(urls, nhost)
    setExplorer(created)
    return () => created.dispose()
  }, [urls, nhost])

  const operation = useMemo<SnippetOperation | null>(() => {
    if (!edited) return null
    const selected = selectedOperation(edited.query, edited.operationName)
    return selected ? { query: selected.document, kind: selected.kind, variables: edited.variables } : null
  }, [edited])

  return (
    <div className="page">
      <header className="page-header">
        <h1>API explorer</h1>
        <p className="muted">
          GraphQL at <code>{urls.graphqlUrl}</code> (WebSocket for subscriptions). Tokens for scripts: <Link to="/account">Account</Link>.
        </p>
      </header>
      <ErrorBoundary region="API explorer">
        {explorer ? (
          <ApiExplorer
            fetcher={explorer.fetcher}
            storage={storage}
            examples={EXAMPLES}
            signedInAs={session?.user?.email ?? userId}
            onEditOperation={setEdited}
          />
        ) : (
          <Loading label="Opening the explorer…" />
        )}
      </ErrorBoundary>
      <CodeSnippets target={urls} operation={operation} />
    </div>
  )
}
