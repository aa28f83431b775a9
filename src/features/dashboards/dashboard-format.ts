/**
 * The dashboard document of export and import (docs/dashboard-format.md, version 1): parsing,
 * checking field by field, and making one from a dashboard. The server's `import_dashboard`
 * checks the same rules again; this lets the browser name the wrong field before sending.
 *
 * A panel field is one line of `PANEL_FIELDS`: its rule reads the JSON value and answers the
 * value or the problem. The document's panel type follows from that table.
 */
import type { PanelFieldsFragment } from '../../gql/graphql.ts'
import { BUCKET_SECONDS } from '../../lib/time-range.ts'
import { MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH } from '../../panels/panel-layout.ts'
import { MAX_THRESHOLDS, readThresholds, THRESHOLD_COLOURS } from '../../panels/thresholds.ts'

export const DASHBOARD_FORMAT_VERSION = 1
export const MAX_PANELS = 24
/** A line or bar panel draws its own metric and up to 4 more (the database's panel_metrics_limit). */
export const MAX_MORE_SERIES = 4

/** A wrong field: its path in the document (`panels[3].metric`) and what is wrong with it. */
export interface FormatIssue {
  path: string
  message: string
}

type Rule<T> = (value: unknown, path: string, issues: FormatIssue[]) => T | undefined

function problem(issues: FormatIssue[], path: string, message: string): undefined {
  issues.push({ path, message })
  return undefined
}

function text(min: number, max: number): Rule<string> {
  return (value, path, issues) => {
    if (typeof value !== 'string') return problem(issues, path, 'a text is needed')
    const length = value.trim().length
    if (length < min || value.length > max)
      return problem(issues, path, min > 0 ? `${min} to ${max} characters` : `at most ${max} characters`)
    return value
  }
}

function oneOf<const T extends string | number>(choices: readonly T[]): Rule<T> {
  return (value, path, issues) =>
    choices.includes(value as T) ? (value as T) : problem(issues, path, `one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`)
}

function wholeNumber(min: number, max: number): Rule<number> {
  return (value, path, issues) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? value
      : problem(issues, path, `a whole number from ${min} to ${max}`)
}

function finiteNumber(): Rule<number> {
  return (value, path, issues) =>
    typeof value === 'number' && Number.isFinite(value) ? value : problem(issues, path, 'a number is needed')
}

function listOf<T>(rule: Rule<T>, max: number): Rule<T[]> {
  return (value, path, issues) => {
    if (!Array.isArray(value)) return problem(issues, path, 'a list is needed')
    if (value.length > max) return problem(issues, path, `at most ${max}`)
    const read = value.map((item, index) => rule(item, `${path}[${index}]`, issues))
    return read.every((item) => item !== undefined) ? (read as T[]) : undefined
  }
}

function optional<T>(rule: Rule<T>, fallback: T): Rule<T> {
  return (value, path, issues) => (value === undefined ? fallback : rule(value, path, issues))
}

function object<const F extends Record<string, Rule<unknown>>>(fields: F): Rule<{ [K in keyof F]: NonNullable<ReturnType<F[K]>> }> {
  return (value, path, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return problem(issues, path || '$', 'a JSON object is needed')
    const before = issues.length
    const record = value as Record<string, unknown>
    const read = Object.fromEntries(
      Object.entries(fields).map(([name, rule]) => [name, rule(record[name], path ? `${path}.${name}` : name, issues)]),
    )
    return issues.length === before ? (read as { [K in keyof F]: NonNullable<ReturnType<F[K]>> }) : undefined
  }
}

export const PANEL_FIELDS = {
  title: optional(text(0, 80), ''),
  metric: text(1, 80),
  kind: oneOf(['line', 'bar', 'stat', 'table'] as const),
  aggregation: oneOf(['avg', 'sum', 'min', 'max', 'count', 'last'] as const),
  bucketSeconds: oneOf(BUCKET_SECONDS),
  layout: object({ width: wholeNumber(MIN_WIDTH, MAX_WIDTH), height: wholeNumber(MIN_HEIGHT, MAX_HEIGHT) }),
  // The panel's other metrics by name, drawn after `metric` (line and bar panels).
  series: optional(listOf(text(1, 80), MAX_MORE_SERIES), []),
  thresholds: optional(listOf(object({ value: finiteNumber(), colour: oneOf(THRESHOLD_COLOURS) }), MAX_THRESHOLDS), []),
}

const readPanel = object(PANEL_FIELDS)
export type PanelDocument = NonNullable<ReturnType<typeof readPanel>>

export interface DashboardDocument {
  version: typeof DASHBOARD_FORMAT_VERSION
  title: string
  description: string
  panels: PanelDocument[]
}

export type ParseResult = { ok: true; document: DashboardDocument } | { ok: false; issues: FormatIssue[] }

/**
 * Reads a document and checks every field, the panels' metrics among `metricNames` (the
 * workspace's, by name). All issues are answered, panel by panel.
 */
export function parseDashboardDocument(json: string, metricNames: ReadonlySet<string>): ParseResult {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return { ok: false, issues: [{ path: '$', message: 'the file is not JSON' }] }
  }
  const issues: FormatIssue[] = []
  const top = object({
    version: oneOf([DASHBOARD_FORMAT_VERSION] as const),
    title: text(1, 80),
    description: optional(text(0, 1000), ''),
    panels: (panels, path, found) => {
      if (!Array.isArray(panels)) return problem(found, path, 'a list is needed')
      if (panels.length > MAX_PANELS) return problem(found, path, `a dashboard has at most ${MAX_PANELS} panels`)
      const read = panels.map((panel, index) => {
        const at = `${path}[${index}]`
        const { metric, series } = (panel ?? {}) as { metric?: unknown; series?: unknown }
        const named = [[`${at}.metric`, metric], ...(Array.isArray(series) ? series.map((name, i) => [`${at}.series[${i}]`, name]) : [])]
        for (const [where, name] of named as [string, unknown][]) {
          if (typeof name === 'string' && name.trim() !== '' && !metricNames.has(name))
            problem(found, where, `no metric named ${JSON.stringify(name)} in this workspace`)
        }
        return readPanel(panel, at, found)
      })
      return read.every((panel) => panel !== undefined) ? read : undefined
    },
  })(value, '', issues)
  if (!top || issues.length > 0)
    return { ok: false, issues: issues.length > 0 ? issues : [{ path: '$', message: 'not a dashboard document' }] }
  return { ok: true, document: top as DashboardDocument }
}

/** The document of a dashboard, its panels in order, each metric by name. */
export function dashboardToDocument(dashboard: {
  title: string
  description: string | null
  panels: readonly PanelFieldsFragment[]
}): DashboardDocument {
  return {
    version: DASHBOARD_FORMAT_VERSION,
    title: dashboard.title,
    description: dashboard.description ?? '',
    panels: dashboard.panels.map((panel) => ({
      title: panel.title,
      metric: panel.metric.name,
      kind: panel.kind as PanelDocument['kind'],
      aggregation: panel.aggregation as PanelDocument['aggregation'],
      bucketSeconds: panel.bucket_seconds as PanelDocument['bucketSeconds'],
      layout: { width: panel.width, height: panel.height },
      series: panel.series.map((s) => s.metric.name),
      thresholds: readThresholds(panel.thresholds),
    })),
  }
}

/** A file name for a dashboard's export: its title in lower-case words. */
export function exportFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${slug || 'dashboard'}.dashboard.json`
}

/** The server's refusal of an import (`dashboard_import_valid`) as the field it names. */
export function serverImportIssue(message: string): FormatIssue | null {
  const match = /constraint "dashboard_import_valid": ([^:]+): (.*)$/s.exec(message)
  return match ? { path: match[1]!, message: match[2]! } : null
}
