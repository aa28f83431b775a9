import { useMutation } from '@apollo/client/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { DuplicateDashboardDocument, type PanelFieldsFragment } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { ErrorMessage } from '../../../ui/states.tsx'
import { dashboardToDocument, exportFileName } from '../dashboard-format.ts'
import { downloadJson } from '../download-json.ts'

export interface DashboardActionsProps {
  dashboard: { id: string; title: string; description: string | null; panels: readonly PanelFieldsFragment[] }
  workspaceSlug: string
  /** Editors may duplicate; every member may export. */
  writable: boolean
}

/** Export the dashboard as a JSON document (docs/dashboard-format.md) and, for editors, duplicate it. */
export function DashboardActions({ dashboard, workspaceSlug, writable }: DashboardActionsProps) {
  const navigate = useNavigate()
  const [error, setError] = useState<AppError | null>(null)
  const [duplicateDashboard, { loading }] = useMutation(DuplicateDashboardDocument)

  async function duplicate() {
    setError(null)
    try {
      const result = await duplicateDashboard({ variables: { id: dashboard.id } })
      const copy = result.data?.duplicate_dashboard[0]
      if (copy) navigate(`/w/${workspaceSlug}/dashboards/${copy.id}`)
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  return (
    <>
      <button type="button" onClick={() => downloadJson(exportFileName(dashboard.title), dashboardToDocument(dashboard))}>
        Export JSON
      </button>
      {writable ? (
        <button type="button" onClick={() => void duplicate()} disabled={loading}>
          {loading ? 'Duplicating…' : 'Duplicate'}
        </button>
      ) : null}
      {error ? <ErrorMessage error={error} /> : null}
    </>
  )
}
