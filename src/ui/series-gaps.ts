import type { SeriesPoint } from './time-series-chart.tsx'

/**
 * metric_series leaves out the buckets that hold no point, and uPlot joins the points on either
 * side of a gap unless a null sits between them: each missing bucket between two points becomes a
 * null, so that a line breaks where data is missing (`spanGaps: false`) and no bar is drawn there.
 */
export function withGaps(points: readonly SeriesPoint[], bucketSeconds: number): SeriesPoint[] {
  if (!(bucketSeconds > 0)) return [...points]
  const filled: SeriesPoint[] = []
  for (const point of points) {
    const previous = filled.at(-1)
    if (previous) for (let t = previous.t + bucketSeconds; t < point.t; t += bucketSeconds) filled.push({ t, value: null })
    filled.push(point)
  }
  return filled
}

/** Indices of the values with no value on either side: a line has no segment to draw through them, so they are drawn as dots. */
export function lonePoints(values: ArrayLike<number | null | undefined>): number[] {
  const lone: number[] = []
  for (let i = 0; i < values.length; i++) {
    if (values[i] != null && values[i - 1] == null && values[i + 1] == null) lone.push(i)
  }
  return lone
}
