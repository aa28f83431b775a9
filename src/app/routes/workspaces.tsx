import { CreateWorkspaceForm } from '../../features/workspaces/components/create-workspace-form.tsx'
import { WorkspaceList } from '../../features/workspaces/components/workspace-list.tsx'
import { ErrorBoundary } from '../../ui/error-boundary.tsx'

export default function WorkspacesRoute() {
  return (
    <div className="page">
      <header className="page-header">
        <h1>Workspaces</h1>
      </header>
      <section aria-label="Your workspaces">
        <ErrorBoundary region="workspace list">
          <WorkspaceList />
        </ErrorBoundary>
      </section>
      <ErrorBoundary region="create workspace">
        <CreateWorkspaceForm />
      </ErrorBoundary>
    </div>
  )
}
