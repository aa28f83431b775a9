import type { Request, Response } from 'express'
import { adminGraphql } from './_lib/graphql.ts'
import { sendError } from './_lib/send-error.ts'

/**
 * POST /v1/functions/retain-points — called hourly by the cron trigger `retain_points`
 * (nhost/metadata/cron_triggers.yaml) with NHOST_WEBHOOK_SECRET: deletes the points older than
 * the 400 days of SPEC §9, and the alert deliveries older than 90 days (the delivery log shows
 * what was sent lately; without a limit it would grow with every alert for ever).
 */
const RETENTION_DAYS = 400
const DELIVERY_LOG_DAYS = 90

export default async function retainPoints(req: Request, res: Response): Promise<void> {
  const secret = process.env.NHOST_WEBHOOK_SECRET
  if (!secret || req.headers['x-pulseboard-webhook-secret'] !== secret)
    return sendError(res, 401, 'permission/denied', 'Only the cron trigger calls this function.')
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
  const before = daysAgo(RETENTION_DAYS)
  const deliveriesBefore = daysAgo(DELIVERY_LOG_DAYS)
  const deleted = await adminGraphql<{ delete_points: { affected_rows: number }; delete_alert_deliveries: { affected_rows: number } }>(
    `mutation ($before: timestamptz!, $deliveriesBefore: timestamptz!) {
      delete_points(where: {ts: {_lt: $before}}) { affected_rows }
      delete_alert_deliveries(where: {created_at: {_lt: $deliveriesBefore}}) { affected_rows }
    }`,
    { before, deliveriesBefore },
  )
  res.json({
    deleted: deleted.delete_points.affected_rows,
    before,
    deletedDeliveries: deleted.delete_alert_deliveries.affected_rows,
    deliveriesBefore,
  })
}
