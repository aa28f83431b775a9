import { useMutation } from '@apollo/client/react'
import { useState } from 'react'
import { SilenceAlertRuleDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { formatTime } from '../../../ui/format.ts'
import { ErrorMessage } from '../../../ui/states.tsx'
import { isSilenced } from '../alert-format.ts'

const DURATIONS = [
  { hours: 1, label: '1 hour' },
  { hours: 4, label: '4 hours' },
  { hours: 24, label: '1 day' },
  { hours: 168, label: '1 week' },
]

/**
 * Silences a rule until an end time: it keeps being evaluated, but its channels are told nothing
 * until then. `canEdit` false shows the silence only.
 */
export function SilenceControl({
  rule,
  canEdit,
}: {
  rule: { id: string; name: string; silenced_until?: string | null }
  canEdit: boolean
}) {
  const [silence, { loading }] = useMutation(SilenceAlertRuleDocument)
  const [hours, setHours] = useState(String(DURATIONS[0]!.hours))
  const [error, setError] = useState<AppError | null>(null)
  const silenced = isSilenced(rule.silenced_until)

  async function save(until: string | null) {
    setError(null)
    try {
      await silence({ variables: { id: rule.id, until } })
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  return (
    <span className="row-actions">
      {silenced ? <span className="muted">Silenced until {formatTime(rule.silenced_until)}</span> : null}
      {canEdit && silenced ? (
        <button type="button" disabled={loading} onClick={() => void save(null)}>
          Unsilence {rule.name}
        </button>
      ) : null}
      {canEdit && !silenced ? (
        <>
          <label>
            <span className="visually-hidden">Silence {rule.name} for</span>
            <select value={hours} onChange={(e) => setHours(e.target.value)}>
              {DURATIONS.map((d) => (
                <option key={d.hours} value={d.hours}>
                  {d.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={loading}
            onClick={() => void save(new Date(Date.now() + Number(hours) * 3_600_000).toISOString())}
          >
            Silence {rule.name}
          </button>
        </>
      ) : null}
      {error ? <ErrorMessage error={error} /> : null}
    </span>
  )
}
