import { useApolloClient, useMutation } from '@apollo/client/react'
import { CombinedGraphQLErrors } from '@apollo/client/errors'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { DashboardMetricOptionsDocument, ImportDashboardDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { parseDashboardDocument, serverImportIssue, type FormatIssue } from '../dashboard-format.ts'

/**
 * Creates a dashboard from an exported JSON file (docs/dashboard-format.md): the file is checked
 * here against the workspace's metrics, then again by the server, and each wrong field is listed
 * by its path.
 */
export function ImportDashboardForm() {
  const workspace = useWorkspaceRef()
  const navigate = useNavigate()
  const client = useApolloClient()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | undefined>()
  const [issues, setIssues] = useState<FormatIssue[]>([])
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)
  const [importDashboard] = useMutation(ImportDashboardDocument)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setIssues([])
    setError(null)
    if (!file) {
      setFileError('Choose a dashboard JSON file.')
      return
    }
    setFileError(undefined)
    setBusy(true)
    try {
      const metrics = await client.query({
        query: DashboardMetricOptionsDocument,
        variables: { workspaceId: workspace.id },
        fetchPolicy: 'network-only',
      })
      const parsed = parseDashboardDocument(await file.text(), new Set(metrics.data?.metrics.map((metric) => metric.name)))
      if (!parsed.ok) {
        setIssues(parsed.issues)
        return
      }
      const result = await importDashboard({ variables: { workspaceId: workspace.id, document: parsed.document } })
      const created = result.data?.import_dashboard[0]
      if (created) navigate(`/w/${workspace.slug}/dashboards/${created.id}`)
    } catch (caught) {
      const refused = CombinedGraphQLErrors.is(caught) ? serverImportIssue(caught.errors[0]?.message ?? '') : null
      if (refused) setIssues([refused])
      else setError(toAppError(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="import-dashboard-title" data-testid="dashboard-import-form">
      <h2 id="import-dashboard-title">Import a dashboard</h2>
      {error ? <ErrorMessage error={error} /> : null}
      <TextField
        label="Dashboard file"
        name="file"
        type="file"
        accept="application/json,.json"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        error={fileError}
        hint="A file exported from a dashboard (Export JSON). Its metrics are found here by name."
      />
      {issues.length > 0 ? (
        <div className="state state-error" role="alert" data-testid="import-issues">
          <p>The file cannot be imported:</p>
          <ul>
            {issues.map((issue) => (
              <li key={`${issue.path}: ${issue.message}`}>
                <code>{issue.path}</code>: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Importing…' : 'Import dashboard'}
      </button>
    </form>
  )
}
