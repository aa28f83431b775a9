import { useState, type FormEvent } from 'react'
import { customRangeError, fromLocalInput, toLocalInput } from '../lib/custom-range.ts'
import { TextField } from './field.tsx'

export interface CustomRangeFormProps {
  /** The inputs' first values, Unix seconds. */
  from: number
  to: number
  onApply(from: number, to: number): void
}

/** From and to, in the user's time zone, checked before they are applied (custom-range.ts). */
export function CustomRangeForm({ from, to, onApply }: CustomRangeFormProps) {
  const [start, setStart] = useState(() => toLocalInput(from))
  const [end, setEnd] = useState(() => toLocalInput(to))
  const [error, setError] = useState<string | undefined>()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const range = { from: fromLocalInput(start), to: fromLocalInput(end) }
    const problem = customRangeError(range.from, range.to, Date.now())
    setError(problem ?? undefined)
    if (problem === null && range.from !== null && range.to !== null) onApply(range.from, range.to)
  }

  return (
    <form className="custom-range" aria-label="Custom time range" onSubmit={submit} noValidate>
      <TextField label="From" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} required />
      <TextField label="To" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} error={error} required />
      <button type="submit" className="small">
        Apply range
      </button>
    </form>
  )
}
