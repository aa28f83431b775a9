import { describe, expect, it } from 'vitest'
import {
  dashboardToDocument,
  exportFileName,
  parseDashboardDocument,
  serverImportIssue,
  type DashboardDocument,
} from './dashboard-format.ts'

const metrics = new Set(['CPU load', 'Latency'])

const document: DashboardDocument = {
  version: 1,
  title: 'Service health',
  description: 'Front door',
  panels: [
    {
      title: 'Load',
      metric: 'CPU load',
      kind: 'line',
      aggregation: 'avg',
      bucketSeconds: 60,
      layout: { width: 2, height: 4 },
      series: ['Latency'],
      thresholds: [],
    },
    {
      title: '',
      metric: 'Latency',
      kind: 'stat',
      aggregation: 'last',
      bucketSeconds: 10,
      layout: { width: 1, height: 3 },
      series: [],
      thresholds: [
        { value: 100, colour: 'yellow' },
        { value: 250, colour: 'red' },
      ],
    },
  ],
}

const parse = (value: unknown) => parseDashboardDocument(JSON.stringify(value), metrics)
const issues = (value: unknown) => {
  const result = parse(value)
  return result.ok ? [] : result.issues
}

describe('parseDashboardDocument', () => {
  it('reads a valid document as it was written', () => {
    expect(parse(document)).toEqual({ ok: true, document })
  })

  it('fills an absent description and panel title with empty text', () => {
    const { description: _, ...bare } = document
    const panels = document.panels.map(({ title: _title, ...panel }) => panel)
    const result = parse({ ...bare, panels })
    expect(result.ok && result.document.description).toBe('')
    expect(result.ok && result.document.panels.map((p) => p.title)).toEqual(['', ''])
  })

  it('names every wrong field by its path, panel by panel', () => {
    const panels = [
      document.panels[0],
      { ...document.panels[1], kind: 'pie', layout: { width: 5, height: 3 } },
      document.panels[0],
      { ...document.panels[0], metric: 'cpu' },
    ]
    expect(issues({ ...document, version: 2, title: ' ', panels })).toEqual([
      { path: 'version', message: 'one of 1' },
      { path: 'title', message: '1 to 80 characters' },
      { path: 'panels[1].kind', message: 'one of "line", "bar", "stat", "table"' },
      { path: 'panels[1].layout.width', message: 'a whole number from 1 to 4' },
      { path: 'panels[3].metric', message: 'no metric named "cpu" in this workspace' },
    ])
  })

  it('refuses what is not a document: not JSON, not an object, panels not a list or more than 24', () => {
    expect(parseDashboardDocument('{', metrics)).toEqual({ ok: false, issues: [{ path: '$', message: 'the file is not JSON' }] })
    expect(issues([])).toEqual([{ path: '$', message: 'a JSON object is needed' }])
    expect(issues({ ...document, panels: {} })).toEqual([{ path: 'panels', message: 'a list is needed' }])
    expect(issues({ ...document, panels: Array(25).fill(document.panels[0]) })).toEqual([
      { path: 'panels', message: 'a dashboard has at most 24 panels' },
    ])
  })

  it('checks the other series by name and the thresholds field by field', () => {
    const panel = {
      ...document.panels[0],
      series: ['Latency', 'Disk'],
      thresholds: [
        { value: 'high', colour: 'red' },
        { value: 5, colour: 'pink' },
      ],
    }
    expect(issues({ ...document, panels: [panel] })).toEqual([
      { path: 'panels[0].series[1]', message: 'no metric named "Disk" in this workspace' },
      { path: 'panels[0].thresholds[0].value', message: 'a number is needed' },
      { path: 'panels[0].thresholds[1].colour', message: expect.stringContaining('one of "green"') as string },
    ])
    expect(issues({ ...document, panels: [{ ...panel, series: Array(5).fill('Latency'), thresholds: [] }] })).toEqual([
      { path: 'panels[0].series', message: 'at most 4' },
    ])
  })

  it('wants whole numbers and a known bucket', () => {
    const panel = { ...document.panels[0], bucketSeconds: 30, layout: { width: 1.5, height: '4' } }
    expect(issues({ ...document, panels: [panel] }).map((issue) => issue.path)).toEqual([
      'panels[0].bucketSeconds',
      'panels[0].layout.width',
      'panels[0].layout.height',
    ])
  })
})

describe('dashboardToDocument', () => {
  it('writes a dashboard with its panels’ metrics by name, which reads back the same', () => {
    const written = dashboardToDocument({
      title: 'Service health',
      description: 'Front door',
      panels: document.panels.map((panel, position) => ({
        id: `p${position}`,
        title: panel.title,
        kind: panel.kind,
        aggregation: panel.aggregation,
        bucket_seconds: panel.bucketSeconds,
        position,
        width: panel.layout.width,
        height: panel.layout.height,
        thresholds: panel.thresholds,
        metric: { id: `m${position}`, key: `k${position}`, name: panel.metric, unit: '' },
        series: panel.series.map((name, i) => ({ id: `pm${i}`, position: i + 1, metric: { id: `s${i}`, key: `s${i}`, name, unit: '' } })),
      })),
    })
    expect(written).toEqual(document)
    expect(parse(written)).toEqual({ ok: true, document })
  })
})

describe('exportFileName and serverImportIssue', () => {
  it('names the file after the title', () => {
    expect(exportFileName('Service health: EU!')).toBe('service-health-eu.dashboard.json')
    expect(exportFileName('ÄÖ')).toBe('dashboard.dashboard.json')
  })

  it('reads the field and the problem from the server’s refusal', () => {
    const message =
      'Check constraint violation. violates check constraint "dashboard_import_valid": panels[3].metric: no metric named "cpu" in this workspace'
    expect(serverImportIssue(message)).toEqual({ path: 'panels[3].metric', message: 'no metric named "cpu" in this workspace' })
    expect(serverImportIssue('violates check constraint "panels_limit": a dashboard has at most 24 panels')).toBeNull()
  })
})
