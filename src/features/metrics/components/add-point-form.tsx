import { useMutation } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { parsePointValue } from '../../../../functions/_lib/point-time.ts'
import { AddPointDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { validatePoint, type PointFormErrors } from '../validate-metric.ts'

/** `datetime-local` value for a Date in the browser's time zone. */
function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 19)
}

export function AddPointForm({ metricId, unit }: { metricId: string; unit: string }) {
  const [value, setValue] = useState('')
  const [ts, setTs] = useState('')
  const [fieldErrors, setFieldErrors] = useState<PointFormErrors>({})
  const [error, setError] = useState<AppError | null>(null)
  const [added, setAdded] = useState(false)
  const [addPoint, { loading }] = useMutation(AddPointDocument)

  async function submit(event: FormEvent) {
    event.preventDefault()
    // Empty time means now.
    const time = ts ? new Date(ts) : new Date()
    const errors = validatePoint(value, time)
    const number = parsePointValue(value)
    setFieldErrors(errors)
    setError(null)
    setAdded(false)
    if (errors.value || errors.ts || number === null) return
    try {
      await addPoint({ variables: { metricId, ts: time.toISOString(), value: number } })
      setAdded(true)
      setValue('')
      setTs('')
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field === 'value' || appError.field === 'ts') setFieldErrors({ [appError.field]: appError.message })
      else setError(appError)
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="add-point-title" data-testid="add-point-form">
      <h2 id="add-point-title">Add a point</h2>
      {error ? <ErrorMessage error={error} /> : null}
      {added ? (
        <p role="status" className="muted">
          Point added.
        </p>
      ) : null}
      <div className="form-row">
        <TextField
          label={unit ? `Value (${unit})` : 'Value'}
          name="value"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={fieldErrors.value}
          required
        />
        <TextField
          label="Time"
          name="ts"
          type="datetime-local"
          step={1}
          value={ts}
          max={toLocalInput(new Date(Date.now() + 86400_000))}
          onChange={(e) => setTs(e.target.value)}
          error={fieldErrors.ts}
          hint="Leave empty for now."
        />
      </div>
      <button type="submit" className="primary" disabled={loading}>
        {loading ? 'Adding…' : 'Add point'}
      </button>
    </form>
  )
}
