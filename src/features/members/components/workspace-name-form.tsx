import { useMutation } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { DeleteWorkspaceDocument, RenameWorkspaceDocument } from '../../../gql/graphql.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { useAction } from './use-action.ts'

/** Owners rename the workspace, or delete it with everything in it after typing its slug. */
export function WorkspaceNameForm() {
  const workspace = useWorkspaceRef()
  const navigate = useNavigate()
  const [name, setName] = useState(workspace.name)
  const [confirm, setConfirm] = useState('')
  // No refetch: the workspace layout's subscription brings the new name.
  const [rename, { loading }] = useMutation(RenameWorkspaceDocument)
  const [remove] = useMutation(DeleteWorkspaceDocument)
  const renaming = useAction()
  const deleting = useAction()
  const trimmed = name.trim()
  const nameError = trimmed.length < 1 || trimmed.length > 80 ? 'The name needs 1 to 80 characters.' : undefined

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (nameError) return
    await renaming.run(() => rename({ variables: { id: workspace.id, name: trimmed } }))
  }

  async function deleteWorkspace(event: FormEvent) {
    event.preventDefault()
    if (confirm !== workspace.slug) return
    if (await deleting.run(() => remove({ variables: { id: workspace.id } }))) navigate('/workspaces')
  }

  return (
    <>
      <form className="card" onSubmit={submit} noValidate aria-labelledby="workspace-name-title">
        <h2 id="workspace-name-title">Workspace name</h2>
        {renaming.error ? <ErrorMessage error={renaming.error} /> : null}
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={name !== workspace.name ? nameError : undefined}
        />
        <button type="submit" className="primary" disabled={loading || Boolean(nameError) || trimmed === workspace.name}>
          Rename
        </button>
      </form>
      <form className="card danger-zone" onSubmit={deleteWorkspace} aria-labelledby="delete-workspace-title">
        <h2 id="delete-workspace-title">Delete the workspace</h2>
        <p className="muted">Deletes its metrics, points, dashboards, alerts and members. This cannot be undone.</p>
        {deleting.error ? <ErrorMessage error={deleting.error} /> : null}
        <TextField
          label={`Type ${workspace.slug} to confirm`}
          name="confirm"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="danger" disabled={confirm !== workspace.slug}>
          Delete workspace
        </button>
      </form>
    </>
  )
}
