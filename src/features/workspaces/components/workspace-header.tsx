import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'

export function WorkspaceHeader() {
  const workspace = useWorkspaceRef()
  return (
    <header className="page-header">
      <h1>{workspace.name}</h1>
      <p className="muted">
        /{workspace.slug} · you are {workspace.role === 'owner' ? 'an owner' : `a ${workspace.role}`}
      </p>
    </header>
  )
}
