/**
 * A live time series drawn with uPlot (canvas, made for streaming series: redrawing a few
 * hundred points costs well under a millisecond). The chart is created once and fed new data
 * with setData, so a subscription pushing every second does not rebuild it.
 */
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { alignSeries } from './align-series.ts'
import { lonePoints, withGaps } from './series-gaps.ts'

export interface SeriesPoint {
  /** Unix seconds. */
  t: number
  value: number | null
}

/** One line (or set of bars) of the chart, in its own colour. */
export interface ChartSeries {
  label: string
  points: readonly SeriesPoint[]
  colour: string
}

export interface TimeSeriesChartProps {
  /** Drawn in order, over one time axis; the first series' unit labels the y axis. */
  series: readonly ChartSeries[]
  kind: 'line' | 'bar'
  /** Visible range, Unix seconds. */
  from: number
  to: number
  label: string
  unit?: string
  height?: number
  /** The width of a bucket, seconds: missing buckets break the line, and the x range leaves room for the newest bar. */
  bucketSeconds?: number
  /** Moments marked with a dashed vertical line (annotations), Unix seconds. */
  markers?: readonly { t: number; label: string }[]
  /** Given, a drag across the chart selects a span and hands it over, Unix seconds (drag-to-zoom). */
  onSelectRange?: (from: number, to: number) => void
}

const MARKER_COLOR = '#d97706'

/** uPlot draw hook: a dashed line and a small flag for each marker in view. */
function drawMarkers(plot: uPlot, markers: readonly { t: number }[]): void {
  const { ctx, bbox } = plot
  ctx.save()
  ctx.strokeStyle = MARKER_COLOR
  ctx.fillStyle = MARKER_COLOR
  ctx.lineWidth = Math.max(1, devicePixelRatio)
  ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio])
  for (const { t } of markers) {
    const x = Math.round(plot.valToPos(t, 'x', true))
    if (x < bbox.left || x > bbox.left + bbox.width) continue
    ctx.beginPath()
    ctx.moveTo(x, bbox.top)
    ctx.lineTo(x, bbox.top + bbox.height)
    ctx.stroke()
    ctx.fillRect(x - 3 * devicePixelRatio, bbox.top, 6 * devicePixelRatio, 6 * devicePixelRatio)
  }
  ctx.restore()
}

/** uPlot setSelect hook: the dragged span as times, handed over once the selection is cleared. */
export function selectRange(plot: uPlot, onSelectRange: ((from: number, to: number) => void) | undefined): void {
  const { left, width } = plot.select
  if (!onSelectRange || width < 1) return
  const from = plot.posToVal(left, 'x')
  const to = plot.posToVal(left + width, 'x')
  plot.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false)
  onSelectRange(from, to)
}

/** A bar's fill, see-through where several series' bars overlap; a lone line's faint area (several lines: none). */
function seriesFill(colour: string, kind: 'line' | 'bar', count: number): string | undefined {
  if (kind === 'bar') return `${colour}${count > 1 ? '66' : '8c'}`
  return count > 1 ? undefined : `${colour}14`
}

export function TimeSeriesChart({
  series,
  kind,
  from,
  to,
  label,
  unit,
  height = 200,
  markers = [],
  bucketSeconds = 0,
  onSelectRange,
}: TimeSeriesChartProps) {
  const container = useRef<HTMLDivElement>(null)
  const chart = useRef<uPlot | null>(null)
  const range = useRef({ from, to })
  // A bar is drawn centred on its bucket's start: half a bucket more on each side keeps the
  // first and newest bars whole.
  const pad = kind === 'bar' ? bucketSeconds / 2 : 0
  range.current = { from: from - pad, to: to + pad }
  const markerRef = useRef(markers)
  markerRef.current = markers
  const onSelectRef = useRef(onSelectRange)
  onSelectRef.current = onSelectRange
  const zoomable = onSelectRange !== undefined

  const data = (): uPlot.AlignedData => alignSeries(series.map((s) => withGaps(s.points, bucketSeconds)))
  // The chart is rebuilt when its series change, not when their points do.
  const shape = series.map((s) => `${s.label}\u0000${s.colour}`).join('\u0001')
  const fewPoints = series.every((s) => s.points.length < 3)

  useEffect(() => {
    const element = container.current
    if (!element) return
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      legend: { show: false },
      hooks: {
        draw: [(plot) => drawMarkers(plot, markerRef.current)],
        setSelect: [(plot) => selectRange(plot, onSelectRef.current)],
      },
      // A drag selects along x only and leaves the scale alone: the page changes the range instead.
      cursor: { drag: { x: zoomable, y: false, setScale: false, dist: 4 } },
      scales: {
        x: { time: true, range: () => [range.current.from, range.current.to] },
        // Bars measure from zero; a line may zoom in on its values.
        ...(kind === 'bar'
          ? { y: { range: (_u: uPlot, min: number, max: number): uPlot.Range.MinMax => [Math.min(0, min), Math.max(0, max) * 1.05 || 1] } }
          : {}),
      },
      axes: [
        // Time labels need ~70 px each ("12:35am" over a date): fewer ticks on narrow panels.
        { stroke: 'currentColor', grid: { stroke: 'rgba(127,127,127,0.15)' }, space: 80 },
        { stroke: 'currentColor', grid: { stroke: 'rgba(127,127,127,0.15)' }, size: 56, ...(unit ? { label: unit, labelSize: 18 } : {}) },
      ],
      series: [
        {},
        ...series.map(({ label: seriesLabel, colour }): uPlot.Series => ({
          label: seriesLabel,
          stroke: colour,
          width: 2,
          fill: seriesFill(colour, kind, series.length),
          spanGaps: false,
          // A short series shows every point; a longer one the points a gap leaves alone on a line.
          points:
            kind === 'bar'
              ? { show: fewPoints }
              : {
                  show: true,
                  filter: (plot, seriesIndex) => (plot.data[seriesIndex]!.length < 3 ? null : lonePoints(plot.data[seriesIndex]!)),
                },
          ...(kind === 'bar' ? { paths: uPlot.paths.bars?.({ size: [0.7, 40] }) } : {}),
        })),
      ],
    }
    let plot: uPlot
    try {
      plot = new uPlot(options, data(), element)
    } catch (error) {
      console.error('chart could not be drawn', error)
      return
    }
    chart.current = plot
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      plot.destroy()
      chart.current = null
    }
    // Rebuilt only when its shape changes; data flows through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, height, label, unit, shape, zoomable])

  useEffect(() => {
    chart.current?.setData(data(), true)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, from, to, markers])

  const marked =
    markers.length > 0 ? `, ${markers.length} annotation${markers.length === 1 ? '' : 's'}: ${markers.map((m) => m.label).join('; ')}` : ''
  return (
    <div
      ref={container}
      className="chart"
      role="img"
      data-markers={markers.length}
      aria-label={`${kind === 'bar' ? 'Bar' : 'Line'} chart of ${label}${marked}`}
    />
  )
}
