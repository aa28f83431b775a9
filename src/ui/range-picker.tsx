import { useState } from 'react'
import { presetOf, TIME_RANGES, timeRange, type ViewRange } from '../lib/time-range.ts'
import { CustomRangeForm } from './custom-range-form.tsx'
import { formatTime } from './format.ts'

export interface RangePickerProps {
  value: ViewRange
  onChange(next: ViewRange): void
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

/**
 * The live presets, a custom absolute range (also what keyboard users have instead of dragging
 * across a chart) and, while an absolute range shows, the way back to the live preset.
 */
export function RangePicker({ value, onChange }: RangePickerProps) {
  const [customOpen, setCustomOpen] = useState(false)
  const absolute = value.kind === 'absolute'
  const preset = presetOf(value)
  // The form starts on the span shown: the absolute range, or the preset's last stretch.
  const now = Math.floor(Date.now() / 1000)
  const shown = absolute ? value : { from: now - timeRange(preset).seconds, to: now }

  return (
    <div className="range-picker-wrap">
      <div className="range-picker" role="group" aria-label="Time range">
        {TIME_RANGES.map((range) => (
          <button
            key={range.id}
            type="button"
            className="small"
            aria-pressed={!absolute && range.id === value.id}
            aria-label={range.label}
            onClick={() => {
              setCustomOpen(false)
              onChange({ kind: 'live', id: range.id })
            }}
          >
            {range.id}
          </button>
        ))}
        <button
          type="button"
          className="small"
          aria-pressed={absolute}
          aria-expanded={customOpen}
          onClick={() => setCustomOpen(!customOpen)}
        >
          Custom
        </button>
        {absolute ? (
          <button type="button" className="small" onClick={() => onChange({ kind: 'live', id: preset })}>
            Back to live ({timeRange(preset).label})
          </button>
        ) : null}
      </div>
      {absolute ? (
        <p className="muted range-shown" data-testid="range-shown">
          {formatTime(iso(value.from))} – {formatTime(iso(value.to))}
        </p>
      ) : null}
      {customOpen ? (
        <CustomRangeForm
          // Opened afresh when the absolute range changes (a zoom while the form is open).
          key={absolute ? `${value.from}-${value.to}` : 'live'}
          from={shown.from}
          to={shown.to}
          onApply={(from, to) => {
            setCustomOpen(false)
            onChange({ kind: 'absolute', from, to, preset })
          }}
        />
      ) : null}
    </div>
  )
}
