import { useMutation } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { DeleteDashboardDocument, RenameDashboardDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'

interface DashboardSettingsFormProps {
  dashboard: { id: string; title: string; description: string }
  workspaceSlug: string
}

/** Edit mode: rename the dashboard or delete it (after a confirmation). */
export function DashboardSettingsForm({ dashboard, workspaceSlug }: DashboardSettingsFormProps) {
  const navigate = useNavigate()
  const [title, setTitle] = useState(dashboard.title)
  const [description, setDescription] = useState(dashboard.description)
  const [fieldErrors, setFieldErrors] = useState<{ title?: string; description?: string }>({})
  const [error, setError] = useState<AppError | null>(null)
  const [saved, setSaved] = useState(false)
  const [rename, { loading }] = useMutation(RenameDashboardDocument)
  const [remove] = useMutation(DeleteDashboardDocument)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setSaved(false)
    const trimmed = title.trim()
    if (trimmed.length < 1 || trimmed.length > 80) return setFieldErrors({ title: 'The title needs 1 to 80 characters.' })
    setFieldErrors({})
    try {
      await rename({ variables: { id: dashboard.id, title: trimmed, description: description.trim() } })
      setSaved(true)
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field === 'title' || appError.field === 'description') setFieldErrors({ [appError.field]: appError.message })
      else setError(appError)
    }
  }

  async function destroy() {
    if (!window.confirm(`Delete the dashboard "${dashboard.title}" and its panels? This cannot be undone.`)) return
    try {
      await remove({ variables: { id: dashboard.id } })
      await navigate(`/w/${workspaceSlug}`)
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-label="Dashboard settings" data-testid="dashboard-settings">
      {error ? <ErrorMessage error={error} /> : null}
      {saved ? (
        <p role="status" className="muted">
          Saved.
        </p>
      ) : null}
      <div className="form-row">
        <TextField
          label="Dashboard title"
          name="title"
          value={title}
          maxLength={80}
          onChange={(e) => setTitle(e.target.value)}
          error={fieldErrors.title}
          required
        />
        <TextField
          label="Description"
          name="description"
          value={description}
          maxLength={1000}
          onChange={(e) => setDescription(e.target.value)}
          error={fieldErrors.description}
        />
      </div>
      <button type="submit" className="primary" disabled={loading}>
        Save
      </button>{' '}
      <button type="button" className="danger" onClick={() => void destroy()}>
        Delete dashboard
      </button>
    </form>
  )
}
