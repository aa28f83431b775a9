import { useMutation } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { DeleteMetricDocument, UpdateMetricDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'

interface EditMetricFormProps {
  metric: { id: string; key: string; name: string; unit: string; description: string }
  workspaceSlug: string
}

type Field = 'name' | 'unit' | 'description'

/** Editors change a metric's name, unit and description, or delete it with its points (after a confirmation). */
export function EditMetricForm({ metric, workspaceSlug }: EditMetricFormProps) {
  const navigate = useNavigate()
  const [values, setValues] = useState({ name: metric.name, unit: metric.unit, description: metric.description })
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({})
  const [error, setError] = useState<AppError | null>(null)
  const [saved, setSaved] = useState(false)
  const [update, { loading }] = useMutation(UpdateMetricDocument)
  const [remove] = useMutation(DeleteMetricDocument)

  function check(): Partial<Record<Field, string>> {
    const errors: Partial<Record<Field, string>> = {}
    const name = values.name.trim().length
    if (name < 1 || name > 80) errors.name = 'The name needs 1 to 80 characters.'
    if (values.unit.length > 16) errors.unit = 'The unit has at most 16 characters.'
    if (values.description.length > 1000) errors.description = 'The description has at most 1,000 characters.'
    return errors
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setSaved(false)
    const errors = check()
    setFieldErrors(errors)
    if (Object.keys(errors).length > 0) return
    try {
      await update({ variables: { id: metric.id, name: values.name.trim(), unit: values.unit, description: values.description } })
      setSaved(true)
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field === 'name' || appError.field === 'unit' || appError.field === 'description')
        setFieldErrors({ [appError.field]: appError.message })
      else setError(appError)
    }
  }

  async function destroy() {
    if (!window.confirm(`Delete the metric "${metric.key}" with all its points, panels and annotations? This cannot be undone.`)) return
    try {
      await remove({ variables: { id: metric.id } })
      await navigate(`/w/${workspaceSlug}/metrics`)
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  const set = (field: Field) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value })
  return (
    <details className="card" data-testid="edit-metric">
      <summary>Edit metric</summary>
      <form onSubmit={submit} noValidate>
        {error ? <ErrorMessage error={error} /> : null}
        {saved ? (
          <p role="status" className="muted">
            Saved.
          </p>
        ) : null}
        <div className="form-row">
          <TextField label="Name" name="name" value={values.name} maxLength={80} onChange={set('name')} error={fieldErrors.name} required />
          <TextField label="Unit" name="unit" value={values.unit} maxLength={16} onChange={set('unit')} error={fieldErrors.unit} />
        </div>
        <TextField
          label="Description"
          name="description"
          value={values.description}
          maxLength={1000}
          onChange={set('description')}
          error={fieldErrors.description}
        />
        <button type="submit" className="primary" disabled={loading}>
          Save
        </button>{' '}
        <button type="button" className="danger" onClick={() => void destroy()}>
          Delete metric
        </button>
      </form>
    </details>
  )
}
