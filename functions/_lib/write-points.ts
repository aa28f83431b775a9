import { adminGraphql } from './graphql.ts'

export interface PointRow {
  metric_id: string
  ts: string
  value: number
}

/**
 * Writes points in one statement; returns how many were new. A point already there (same metric
 * and ts) is left as it was, so re-sending a batch or re-running an import stores nothing twice.
 */
export async function insertPoints(rows: PointRow[]): Promise<number> {
  const { insert_points } = await adminGraphql<{ insert_points: { affected_rows: number } }>(
    'mutation ($rows: [points_insert_input!]!) { insert_points(objects: $rows, on_conflict: {constraint: points_metric_id_ts_key, update_columns: []}) { affected_rows } }',
    { rows },
  )
  return insert_points.affected_rows
}
