/**
 * Absolute ranges as the user gives them (custom from/to inputs, a drag across a chart) and as
 * the URL keeps them: `?range=6h` for a preset, `?from=<ISO>&to=<ISO>` for an absolute range,
 * beside which `range` stays as the preset that "back to live" returns to. A link therefore
 * reproduces the view.
 */
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { isTimeRangeId, presetOf, type TimeRangeId, type ViewRange } from './time-range.ts'

/** The preset shown when the URL names none. */
export const DEFAULT_RANGE_ID: TimeRangeId = '1h'

/** SPEC §9: points are kept 400 days, so a longer range shows nothing more. */
export const MAX_RANGE_SECONDS = 400 * 86400
export const MIN_RANGE_SECONDS = 60
/** SPEC §5: a point may be up to a day ahead of now; a range may reach that far. */
export const MAX_FUTURE_SECONDS = 86400

/** Why an absolute range cannot be shown, or null when it can. */
export function customRangeError(from: number | null, to: number | null, nowMs: number): string | null {
  if (from === null || to === null) return 'Enter both a start and an end.'
  if (from >= to) return 'The start must be before the end.'
  if (to > Math.floor(nowMs / 1000) + MAX_FUTURE_SECONDS) return 'The end can be at most a day from now.'
  if (to - from < MIN_RANGE_SECONDS) return 'The range must span at least a minute.'
  if (to - from > MAX_RANGE_SECONDS) return 'The range can span at most 400 days, how long points are kept.'
  return null
}

/** Unix seconds of an ISO time in the URL, or null when it is not one. */
function parseIso(value: string | null): number | null {
  if (!value) return null
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null
}

/** The range a URL asks for: a valid absolute range, else its preset, else the default preset. */
export function parseViewRange(search: URLSearchParams, nowMs: number): ViewRange {
  const range = search.get('range')
  const preset = isTimeRangeId(range) ? range : DEFAULT_RANGE_ID
  const from = parseIso(search.get('from'))
  const to = parseIso(search.get('to'))
  if (search.has('from') && from !== null && to !== null && customRangeError(from, to, nowMs) === null) {
    return { kind: 'absolute', from, to, preset }
  }
  return { kind: 'live', id: preset }
}

/** Writes the range into the URL's parameters, leaving the others as they are. */
export function writeViewRange(search: URLSearchParams, range: ViewRange): URLSearchParams {
  const next = new URLSearchParams(search)
  if (range.kind === 'live') {
    next.set('range', range.id)
    next.delete('from')
    next.delete('to')
  } else {
    next.set('range', range.preset)
    next.set('from', new Date(range.from * 1000).toISOString())
    next.set('to', new Date(range.to * 1000).toISOString())
  }
  return next
}

export interface ViewRangeControl {
  range: ViewRange
  setRange(next: ViewRange): void
  /** Zooms to a span dragged across a chart, Unix seconds. */
  selectRange(from: number, to: number): void
}

/**
 * The page's range, read from and written to the URL. A preset replaces the history entry; an
 * absolute range (a zoom, a custom range) is a new one, so the browser's Back undoes it.
 */
export function useViewRange(): ViewRangeControl {
  const [search, setSearch] = useSearchParams()
  const query = search.toString()
  // Read once per URL, not per render: a custom range's validity is checked against the time it is opened.
  const range = useMemo(() => parseViewRange(new URLSearchParams(query), Date.now()), [query])
  const setRange = useCallback(
    (next: ViewRange) => setSearch((current) => writeViewRange(current, next), { replace: next.kind === 'live' }),
    [setSearch],
  )
  const selectRange = useCallback((from: number, to: number) => setRange(zoomRange(from, to, presetOf(range))), [setRange, range])
  return { range, setRange, selectRange }
}

/**
 * The range a drag across a chart selects, in whole seconds; a selection narrower than a minute
 * is widened around its middle, as a range must span one.
 */
export function zoomRange(from: number, to: number, preset: TimeRangeId): ViewRange {
  let start = Math.floor(Math.min(from, to))
  let end = Math.ceil(Math.max(from, to))
  if (end - start < MIN_RANGE_SECONDS) {
    const middle = Math.round((start + end) / 2)
    start = middle - MIN_RANGE_SECONDS / 2
    end = middle + MIN_RANGE_SECONDS / 2
  }
  return { kind: 'absolute', from: start, to: end, preset }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Unix seconds as a datetime-local input's value, in the user's time zone (to the minute). */
export function toLocalInput(seconds: number): string {
  const d = new Date(seconds * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local input's value (the user's time zone) as Unix seconds, or null when empty or invalid. */
export function fromLocalInput(value: string): number | null {
  // A date-time without an offset is local time (ECMAScript Date.parse).
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null
  const ms = new Date(value).getTime()
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null
}
