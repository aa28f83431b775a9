import { useEffect } from 'react'
import { useLiveSeries, type LiveSeries, type LiveSeriesOptions } from '../lib/use-live-series.ts'

export interface LiveSeriesFeedProps extends LiveSeriesOptions {
  /** Called with the metric's live series each time it changes. */
  onChange(metricId: string, series: LiveSeries): void
}

/**
 * Reads one metric's live series for a panel that draws several: hooks cannot be called in a
 * loop, so each of a panel's other metrics gets one of these, drawing nothing itself.
 */
export function LiveSeriesFeed({ onChange, ...options }: LiveSeriesFeedProps) {
  const series = useLiveSeries(options)
  const { buckets, loading, error } = series
  useEffect(() => {
    onChange(options.metricId, { buckets, loading, error })
  }, [onChange, options.metricId, buckets, loading, error])
  return null
}
