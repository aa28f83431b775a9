import type { ApolloClient } from '@apollo/client'
import { MetricPointsExportDocument } from '../../gql/graphql.ts'

/** Rows per request: large enough for few round trips, small enough to stay under request limits. */
export const EXPORT_PAGE_SIZE = 10_000

/** Before any point the database accepts (points are at most 5 years old, SPEC §4). */
const OLDEST_CURSOR = '1970-01-01T00:00:00Z'

/**
 * Every point of a metric as the CSV the import reads (`ts,value`, ISO-8601 UTC, oldest first),
 * fetched page by page on the ts keyset. Returns the file's parts, ready for a Blob, and a file
 * name from the metric's key.
 */
export async function exportPointsCsv(
  client: ApolloClient,
  metricId: string,
  onProgress?: (rows: number) => void,
): Promise<{ fileName: string; parts: string[]; rows: number }> {
  const parts = ['ts,value\n']
  let after = OLDEST_CURSOR
  let rows = 0
  let key = 'points'
  for (;;) {
    const { data } = await client.query({
      query: MetricPointsExportDocument,
      variables: { metricId, after, limit: EXPORT_PAGE_SIZE },
      fetchPolicy: 'no-cache',
    })
    if (!data) throw new Error('the export query returned no data')
    key = data.metrics_by_pk?.key ?? key
    parts.push(pointsCsvLines(data.points))
    rows += data.points.length
    onProgress?.(rows)
    if (data.points.length < EXPORT_PAGE_SIZE) break
    after = data.points[data.points.length - 1]!.ts
  }
  return { fileName: `${key}.csv`, parts, rows }
}

/** `ts,value` lines of `points`; timestamps as the server sends them (ISO-8601 with offset). */
export function pointsCsvLines(points: readonly { ts: string; value: number }[]): string {
  let text = ''
  for (const point of points) text += `${point.ts},${point.value}\n`
  return text
}
