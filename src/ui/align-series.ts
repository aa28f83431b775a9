import type { SeriesPoint } from './time-series-chart.tsx'

/**
 * uPlot draws every series over one x array: the times of all the series, ascending, and each
 * series' value at each of them (null where it has none, which breaks its line there).
 */
export function alignSeries(series: readonly (readonly SeriesPoint[])[]): [number[], ...(number | null)[][]] {
  const times = [...new Set(series.flatMap((points) => points.map((p) => p.t)))].sort((a, b) => a - b)
  const columns = series.map((points) => {
    const byTime = new Map(points.map((p) => [p.t, p.value]))
    return times.map((t) => byTime.get(t) ?? null)
  })
  return [times, ...columns]
}
