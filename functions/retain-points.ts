import type { Request, Response } from 'express'
import { adminGraphql } from './_lib/graphql.ts'
import { sendError } from './_lib/send-error.ts'

/**
 * POST /v1/functions/retain-points — called hourly by the cron trigger `retain_points`
 * (nhost/metadata/cron_triggers.yaml) with NHOST_WEBHOOK_SECRET: deletes the points older than
 * the 400 days of SPEC §9.
 */
const RETENTION_DAYS = 400

export default async function retainPoints(req: Request, res: Response): Promise<void> {
  const secret = process.env.NHOST_WEBHOOK_SECRET
  if (!secret || req.headers['x-pulseboard-webhook-secret'] !== secret)
    return sendError(res, 401, 'permission/denied', 'Only the cron trigger calls this function.')
  const before = new Date(Date.now() - RETENTION_DAYS * 86_400_000).toISOString()
  const { delete_points } = await adminGraphql<{ delete_points: { affected_rows: number } }>(
    'mutation ($before: timestamptz!) { delete_points(where: {ts: {_lt: $before}}) { affected_rows } }',
    { before },
  )
  res.json({ deleted: delete_points.affected_rows, before })
}
