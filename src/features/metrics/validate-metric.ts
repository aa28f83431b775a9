/** SPEC §5 metric rules, as the database checks them (metrics_key_format, metrics_name_length, metrics_unit_length). */
import { parsePointValue } from '../../../functions/_lib/point-time.ts'
import { CONSTRAINTS } from '../../lib/error-catalogue.ts'

export const METRIC_KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,63}$/

export interface MetricFormErrors {
  key?: string
  name?: string
  unit?: string
}

export function validateMetric(key: string, name: string, unit: string): MetricFormErrors {
  const errors: MetricFormErrors = {}
  if (!METRIC_KEY_PATTERN.test(key)) errors.key = CONSTRAINTS.metrics_key_format!.message!
  const trimmed = name.trim()
  if (trimmed.length < 1 || trimmed.length > 80) errors.name = CONSTRAINTS.metrics_name_length!.message!
  if (unit.length > 16) errors.unit = CONSTRAINTS.metrics_unit_length!.message!
  return errors
}

export interface PointFormErrors {
  value?: string
  ts?: string
}

/**
 * A finite decimal value, read as the CSV import reads one (`parsePointValue`), and a time within
 * [now - 5 years, now + 1 day] (points_value_finite, points_ts_window).
 */
export function validatePoint(value: string, ts: Date, nowMs = Date.now()): PointFormErrors {
  const errors: PointFormErrors = {}
  if (parsePointValue(value) === null) errors.value = CONSTRAINTS.points_value_finite!.message!
  const time = ts.getTime()
  if (Number.isNaN(time) || time < nowMs - 5 * 365.25 * 86400_000 || time > nowMs + 86400_000) {
    errors.ts = CONSTRAINTS.points_ts_window!.message!
  }
  return errors
}
