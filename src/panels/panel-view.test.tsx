// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatTime } from '../ui/format.ts'
import { PanelView } from './panel-view.tsx'

// uPlot draws on a canvas, which happy-dom does not have; record what it is given instead.
const drawn = vi.hoisted(() => ({ data: [] as unknown[], series: [] as { label?: string; stroke?: unknown }[][] }))
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null }
    constructor(options: { series: { label?: string; stroke?: unknown }[] }, data: unknown) {
      drawn.series.push(options.series)
      drawn.data.push(data)
    }
    setData(data: unknown) {
      drawn.data.push(data)
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot }
})

afterEach(() => {
  cleanup()
  drawn.data = []
  drawn.series = []
})

/** A colour as the DOM may spell it back (#rrggbb or rgb(r, g, b)), as rgb(). */
function normaliseColour(colour: string): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour)
  return hex
    ? `rgb(${hex
        .slice(1)
        .map((h) => parseInt(h, 16))
        .join(', ')})`
    : colour
}

const t0 = Date.parse('2026-01-01T00:00:00Z') / 1000
const series = [
  { t: t0, value: 10 },
  { t: t0 + 60, value: null },
  { t: t0 + 120, value: 12.5 },
]

describe('PanelView', () => {
  it('draws a line series and shows its latest value', () => {
    render(<PanelView title="Latency" kind="line" unit="ms" points={series} from={t0 - 60} to={t0 + 180} />)
    expect(screen.getByRole('img', { name: 'Line chart of Latency' })).toBeTruthy()
    expect(screen.getByTestId('panel-value').textContent).toBe('Latest: 12.5 ms')
    expect(drawn.data.at(-1)).toEqual([
      [t0, t0 + 60, t0 + 120],
      [10, null, 12.5],
    ])
  })

  it('marks annotations on a line panel and names them for screen readers, never on bars', () => {
    const markers = [{ t: t0 + 60, label: 'Deploy' }]
    render(<PanelView title="Latency" kind="line" unit="ms" points={series} from={t0} to={t0 + 180} markers={markers} />)
    expect(screen.getByRole('img', { name: 'Line chart of Latency, 1 annotation: Deploy' }).getAttribute('data-markers')).toBe('1')
    cleanup()
    render(<PanelView title="Signups" kind="bar" unit="" points={series} from={t0} to={t0 + 180} markers={markers} />)
    expect(screen.getByRole('img', { name: 'Bar chart of Signups' }).getAttribute('data-markers')).toBe('0')
  })

  it('draws bars for a bar panel', () => {
    render(<PanelView title="Signups" kind="bar" unit="" points={series} from={t0} to={t0 + 180} />)
    expect(screen.getByRole('img', { name: 'Bar chart of Signups' })).toBeTruthy()
  })

  it('shows the newest non-empty bucket as a stat', () => {
    render(<PanelView title="Temp" kind="stat" unit="°C" points={[...series, { t: t0 + 180, value: null }]} from={t0} to={t0 + 240} />)
    expect(screen.getByTestId('panel-value').textContent).toBe('12.5 °C')
  })

  it("shows the metric's newest point, with its own time, as a stat", () => {
    const ts = new Date((t0 + 95) * 1000).toISOString()
    render(<PanelView title="Temp" kind="stat" unit="°C" points={series} from={t0} to={t0 + 240} newest={{ value: 13.25, ts }} />)
    expect(screen.getByTestId('panel-value').textContent).toBe('13.25 °C')
    expect(screen.getByTestId('panel-time').textContent).toBe(formatTime(ts))
  })

  it("gives a bar panel's latest from its last bar, even while that bucket is still filling", () => {
    const bars = [
      { t: t0, value: 4 },
      { t: t0 + 60, value: 7 },
      { t: t0 + 120, value: 1 },
    ]
    render(<PanelView title="Signups" kind="bar" unit="" points={bars} from={t0} to={t0 + 150} bucketSeconds={60} />)
    const [, values] = drawn.data.at(-1) as [number[], (number | null)[]]
    expect(values.at(-1)).toBe(1)
    expect(screen.getByTestId('panel-value').textContent).toBe('Latest: 1')
  })

  it('breaks a line where buckets hold no points, and reads the latest from the last point drawn', () => {
    const sparse = [
      { t: t0, value: 10 },
      { t: t0 + 180, value: 14 },
    ]
    render(<PanelView title="Latency" kind="line" unit="ms" points={sparse} from={t0} to={t0 + 200} bucketSeconds={60} />)
    expect(drawn.data.at(-1)).toEqual([
      [t0, t0 + 60, t0 + 120, t0 + 180],
      [10, null, null, 14],
    ])
    expect(screen.getByTestId('panel-value').textContent).toBe('Latest: 14 ms')
  })

  it('draws each series in its own colour over one time axis, with a legend of names and latest values', () => {
    const errors = [
      { t: t0 + 60, value: 2 },
      { t: t0 + 120, value: 3 },
    ]
    const more = [
      { name: 'Errors', unit: '', points: errors },
      { name: 'Timeouts', unit: '', points: undefined },
    ]
    render(<PanelView title="API" name="Latency" kind="line" unit="ms" points={series} moreSeries={more} from={t0} to={t0 + 180} />)
    expect(drawn.data.at(-1)).toEqual([
      [t0, t0 + 60, t0 + 120],
      [10, null, 12.5],
      [null, 2, 3],
      [null, null, null],
    ])
    const lines = drawn.series.at(-1)!.slice(1)
    expect(lines.map((l) => l.label)).toEqual(['Latency', 'Errors', 'Timeouts'])
    expect(new Set(lines.map((l) => l.stroke)).size).toBe(3)
    const items = screen.getAllByTestId('legend-item')
    expect(items.map((item) => item.textContent)).toEqual(['Latency12.5 ms', 'Errors3', 'Timeouts—'])
    expect(within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem')).toHaveLength(3)
    // Each swatch is its series' colour on the chart.
    const swatches = items.map((item) => (item.querySelector('.legend-swatch') as HTMLElement).style.background)
    expect(swatches.map(normaliseColour)).toEqual(lines.map((l) => normaliseColour(String(l.stroke))))
    expect(screen.queryByText(/^Latest:/)).toBeNull()
  })

  it('draws a panel with only its other series holding points, and shows a stat of its first metric only', () => {
    const more = [{ name: 'Errors', unit: '', points: [{ t: t0, value: 1 }] }]
    render(<PanelView title="API" kind="bar" unit="ms" points={[]} moreSeries={more} from={t0} to={t0 + 180} />)
    expect(screen.getByRole('img', { name: 'Bar chart of API' })).toBeTruthy()
    cleanup()
    render(<PanelView title="API" kind="stat" unit="ms" points={series} moreSeries={more} from={t0} to={t0 + 180} />)
    expect(screen.getByTestId('panel-value').textContent).toBe('12.5 ms')
  })

  it('colours a stat by the highest threshold it reaches, and says which in words', () => {
    const thresholds = [
      { value: 10, colour: 'orange' as const },
      { value: 12, colour: 'red' as const },
    ]
    render(<PanelView title="Temp" kind="stat" unit="°C" points={series} from={t0} to={t0 + 240} thresholds={thresholds} />)
    const value = screen.getByTestId('panel-value')
    expect(value.getAttribute('data-threshold')).toBe('red')
    expect(value.getAttribute('aria-label')).toBe('Temp: 12.5 °C, at or above 12 °C (red)')
    expect(screen.getByTestId('panel-threshold').textContent).toBe('At or above 12 °C (red)')
    cleanup()
    const ts = new Date(t0 * 1000).toISOString()
    render(
      <PanelView
        title="Temp"
        kind="stat"
        unit="°C"
        points={series}
        from={t0}
        to={t0 + 240}
        newest={{ value: 9, ts }}
        thresholds={thresholds}
      />,
    )
    expect(screen.getByTestId('panel-value').getAttribute('data-threshold')).toBeNull()
    expect(screen.getByTestId('panel-value').getAttribute('aria-label')).toBe('Temp: 9 °C')
    expect(screen.queryByTestId('panel-threshold')).toBeNull()
  })

  it('has an empty state when the range holds no points', () => {
    render(<PanelView title="Latency" kind="line" unit="ms" points={[]} from={t0} to={t0 + 60} />)
    expect(screen.getByText('No data in this range')).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    expect(drawn.data).toEqual([])
  })

  it('shows loading, then a catalogue error', () => {
    const { rerender } = render(<PanelView title="Latency" kind="line" unit="ms" points={undefined} from={t0} to={t0 + 60} loading />)
    expect(screen.getByRole('status').textContent).toBe('Loading Latency…')
    rerender(
      <PanelView
        title="Latency"
        kind="line"
        unit="ms"
        points={undefined}
        from={t0}
        to={t0 + 60}
        error={{ code: 'network/offline', message: 'Cannot reach the server. Check your connection; live data resumes by itself.' }}
      />,
    )
    expect(screen.getByRole('alert').getAttribute('data-error-code')).toBe('network/offline')
  })
})
