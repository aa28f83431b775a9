import { useMutation, useSubscription } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import {
  CreateInvitationDocument,
  RevokeInvitationDocument,
  WorkspaceInvitationsDocument,
  type Workspace_Roles_Enum,
} from '../../../gql/graphql.ts'
import { toAppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { SelectField, TextField } from '../../../ui/field.tsx'
import { formatTime } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage, Loading } from '../../../ui/states.tsx'
import { useAction } from './use-action.ts'

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

export const invitationLink = (token: string) => `${window.location.origin}/invite/${token}`

/** SPEC §4: a pending invitation past expires_at is expired, whether or not anyone tried it yet. */
function shownStatus(status: string, expiresAt: string): string {
  return status === 'pending' && Date.parse(expiresAt) <= Date.now() ? 'expired' : status
}

/** Owners invite by email and role, see every invitation and its link, and revoke pending ones. */
export function InvitationList() {
  const workspace = useWorkspaceRef()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Workspace_Roles_Enum>('viewer')
  const [emailError, setEmailError] = useState<string | undefined>()
  const [sent, setSent] = useState<string | null>(null)
  const { data, loading, error } = useSubscription(WorkspaceInvitationsDocument, { variables: { workspaceId: workspace.id } })
  const [create, { loading: creating }] = useMutation(CreateInvitationDocument)
  const [revoke] = useMutation(RevokeInvitationDocument)
  const action = useAction()

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSent(null)
    const address = email.trim()
    if (!EMAIL.test(address)) return setEmailError('Enter a valid email address.')
    setEmailError(undefined)
    const ok = await action.run(() => create({ variables: { workspaceId: workspace.id, email: address, role } }))
    if (ok) {
      setSent(address)
      setEmail('')
    }
  }

  const invitations = data?.invitations ?? []
  return (
    <section className="card" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations</h2>
      <form onSubmit={submit} noValidate className="form-row" aria-label="Invite someone">
        <TextField
          label="Email"
          name="email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError ?? (action.error?.field === 'email' ? action.error.message : undefined)}
        />
        <SelectField
          label="Role"
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value as Workspace_Roles_Enum)}
          options={[
            { value: 'viewer', label: 'Viewer' },
            { value: 'editor', label: 'Editor' },
            { value: 'owner', label: 'Owner' },
          ]}
        />
        <button type="submit" className="primary" disabled={creating}>
          Invite
        </button>
      </form>
      {action.error && action.error.field !== 'email' ? <ErrorMessage error={action.error} /> : null}
      {sent ? (
        <p role="status" className="muted">
          Invitation for {sent} created and on its way by mail; its link is below to copy too.
        </p>
      ) : null}
      {error && !data ? <ErrorMessage error={toAppError(error)} /> : null}
      {loading && !data ? <Loading label="Loading invitations…" /> : null}
      {data && invitations.length === 0 ? (
        <EmptyState title="No invitations yet">Invite teammates by email; they join when they accept.</EmptyState>
      ) : null}
      {invitations.length > 0 ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => {
                const status = shownStatus(invitation.status, invitation.expires_at)
                return (
                  <tr key={invitation.id} data-testid="invitation-row">
                    <td>{invitation.email}</td>
                    <td>{invitation.role}</td>
                    <td>{status}</td>
                    <td>{formatTime(invitation.expires_at)}</td>
                    <td className="row-actions">
                      {status === 'pending' ? (
                        <>
                          <button type="button" onClick={() => void navigator.clipboard?.writeText(invitationLink(invitation.token))}>
                            Copy link
                          </button>
                          <button type="button" onClick={() => void action.run(() => revoke({ variables: { id: invitation.id } }))}>
                            Revoke
                          </button>
                          <input
                            className="visually-hidden"
                            readOnly
                            aria-label={`Invitation link for ${invitation.email}`}
                            value={invitationLink(invitation.token)}
                          />
                        </>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
