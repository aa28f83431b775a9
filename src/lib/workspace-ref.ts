import { useOutletContext } from 'react-router'

/** The workspace a `/w/:slug/…` route is in, resolved once by the workspace layout. */
export interface WorkspaceRef {
  id: string
  slug: string
  name: string
  role: 'owner' | 'editor' | 'viewer'
}

export function useWorkspaceRef(): WorkspaceRef {
  const workspace = useOutletContext<WorkspaceRef | undefined>()
  if (!workspace) throw new Error('useWorkspaceRef outside a workspace route')
  return workspace
}

/** SPEC §6: editors and owners write metrics, points, dashboards and panels. */
export function canWrite(workspace: WorkspaceRef): boolean {
  return workspace.role === 'owner' || workspace.role === 'editor'
}

const LAST_WORKSPACE_KEY = 'pulseboard:last-workspace'

/** Kept with the user it belongs to: another user signing in on this browser starts at /workspaces. */
export function rememberWorkspace(slug: string, userId: string): void {
  try {
    localStorage.setItem(LAST_WORKSPACE_KEY, JSON.stringify({ slug, userId }))
  } catch {
    /* private mode */
  }
}

export function lastWorkspace(userId: string | null): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_WORKSPACE_KEY) ?? 'null') as { slug?: unknown; userId?: unknown } | null
    return saved && saved.userId === userId && typeof saved.slug === 'string' ? saved.slug : null
  } catch {
    return null
  }
}

export function forgetWorkspace(): void {
  try {
    localStorage.removeItem(LAST_WORKSPACE_KEY)
  } catch {
    /* private mode */
  }
}
