import { useMutation } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { CreateDashboardDocument } from '../../../gql/graphql.ts'
import { CONSTRAINTS, toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'

export function CreateDashboardForm() {
  const workspace = useWorkspaceRef()
  const navigate = useNavigate()
  const [title, setTitle] = useState('')
  const [titleError, setTitleError] = useState<string | undefined>()
  const [error, setError] = useState<AppError | null>(null)
  const [createDashboard, { loading }] = useMutation(CreateDashboardDocument)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = title.trim()
    setError(null)
    if (trimmed.length < 1 || trimmed.length > 80) {
      setTitleError(CONSTRAINTS.dashboards_title_length!.message)
      return
    }
    setTitleError(undefined)
    try {
      const result = await createDashboard({ variables: { workspaceId: workspace.id, title: trimmed, description: '' } })
      const id = result.data?.insert_dashboards_one?.id
      if (id) navigate(`/w/${workspace.slug}/dashboards/${id}`)
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field === 'title') setTitleError(appError.message)
      else setError(appError)
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="create-dashboard-title" data-testid="dashboard-create-form">
      <h2 id="create-dashboard-title">Create a dashboard</h2>
      {error ? <ErrorMessage error={error} /> : null}
      <TextField
        label="Title"
        name="title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={titleError}
        maxLength={100}
        required
      />
      <button type="submit" className="primary" disabled={loading}>
        {loading ? 'Creating…' : 'Create dashboard'}
      </button>
    </form>
  )
}
