import { useQuery, useSubscription } from '@apollo/client/react'
import type { ErrorLike } from '@apollo/client'
import { useEffect, useMemo } from 'react'
import { MetricSeriesDocument, MetricSeriesHistoryDaysDocument, MetricSeriesHistoryDocument } from '../gql/graphql.ts'
import { OVER_SOCKET } from './apollo.ts'
import { useKeptValue } from './use-kept-value.ts'
import type { SeriesWindow } from './time-range.ts'
import { mergeSeries, sameFingerprint, splitWindow, type SeriesBucket } from './live-series.ts'

export interface LiveSeriesOptions {
  metricId: string
  bucketSeconds: number
  aggregation: string
  window: SeriesWindow
}

export interface LiveSeries {
  /** The window's buckets; the last complete series is kept while a new window or history loads. */
  buckets: SeriesBucket[] | undefined
  loading: boolean
  error: ErrorLike | undefined
}

/**
 * A metric's series over a live window, as metric_series answers it, refreshed by re-reading only
 * the newest buckets (live-series.ts): the history once, the tail and the history's fingerprint
 * live. The history is read again when its fingerprint changes.
 */
export function useLiveSeries({ metricId, bucketSeconds, aggregation, window }: LiveSeriesOptions): LiveSeries {
  const split = splitWindow(window.since, window.to, window.to - window.from, bucketSeconds)
  const historyArgs = { metricId, since: split.history?.since ?? window.since, until: split.history?.until ?? window.until }
  const history = useQuery(MetricSeriesHistoryDocument, {
    variables: { ...historyArgs, bucketSeconds, aggregation },
    skip: !split.history,
    fetchPolicy: 'no-cache',
    context: OVER_SOCKET,
  })
  // Subscribed once the history is read, its baseline: not competing with the first paint's reads.
  const days = useSubscription(MetricSeriesHistoryDaysDocument, {
    variables: historyArgs,
    skip: !split.history || !history.data,
    fetchPolicy: 'no-cache',
  })
  const tail = useSubscription(MetricSeriesDocument, {
    variables: { metricId, bucketSeconds, since: split.tailSince, until: window.until, aggregation },
    fetchPolicy: 'no-cache',
  })

  const read = history.loading ? undefined : history.data
  const live = days.loading ? undefined : days.data
  const { refetch } = history
  useEffect(() => {
    if (read && live && !sameFingerprint(read.days, live.metric_series)) void refetch()
  }, [read, live, refetch])

  const newest = tail.loading ? undefined : tail.data
  const ready = newest && (!split.history || read)
  const { tailStart } = split
  const merged = useMemo(
    () => (ready ? mergeSeries(read?.metric_series ?? [], newest.metric_series, window.since, split, bucketSeconds) : undefined),
    // The split is recomputed every render; its tail start and window's `since` say all of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ready, read, newest, window.since, tailStart, bucketSeconds],
  )
  const buckets = useKeptValue(merged)
  return { buckets, loading: !buckets && (tail.loading || history.loading), error: tail.error ?? history.error ?? days.error }
}
