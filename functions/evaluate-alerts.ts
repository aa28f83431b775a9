import type { Request, Response } from 'express'
import { adminGraphql } from './_lib/graphql.ts'
import { requiredEnv } from './_lib/required-env.ts'
import { sendAlertDeliveries } from './_lib/send-alert-deliveries.ts'
import { sendError } from './_lib/send-error.ts'

/** SPEC §9: rules are evaluated every 10 seconds. */
const PERIOD_SECONDS = 10
const RUNS_PER_MINUTE = 60 / PERIOD_SECONDS

/**
 * POST /evaluate-alerts: evaluates every enabled rule once (one SQL statement,
 * evaluate_alert_rules, which also queues a delivery per enabled channel when an alert fires or
 * resolves), then sends the due deliveries: new ones and retries. Called by the cron trigger `evaluate-alerts` every minute with
 * `{"payload": {"fanOut": true}}`: that call also schedules five one-off events at +10 … +50 s
 * calling this function without fanOut, so rules are evaluated every 10 s on any backend whose
 * cron fires once a minute (hosted Nhost too), with no long-running request.
 * Only Hasura's triggers (NHOST_WEBHOOK_SECRET header) or the admin secret may call it.
 */
export default async function evaluateAlerts(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') return sendError(res, 405, 'request/method', 'Use POST.')
  const secret = req.headers['x-pulseboard-webhook-secret'] ?? req.headers['x-hasura-admin-secret']
  if (secret !== requiredEnv('NHOST_WEBHOOK_SECRET') && secret !== requiredEnv('NHOST_ADMIN_SECRET')) {
    return sendError(res, 401, 'permission/denied', 'Only the project schedules alert evaluation.')
  }
  const { evaluate_alert_rules: changed } = await adminGraphql<{ evaluate_alert_rules: { id: string; state: string }[] }>(
    'mutation { evaluate_alert_rules { id state } }',
  )
  const body = req.body as { payload?: { fanOut?: boolean }; scheduled_time?: string } | undefined
  let scheduled = 0
  if (body?.payload?.fanOut) scheduled = await scheduleRestOfMinute(body.scheduled_time)
  const { delivered, failed } = await sendAlertDeliveries()
  res.json({ changed: changed.length, scheduled, delivered, failed })
}

/** One-off events for the other runs of this minute, through Hasura's metadata API. */
async function scheduleRestOfMinute(cronTime: string | undefined): Promise<number> {
  const start = cronTime ? Date.parse(cronTime) : Date.now()
  const metadataUrl = `${requiredEnv('NHOST_HASURA_URL')}/v1/metadata`
  const args = Array.from({ length: RUNS_PER_MINUTE - 1 }, (_, index) => ({
    type: 'create_scheduled_event',
    args: {
      webhook: '{{NHOST_FUNCTIONS_URL}}/evaluate-alerts',
      schedule_at: new Date(start + (index + 1) * PERIOD_SECONDS * 1000).toISOString(),
      payload: {},
      headers: [{ name: 'x-pulseboard-webhook-secret', value_from_env: 'NHOST_WEBHOOK_SECRET' }],
      retry_conf: { num_retries: 0, timeout_seconds: 30, tolerance_seconds: 20 },
      comment: 'alert evaluation, every 10 s between the minutes',
    },
  }))
  const response = await fetch(metadataUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': requiredEnv('NHOST_ADMIN_SECRET') },
    body: JSON.stringify({ type: 'bulk', args }),
  })
  if (!response.ok) throw new Error(`scheduling the rest of the minute failed: ${response.status} ${await response.text()}`)
  return args.length
}
