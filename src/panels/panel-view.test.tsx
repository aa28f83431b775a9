// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatTime } from '../ui/format.ts'
import { PanelView } from './panel-view.tsx'

// uPlot draws on a canvas, which happy-dom does not have; record what it is given instead.
const drawn = vi.hoisted(() => ({ data: [] as unknown[] }))
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null }
    constructor(_options: unknown, data: unknown) {
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
})

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
