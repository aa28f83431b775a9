import { adminGraphql } from './graphql.ts'

export interface PointRow {
  metric_id: string
  ts: string
  value: number
}

/**
 * Writes points in one statement; returns how many were new. A point already there (same metric
 * and ts) is left as it was, so re-sending a batch or re-running an import stores nothing twice.
 * The rows travel as one jsonb argument of the tracked function write_points (admin only), not
 * as `insert_points` objects: the engine then has one variable to pass on, not 5,000 objects
 * to coerce and bind, which made the write three times slower (bench/RESULTS.md, "ingest").
 */
export async function insertPoints(rows: PointRow[]): Promise<number> {
  const { write_points } = await adminGraphql<{ write_points: { stored: number }[] }>(
    'mutation ($points: jsonb!) { write_points(args: {points: $points}) { stored } }',
    { points: rows },
  )
  return write_points[0]?.stored ?? 0
}
