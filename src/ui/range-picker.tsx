import { TIME_RANGES, type TimeRangeId } from '../lib/time-range.ts'

export function RangePicker({ value, onChange }: { value: TimeRangeId; onChange(id: TimeRangeId): void }) {
  return (
    <div className="range-picker" role="group" aria-label="Time range">
      {TIME_RANGES.map((range) => (
        <button
          key={range.id}
          type="button"
          className="small"
          aria-pressed={range.id === value}
          aria-label={range.label}
          onClick={() => onChange(range.id)}
        >
          {range.id}
        </button>
      ))}
    </div>
  )
}
