import { MAX_THRESHOLDS, THRESHOLD_COLOURS } from '../../../panels/thresholds.ts'
import { SelectField, TextField } from '../../../ui/field.tsx'

/** A threshold as the form holds it: the value as typed. */
export interface ThresholdDraft {
  value: string
  colour: string
}

export interface ThresholdsEditorProps {
  value: readonly ThresholdDraft[]
  onChange(next: ThresholdDraft[]): void
  error?: string | undefined
}

const COLOUR_OPTIONS = THRESHOLD_COLOURS.map((colour) => ({ value: colour, label: colour[0]!.toUpperCase() + colour.slice(1) }))

/** A stat panel's thresholds: up to 5 rows of "from this value, this colour", ascending. */
export function ThresholdsEditor({ value, onChange, error }: ThresholdsEditorProps) {
  const change = (index: number, patch: Partial<ThresholdDraft>) =>
    onChange(value.map((step, i) => (i === index ? { ...step, ...patch } : step)))
  return (
    <fieldset className="thresholds-editor">
      <legend>Thresholds</legend>
      {value.map((step, index) => (
        <div className="series-row" key={index}>
          <TextField
            label={`Threshold ${index + 1} from`}
            name={`threshold-${index + 1}-value`}
            inputMode="decimal"
            value={step.value}
            onChange={(e) => change(index, { value: e.target.value })}
          />
          <SelectField
            label={`Threshold ${index + 1} colour`}
            name={`threshold-${index + 1}-colour`}
            value={step.colour}
            onChange={(e) => change(index, { colour: e.target.value })}
            options={COLOUR_OPTIONS}
          />
          <button type="button" className="small" onClick={() => onChange(value.filter((_, i) => i !== index))}>
            Remove threshold {index + 1}
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
        disabled={value.length >= MAX_THRESHOLDS}
        onClick={() => onChange([...value, { value: '', colour: value.length === 0 ? 'orange' : 'red' }])}
      >
        Add a threshold
      </button>
      <p className="field-hint">The value shows in the colour of the highest threshold it reaches.</p>
    </fieldset>
  )
}

/** The drafts as panels.thresholds stores them (call once thresholdsProblem finds nothing). */
export function thresholdsFromDrafts(drafts: readonly ThresholdDraft[]): { value: number; colour: string }[] {
  return drafts.map((step) => ({ value: Number(step.value), colour: step.colour }))
}
