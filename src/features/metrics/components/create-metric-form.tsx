import { useMutation } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { CreateMetricDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useWorkspaceRef } from '../../../lib/workspace-ref.ts'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { validateMetric, type MetricFormErrors } from '../validate-metric.ts'

export function CreateMetricForm() {
  const workspace = useWorkspaceRef()
  const [key, setKey] = useState('')
  const [name, setName] = useState('')
  const [unit, setUnit] = useState('')
  const [fieldErrors, setFieldErrors] = useState<MetricFormErrors>({})
  const [error, setError] = useState<AppError | null>(null)
  const [created, setCreated] = useState<string | null>(null)
  const [createMetric, { loading }] = useMutation(CreateMetricDocument)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const errors = validateMetric(key, name, unit)
    setFieldErrors(errors)
    setError(null)
    setCreated(null)
    if (errors.key || errors.name || errors.unit) return
    try {
      await createMetric({ variables: { workspaceId: workspace.id, key, name: name.trim(), unit, description: '' } })
      setCreated(key)
      setKey('')
      setName('')
      setUnit('')
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field === 'key' || appError.field === 'name' || appError.field === 'unit')
        setFieldErrors({ [appError.field]: appError.message })
      else setError(appError)
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="create-metric-title" data-testid="metric-create-form">
      <h2 id="create-metric-title">Create a metric</h2>
      {error ? <ErrorMessage error={error} /> : null}
      {created ? (
        <p role="status" className="muted">
          Metric {created} created.
        </p>
      ) : null}
      <div className="form-row">
        <TextField
          label="Key"
          name="key"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          error={fieldErrors.key}
          hint="e.g. api.latency_ms"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          required
        />
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldErrors.name}
          maxLength={100}
          required
        />
        <TextField
          label="Unit"
          name="unit"
          value={unit}
          onChange={(e) => setUnit(e.target.value)}
          error={fieldErrors.unit}
          hint="Optional, e.g. ms"
          maxLength={16}
        />
      </div>
      <button type="submit" className="primary" disabled={loading}>
        {loading ? 'Creating…' : 'Create metric'}
      </button>
    </form>
  )
}
