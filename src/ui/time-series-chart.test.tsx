// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import type uPlot from 'uplot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TimeSeriesChart } from './time-series-chart.tsx'

// uPlot draws on a canvas, which happy-dom does not have: keep the options it is built with, and
// play their setSelect hook on a plot whose x axis maps a pixel to ten seconds from t0.
const built = vi.hoisted(() => ({ options: [] as uPlot.Options[] }))
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null }
    constructor(options: uPlot.Options) {
      built.options.push(options)
    }
    setData() {}
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot }
})

afterEach(() => {
  cleanup()
  built.options = []
})

const t0 = Date.parse('2026-01-01T00:00:00Z') / 1000
const series = [
  {
    label: 'Latency',
    colour: '#2563eb',
    points: [
      { t: t0, value: 1 },
      { t: t0 + 60, value: 2 },
    ],
  },
]

/** What the chart's setSelect hook does with a selection `left`..`left + width` px. */
function drag(options: uPlot.Options, left: number, width: number) {
  const plot = { select: { left, top: 0, width, height: 100 }, posToVal: (x: number) => t0 + x * 10, setSelect: vi.fn() }
  for (const hook of options.hooks?.setSelect ?? []) hook?.(plot as unknown as uPlot)
  return plot
}

describe('TimeSeriesChart drag-to-zoom', () => {
  it('hands a dragged span over as times and clears the selection', () => {
    const onSelectRange = vi.fn()
    render(<TimeSeriesChart series={series} kind="line" from={t0} to={t0 + 600} label="Latency" onSelectRange={onSelectRange} />)
    const options = built.options[0]!
    expect(options.cursor?.drag).toMatchObject({ x: true, y: false, setScale: false })
    const plot = drag(options, 5, 12)
    expect(onSelectRange).toHaveBeenCalledWith(t0 + 50, t0 + 170)
    expect(plot.setSelect).toHaveBeenCalledWith({ left: 0, top: 0, width: 0, height: 0 }, false)
  })

  it('ignores a click that selects nothing', () => {
    const onSelectRange = vi.fn()
    render(<TimeSeriesChart series={series} kind="bar" from={t0} to={t0 + 600} label="Requests" onSelectRange={onSelectRange} />)
    drag(built.options[0]!, 5, 0)
    expect(onSelectRange).not.toHaveBeenCalled()
  })

  it('does not select at all without onSelectRange', () => {
    render(<TimeSeriesChart series={series} kind="line" from={t0} to={t0 + 600} label="Latency" />)
    expect(built.options[0]!.cursor?.drag).toMatchObject({ x: false, y: false })
  })
})
