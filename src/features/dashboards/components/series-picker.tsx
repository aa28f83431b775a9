import { SelectField } from '../../../ui/field.tsx'
import { MAX_MORE_SERIES } from '../dashboard-format.ts'

export interface SeriesPickerProps {
  /** The workspace's metrics to choose from. */
  metrics: readonly { id: string; key: string; name: string }[]
  /** The panel's first metric, which the others may not repeat. */
  firstMetricId: string
  /** The chosen metric ids of series 2, 3, … in order. */
  value: readonly string[]
  onChange(next: string[]): void
  error?: string | undefined
}

/** The panel form's other series: one metric picker per series, added and removed one by one. */
export function SeriesPicker({ metrics, firstMetricId, value, onChange, error }: SeriesPickerProps) {
  const free = metrics.filter((m) => m.id !== firstMetricId && !value.includes(m.id))
  return (
    <fieldset className="series-picker">
      <legend>More series</legend>
      {value.map((metricId, index) => (
        <div className="series-row" key={index}>
          <SelectField
            label={`Series ${index + 2}`}
            name={`series-${index + 2}`}
            value={metricId}
            onChange={(e) => onChange(value.map((id, i) => (i === index ? e.target.value : id)))}
            options={metrics
              .filter((m) => m.id === metricId || free.includes(m))
              .map((m) => ({ value: m.id, label: `${m.name} (${m.key})` }))}
          />
          <button type="button" className="small" onClick={() => onChange(value.filter((_, i) => i !== index))}>
            Remove series {index + 2}
          </button>
        </div>
      ))}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="small"
        disabled={value.length >= MAX_MORE_SERIES || free.length === 0}
        onClick={() => onChange([...value, free[0]!.id])}
      >
        Add a series
      </button>
      <p className="field-hint">Up to 5 metrics per line or bar panel, each in its own colour.</p>
    </fieldset>
  )
}
