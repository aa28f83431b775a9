import { IngestKeysSection } from '../../features/ingest-keys/components/ingest-keys-section.tsx'
import { catalogueError } from '../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../ui/error-boundary.tsx'
import { ErrorMessage } from '../../ui/states.tsx'

/** Workspace settings; owners manage ingest keys here (SPEC §2, §6). */
export default function SettingsRoute() {
  const workspace = useWorkspaceRef()
  return (
    <div className="page">
      <header className="page-header"><h1>Settings</h1></header>
      {workspace.role === 'owner'
        ? <ErrorBoundary region="ingest keys"><IngestKeysSection workspaceId={workspace.id} /></ErrorBoundary>
        : <ErrorMessage error={catalogueError('permission/denied', { message: 'Only owners manage ingest keys.' })} />}
    </div>
  )
}
