import { useWorkspaceRef, type WorkspaceRef } from '../../../lib/workspace-ref.ts'

/** "an owner", "an editor", "a viewer": the article follows the role's first sound. */
function roleWithArticle(role: WorkspaceRef['role']): string {
  return `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`
}

export function WorkspaceHeader() {
  const workspace = useWorkspaceRef()
  return (
    <header className="page-header">
      <h1>{workspace.name}</h1>
      <p className="muted">
        /{workspace.slug} · you are {roleWithArticle(workspace.role)}
      </p>
    </header>
  )
}
