import { escapeHtml } from './escape-html.ts'
import type { Mail } from './send-mail.ts'

/** What a delivery tells: one alert's firing or resolving, as claim_alert_deliveries returns it with its relationships. */
export interface AlertEvent {
  event: 'firing' | 'resolved'
  value: number | null
  alertId: string
  rule: { name: string; comparator: string; threshold: number; window_seconds: number }
  metric: { key: string; name: string; unit: string }
  workspace: { name: string; slug: string }
}

const COMPARATORS: Record<string, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' }

function withUnit(value: number | null, unit: string): string {
  if (value === null) return 'no value'
  return unit ? `${value} ${unit}` : String(value)
}

/** "Firing: High latency (api.latency_ms avg 52 ms over 300 s, threshold > 10 ms) in Lab" */
export function alertSummary(e: AlertEvent): string {
  const what = e.event === 'firing' ? 'Firing' : 'Resolved'
  const condition = `${COMPARATORS[e.rule.comparator] ?? e.rule.comparator} ${withUnit(e.rule.threshold, e.metric.unit)}`
  // Names are user input: the summary is one line.
  const line = `${what}: ${e.rule.name} (${e.metric.key} avg ${withUnit(e.value, e.metric.unit)} over ${e.rule.window_seconds} s, threshold ${condition}) in ${e.workspace.name}`
  return line.replace(/[\r\n]+/g, ' ')
}

export const alertLink = (appUrl: string, e: AlertEvent) => `${appUrl}/w/${e.workspace.slug}/alerts/${e.alertId}`

/**
 * A webhook's JSON body: `text` is what Slack (and Mattermost, Rocket.Chat, Discord's /slack
 * endpoint) show; `alert` carries the same facts as fields for other receivers.
 */
export function webhookBody(appUrl: string, e: AlertEvent) {
  const link = alertLink(appUrl, e)
  return {
    text: `${alertSummary(e)} <${link}|Open the alert>`,
    alert: {
      id: e.alertId,
      event: e.event,
      rule: e.rule.name,
      metric: e.metric.key,
      value: e.value,
      comparator: e.rule.comparator,
      threshold: e.rule.threshold,
      unit: e.metric.unit,
      window_seconds: e.rule.window_seconds,
      workspace: e.workspace.slug,
      url: link,
    },
  }
}

/** An email channel's mail: one mail to all of the channel's addresses. */
export function alertMail(appUrl: string, recipients: string[], e: AlertEvent): Mail {
  const summary = alertSummary(e)
  const link = alertLink(appUrl, e)
  return {
    to: recipients,
    subject: summary,
    template: 'alert',
    text: `${summary}\n\nOpen the alert: ${link}\n`,
    html: `<p>${escapeHtml(summary)}</p>\n<p><a href="${escapeHtml(link)}">Open the alert</a></p>\n`,
  }
}

/** A channel's `recipients` column: comma-separated addresses. */
export const splitRecipients = (recipients: string) =>
  recipients
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
