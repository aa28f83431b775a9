import { useMutation, useSubscription } from '@apollo/client/react'
import { RemoveMemberDocument, SetMemberRoleDocument, WorkspaceMembersDocument, type Workspace_Roles_Enum } from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useUserId } from '../../../lib/session.tsx'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { Avatar } from '../../../ui/avatar.tsx'
import { ConfirmButton } from '../../../ui/confirm-button.tsx'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'
import { useAction } from './use-action.ts'

const ROLES: Workspace_Roles_Enum[] = ['owner', 'editor', 'viewer']

/** Members and their roles, live; owners change roles and remove members (the last owner stays), after a confirmation. */
export function MemberList() {
  const workspace = useWorkspaceRef()
  const me = useUserId()
  const { data, loading, error } = useSubscription(WorkspaceMembersDocument, { variables: { workspaceId: workspace.id } })
  const [setRole] = useMutation(SetMemberRoleDocument)
  const [remove] = useMutation(RemoveMemberDocument)
  const action = useAction()
  const isOwner = workspace.role === 'owner'
  if (error && !data) return <ErrorMessage error={toAppError(error)} />
  if (loading && !data) return <Loading label="Loading members…" />
  const members = data?.workspace_members ?? []
  return (
    <section className="card" aria-labelledby="members-title">
      <h2 id="members-title">Members ({members.length} of 50)</h2>
      {action.error ? <ErrorMessage error={action.error} /> : null}
      <ul className="member-list" aria-label="Members">
        {members.map((member) => {
          const label = member.user.displayName || member.user.email || 'Member'
          return (
            <li key={member.user_id} className="member-row">
              <Avatar url={member.user.avatarUrl} name={label} />
              <span className="member-name">
                {label}
                {member.user_id === me ? ' (you)' : ''}
                <span className="muted"> {member.user.email}</span>
              </span>
              {isOwner ? (
                <select
                  aria-label={`Role of ${label}`}
                  value={member.role}
                  onChange={(e) =>
                    void action.run(() =>
                      setRole({
                        variables: { workspaceId: workspace.id, userId: member.user_id, role: e.target.value as Workspace_Roles_Enum },
                      }),
                    )
                  }
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="role-badge">{member.role}</span>
              )}
              {isOwner || member.user_id === me ? (
                <ConfirmButton
                  label={member.user_id === me ? 'Leave' : `Remove ${label}`}
                  question={member.user_id === me ? `Leave ${workspace.name}?` : `Remove ${label} from ${workspace.name}?`}
                  confirmLabel={member.user_id === me ? 'Yes, leave' : 'Yes, remove'}
                  onConfirm={() => void action.run(() => remove({ variables: { workspaceId: workspace.id, userId: member.user_id } }))}
                />
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
