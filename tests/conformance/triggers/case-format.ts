/**
 * The case files' format (README.md beside this file describes it) and the values the cases
 * leave to run time.
 */

export type Json = any

export interface CaseClass {
  class: string
  upstream: { file: string; class: string; dir?: string }
  /** `per_method`: setup and teardown around every test; `per_class`: once around all of them. */
  lifecycle: 'per_method' | 'per_class' | 'none'
  setup?: Step[]
  teardown?: Step[]
  tests: { name: string; steps: Step[]; note?: string }[]
}

export type Step = Record<string, Json> & { do: string }

export interface Manifest {
  cases: { id: string; file: string }[]
  left_out: { id: string; reason: string }[]
}

export interface ClassState {
  /** Where this run's receivers listen: upstream's literal webhook addresses are bound to them. */
  webhooks: { events: string; scheduled: string }
  startedAt: Date
  cronSchedule: string
  captured: Record<string, Json>
}

/** Python's `strftime("%Y-%m-%dT%H:%M:%S.%fZ")` of utcnow(). */
const pythonUtcNow = () => new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')

/**
 * Upstream's hard-coded webhook addresses (127.0.0.1:5592 for event triggers, :5594 for
 * scheduled triggers) point at this run's receivers; `{{NOW}}` and `{{CRON_SCHEDULE}}` are the
 * values test_scheduled_triggers.py computes when it runs.
 */
export function bind(value: Json, state: ClassState): Json {
  if (typeof value === 'string') {
    return value
      .replaceAll('http://127.0.0.1:5592', state.webhooks.events)
      .replaceAll('http://127.0.0.1:5594', state.webhooks.scheduled)
      .replaceAll('{{NOW}}', pythonUtcNow())
      .replaceAll('{{CRON_SCHEDULE}}', state.cronSchedule)
  }
  if (Array.isArray(value)) return value.map((v) => bind(v, state))
  // `{"$captured": name}`: the response an earlier step kept with `capture`.
  if (value && typeof value === 'object' && typeof value.$captured === 'string') return state.captured[value.$captured]
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bind(v, state)]))
  return value
}
