/**
 * Times of points sent to the ingest function or found in a CSV (SPEC §5): ISO-8601 with a date
 * and, when a time is given, an offset or Z; or Unix seconds or milliseconds, told apart by size
 * (below 10^11 is seconds: 10^11 ms is 1973, 10^11 s is year 5138).
 */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i
const UNIX_NUMBER = /^-?\d+(?:\.\d+)?$/

/** Milliseconds since the epoch, or null when `input` is none of the accepted forms. */
export function parsePointTime(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? fromUnix(input) : null
  if (typeof input !== 'string') return null
  const text = input.trim()
  if (UNIX_NUMBER.test(text)) return fromUnix(Number(text))
  if (!ISO_8601.test(text) || !isCalendarDate(text)) return null
  const ms = Date.parse(text.replace(' ', 'T'))
  return Number.isNaN(ms) ? null : ms
}

/** Date.parse rolls 2025-02-30 over into March; a point's date must exist as written. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

function fromUnix(value: number): number {
  return Math.round(Math.abs(value) < 1e11 ? value * 1000 : value)
}

/** Why `ms` is outside SPEC §5's window (at most 5 years old, at most 1 day ahead), or null. */
export function pointTimeOutOfRange(ms: number, now = new Date()): string | null {
  const oldest = new Date(now)
  oldest.setUTCFullYear(oldest.getUTCFullYear() - 5)
  if (ms < oldest.getTime()) return 'ts is more than 5 years old'
  if (ms > now.getTime() + 86_400_000) return 'ts is more than 1 day ahead'
  return null
}

/**
 * A decimal number written out: digits with an optional fraction and exponent. `Number()` alone
 * would also read `0x10`, `0b1` and `0o7` (and Postgres's float8 input reads hex too).
 */
const DECIMAL_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i

/**
 * The value of a point, or null when it is not a finite number: a number, or text of a decimal
 * number. The one rule of the CSV import and of the app's "Add a point" form.
 */
export function parsePointValue(input: unknown): number | null {
  const value = typeof input === 'string' ? (DECIMAL_NUMBER.test(input.trim()) ? Number(input) : null) : input
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}
