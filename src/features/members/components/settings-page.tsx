import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { catalogueError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { ErrorBoundary } from '../../../ui/error-boundary.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { InvitationList } from './invitation-list.tsx'
import { MemberList } from './member-list.tsx'
import { WorkspaceNameForm } from './workspace-name-form.tsx'

/**
 * `/w/:slug/settings`: one section per concern, each in its own error boundary. Other features
 * add theirs to `ownerSections` (e.g. ingest keys) without touching the others.
 */
export function SettingsPage({ ownerSections = [] }: { ownerSections?: ReadonlyArray<{ id: string; element: ReactNode }> }) {
  const workspace = useWorkspaceRef()
  return (
    <div className="page">
      <header className="page-header">
        <h1>Settings</h1>
        <p className="muted">{workspace.name}</p>
      </header>
      <ErrorBoundary region="members">
        <MemberList />
      </ErrorBoundary>
      {workspace.role === 'owner' ? (
        <>
          <ErrorBoundary region="invitations">
            <InvitationList />
          </ErrorBoundary>
          {ownerSections.map((section) => (
            <ErrorBoundary key={section.id} region={section.id}>
              {section.element}
            </ErrorBoundary>
          ))}
          <ErrorBoundary region="workspace name">
            <WorkspaceNameForm />
          </ErrorBoundary>
        </>
      ) : (
        <ErrorMessage
          error={catalogueError('permission/denied', { message: 'Only owners manage invitations, keys and the workspace itself.' })}
        >
          <Link to={`/w/${workspace.slug}`}>Workspace home</Link>
        </ErrorMessage>
      )}
    </div>
  )
}
