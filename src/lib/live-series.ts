/**
 * A live chart's window read in two parts, so that a refresh re-reads only the newest buckets
 * (issue 25 item 2):
 * - the **history**, the buckets before the tail start, read once (a query) together with its
 *   per-day count and sum, the history's fingerprint;
 * - the **tail**, from the tail start to `until`, subscribed: each refresh re-reads at most
 *   TAIL_BUCKETS buckets, where new points land.
 * The fingerprint is subscribed too (a few dozen rollup rows): a point written, corrected or
 * deleted behind the tail changes it, and the history is read again. The tail start moves every
 * TAIL_BUCKETS buckets, and the history is read again then.
 *
 * metric_series takes the bucket holding `since` whole and aligns buckets on the Unix epoch, so
 * the history's buckets before the tail start followed by the tail's are what one call over the
 * whole window answers (`mergeSeries`).
 */

/** One bucket as metric_series returns it. */
export interface SeriesBucket {
  bucket: string
  value: number | null
  samples: number
}

/** The tail spans at most this many buckets before the history is read again. */
export const TAIL_BUCKETS = 16

export interface SeriesSplit {
  /** Where the tail subscription starts (ISO): the tail start, or the window's `since` when there is no history. */
  tailSince: string
  /** The history's read, or null when the tail covers the whole window. */
  history: { since: string; until: string } | null
  /** The tail start, Unix seconds. */
  tailStart: number
}

/** The start of the epoch-aligned bucket holding `seconds`, as metric_series cuts them. */
export function bucketStart(seconds: number, bucketSeconds: number): number {
  return Math.floor(seconds / bucketSeconds) * bucketSeconds
}

/**
 * Splits a window of `rangeSeconds` ending at `nowSeconds` (the chart's minute clock). The tail
 * start is `nowSeconds` rounded down to TAIL_BUCKETS buckets, so it stays put while the window
 * slides; the history is read from `rangeSeconds` before the tail start, which covers every window
 * ending before the tail start moves again (the chart drops the buckets before its own first one).
 */
export function splitWindow(since: string, nowSeconds: number, rangeSeconds: number, bucketSeconds: number): SeriesSplit {
  const tailStart = bucketStart(nowSeconds, bucketSeconds * TAIL_BUCKETS)
  const first = bucketStart(Date.parse(since) / 1000, bucketSeconds)
  if (tailStart <= first) return { tailSince: since, history: null, tailStart }
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString()
  return { tailSince: iso(tailStart), history: { since: iso(tailStart - rangeSeconds), until: iso(tailStart) }, tailStart }
}

/**
 * The window's series as one metric_series call from `since` answers it: the history's buckets
 * from the one holding `since` (its read ends at the tail start), then the tail's.
 */
export function mergeSeries(
  history: readonly SeriesBucket[],
  tail: readonly SeriesBucket[],
  since: string,
  split: SeriesSplit,
  bucketSeconds: number,
): SeriesBucket[] {
  const first = bucketStart(Date.parse(since) / 1000, bucketSeconds)
  const inWindow = (b: SeriesBucket) => Date.parse(b.bucket) / 1000 >= first
  return [...(split.history ? history.filter(inWindow) : []), ...tail.filter(inWindow)]
}

/** Whether two reads of the history's per-day count and sum agree: nothing behind the tail changed between them. */
export function sameFingerprint(a: readonly SeriesBucket[], b: readonly SeriesBucket[]): boolean {
  return (
    a.length === b.length &&
    a.every((day, i) => {
      const other = b[i]!
      return Date.parse(day.bucket) === Date.parse(other.bucket) && day.value === other.value && day.samples === other.samples
    })
  )
}
