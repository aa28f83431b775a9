import { alertMail, webhookBody, splitRecipients, type AlertEvent } from './alert-notification.ts'
import { adminGraphql } from './graphql.ts'
import { appUrl, sendMail } from './send-mail.ts'

/** A webhook that has not answered by then counts as a failed attempt (retried later). */
const WEBHOOK_TIME_LIMIT_MS = 10_000

interface ClaimedDelivery {
  id: string
  event: 'firing' | 'resolved'
  value: number | null
  channel: { kind: 'email' | 'webhook'; recipients: string | null; url: string | null }
  alert: {
    id: string
    rule: {
      name: string
      comparator: string
      threshold: number
      window_seconds: number
      metric: { key: string; name: string; unit: string; workspace: { name: string; slug: string } }
    }
  }
}

const CLAIM = `mutation { claim_alert_deliveries {
  id event value
  channel { kind recipients url }
  alert { id rule { name comparator threshold window_seconds metric { key name unit workspace { name slug } } } }
} }`

const FINISH = `mutation ($args: finish_alert_delivery_args!) { finish_alert_delivery(args: $args) { id } }`

interface Outcome {
  ok: boolean
  code: number | null
  error: string | null
}

export interface SendSummary {
  delivered: number
  failed: number
}

/**
 * Sends every due alert delivery once (claim_alert_deliveries: another instance running at the
 * same time takes other rows) and records each outcome; a failed one is retried by a later run
 * after its backoff (finish_alert_delivery), up to 5 attempts.
 */
export async function sendAlertDeliveries(): Promise<SendSummary> {
  const { claim_alert_deliveries: claimed } = await adminGraphql<{ claim_alert_deliveries: ClaimedDelivery[] }>(CLAIM)
  const outcomes = await Promise.all(
    claimed.map(async (delivery) => {
      const outcome = await attempt(delivery)
      // The function's optional arguments are left out rather than sent as null.
      const args = { delivery_id: delivery.id, succeeded: outcome.ok, code: outcome.code ?? undefined, error: outcome.error ?? undefined }
      await adminGraphql(FINISH, { args })
      return outcome.ok
    }),
  )
  const delivered = outcomes.filter(Boolean).length
  return { delivered, failed: outcomes.length - delivered }
}

async function attempt(delivery: ClaimedDelivery): Promise<Outcome> {
  const { metric, ...rule } = delivery.alert.rule
  const { workspace, ...metricFields } = metric
  const event: AlertEvent = {
    event: delivery.event,
    value: delivery.value,
    alertId: delivery.alert.id,
    rule,
    metric: metricFields,
    workspace,
  }
  try {
    if (delivery.channel.kind === 'webhook') return await postWebhook(delivery.channel.url!, event)
    await sendMail(alertMail(appUrl(), splitRecipients(delivery.channel.recipients!), event))
    return { ok: true, code: null, error: null }
  } catch (caught) {
    return { ok: false, code: null, error: caught instanceof Error ? caught.message : String(caught) }
  }
}

async function postWebhook(url: string, event: AlertEvent): Promise<Outcome> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Pulseboard-Alerts' },
    body: JSON.stringify(webhookBody(appUrl(), event)),
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIME_LIMIT_MS),
  })
  const text = await response.text().catch(() => '')
  if (response.ok) return { ok: true, code: response.status, error: null }
  return { ok: false, code: response.status, error: `the webhook answered ${response.status}: ${text.slice(0, 300)}` }
}
