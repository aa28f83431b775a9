/**
 * What the demo creates: one workspace, three metrics whose values look like the real thing, and
 * one dashboard with a panel of each kind the first slice offers (line, bar, stat).
 */

export const DEMO_WORKSPACE = { name: 'Demo', slug: 'demo' }

export interface DemoMetric {
  key: string
  name: string
  unit: string
  description: string
  /** The value for the `stepSeconds` ending at `tsMs` (counts grow with the step; gauges do not). */
  valueAt(tsMs: number, stepSeconds: number): number
}

const TAU = 2 * Math.PI

export const DEMO_METRICS: DemoMetric[] = [
  {
    key: 'api.latency_ms',
    name: 'API latency',
    unit: 'ms',
    description: 'p50 latency of the public API (demo data).',
    valueAt(tsMs) {
      const wave = 35 * Math.sin((TAU * tsMs) / 600_000)
      // One sample in 40 is a slow request, so that the chart has something to look at.
      const spike = Math.random() < 0.025 ? 150 + Math.random() * 250 : 0
      return round(120 + wave + (Math.random() - 0.5) * 30 + spike, 1)
    },
  },
  {
    key: 'signups',
    name: 'Sign-ups',
    unit: '',
    description: 'New accounts (demo data).',
    valueAt(_tsMs, stepSeconds) {
      // About one sign-up every two seconds, drawn per step.
      return Math.round(Math.random() * stepSeconds)
    },
  },
  {
    key: 'greenhouse.temp_c',
    name: 'Greenhouse temperature',
    unit: '°C',
    description: 'Air temperature in the greenhouse (demo data).',
    valueAt(tsMs) {
      return round(21 + 3 * Math.sin((TAU * tsMs) / 1_800_000) + (Math.random() - 0.5) * 0.4, 2)
    },
  },
]

export interface DemoPanel {
  metricKey: string
  title: string
  kind: 'line' | 'bar' | 'stat'
  aggregation: 'avg' | 'sum' | 'last'
  bucketSeconds: number
  width: number
}

export const DEMO_DASHBOARD = {
  title: 'Live overview',
  description: 'Written every second by the demo, through the same GraphQL API any client uses.',
  panels: [
    { metricKey: 'api.latency_ms', title: 'API latency', kind: 'line', aggregation: 'avg', bucketSeconds: 10, width: 2 },
    { metricKey: 'greenhouse.temp_c', title: 'Greenhouse now', kind: 'stat', aggregation: 'last', bucketSeconds: 10, width: 1 },
    { metricKey: 'signups', title: 'Sign-ups per minute', kind: 'bar', aggregation: 'sum', bucketSeconds: 60, width: 1 },
    { metricKey: 'greenhouse.temp_c', title: 'Greenhouse temperature', kind: 'line', aggregation: 'avg', bucketSeconds: 60, width: 4 },
  ] satisfies DemoPanel[],
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}
