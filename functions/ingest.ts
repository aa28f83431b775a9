import type { Request, Response } from 'express'
import { adminGraphql } from './_lib/graphql.ts'
import { sendError } from './_lib/send-error.ts'
import { hashIngestKey } from './_lib/ingest-key-hash.ts'
import { insertPoints, type PointRow as Row } from './_lib/write-points.ts'
import { parsePointTime, parsePointValue, pointTimeOutOfRange } from './_lib/point-time.ts'

/**
 * POST /v1/functions/ingest — bulk points with a workspace ingest key (SPEC §7, docs/api.md).
 * All or nothing: every point is checked before any is written; re-sending is idempotent.
 */
const MAX_POINTS = 5000

interface Grant {
  key_id: string
  workspace_id: string
  retry_after_seconds: number
  /** The workspace's metrics among those the points name. */
  metrics: { id: string; key: string }[]
}

export default async function ingest(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') {
    res.set('allow', 'POST')
    return sendError(res, 405, 'validation/failed', 'Use POST.')
  }
  const key = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
  if (!key) return sendError(res, 401, 'ingest/key-invalid', 'The ingest key is invalid or revoked.')
  const points: unknown = (req.body as { points?: unknown } | undefined)?.points
  // One round trip: the key check, its rate limit and the metrics the points name.
  const { ingest_authorize: grants } = await adminGraphql<{ ingest_authorize: Grant[] }>(
    `mutation ($hash: String!, $keys: [String!]!) {
      ingest_authorize(args: {hash: $hash}) { key_id workspace_id retry_after_seconds metrics(where: {key: {_in: $keys}}) { id key } }
    }`,
    { hash: hashIngestKey(key), keys: Array.isArray(points) && points.length <= MAX_POINTS ? metricKeys(points) : [] },
  )
  const grant = grants[0]
  if (!grant) return sendError(res, 401, 'ingest/key-invalid', 'The ingest key is invalid or revoked.')
  if (grant.retry_after_seconds > 0) {
    res.set('retry-after', String(grant.retry_after_seconds))
    return sendError(res, 429, 'rate/limited', 'Too many requests. Wait a moment and try again.', { retryAfter: grant.retry_after_seconds })
  }

  if (!Array.isArray(points)) return sendError(res, 422, 'validation/failed', 'The body must be {"points": [...]}.')
  if (points.length > MAX_POINTS)
    return sendError(res, 413, 'ingest/batch-too-large', `Too many points in one request (at most 5,000; got ${points.length}).`)

  const metricIds = new Map(grant.metrics.map((m) => [m.key, m.id]))
  const rows: Row[] = []
  const now = new Date()
  for (const [index, point] of points.entries()) {
    const checked = checkPoint(point, metricIds, now)
    if (typeof checked === 'string') return sendError(res, 422, 'point/invalid', `Point ${index}: ${checked}.`, { index, reason: checked })
    rows.push(checked)
  }
  const stored = rows.length === 0 ? 0 : await insertPoints(rows)
  res.json({ stored, alreadyStored: rows.length - stored })
}

/** A metric key as the metrics table allows it (metrics_key_format); no other key can exist. */
const METRIC_KEY = /^[a-z0-9][a-z0-9_.-]{0,63}$/

/**
 * The distinct metric keys the points name that could exist; any other is refused as unknown
 * later. (Sending 5,000 long made-up keys would otherwise outgrow the GraphQL request limit.)
 */
function metricKeys(points: unknown[]): string[] {
  const keys = new Set<string>()
  for (const point of points) {
    const metric = (point as { metric?: unknown } | null)?.metric
    if (typeof metric === 'string' && METRIC_KEY.test(metric)) keys.add(metric)
  }
  return [...keys]
}

/** The row to write, or the reason the point is refused. */
function checkPoint(point: unknown, metricIds: Map<string, string>, now: Date): Row | string {
  if (typeof point !== 'object' || point === null) return 'not an object'
  const { metric, ts, value } = point as Record<string, unknown>
  const metricId = typeof metric === 'string' ? metricIds.get(metric) : undefined
  if (!metricId) return `unknown metric key ${JSON.stringify(metric ?? null)}`
  if (typeof value !== 'number' || parsePointValue(value) === null) return 'value is not a finite number'
  const ms = parsePointTime(ts)
  if (ms === null) return 'ts is not ISO-8601 or Unix seconds or milliseconds'
  const outOfRange = pointTimeOutOfRange(ms, now)
  if (outOfRange) return outOfRange
  return { metric_id: metricId, ts: new Date(ms).toISOString(), value }
}
