import { requiredEnv } from './required-env.ts'

export interface Mail {
  /** One address or several (one mail, all of them as recipients). */
  to: string | string[]
  subject: string
  html: string
  text: string
  /** Names the kind of mail (a Resend tag; the development outbox records it as the mail's template). */
  template: string
}

/**
 * Sends one mail through a mail API that takes Resend's `POST /emails` body. On hosted Nhost the
 * project sets `MAIL_API_URL` (e.g. `https://api.resend.com/emails`), `MAIL_API_KEY` (sent as a
 * bearer token) and `MAIL_FROM` as secrets in `[[global.environment]]`. Run by the embedded
 * backend (subdomain `local`) without them, the mail goes to the backend's development outbox
 * (`<auth>/_dev/outbox`), where verification and reset mails are too.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const { url, headers } = mailApi()
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      from: process.env.MAIL_FROM ?? 'Pulseboard <no-reply@pulseboard.local>',
      to: typeof mail.to === 'string' ? [mail.to] : mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      tags: [{ name: 'template', value: mail.template }],
    }),
  })
  if (!response.ok) throw new Error(`the mail API answered ${response.status}: ${(await response.text()).slice(0, 500)}`)
}

function mailApi(): { url: string; headers: Record<string, string> } {
  const url = process.env.MAIL_API_URL
  if (url) return { url, headers: process.env.MAIL_API_KEY ? { authorization: `Bearer ${process.env.MAIL_API_KEY}` } : {} }
  if (process.env.NHOST_SUBDOMAIN !== 'local') throw new Error('MAIL_API_URL is not set: this project cannot send mail')
  return {
    url: `${requiredEnv('NHOST_AUTH_URL')}/_dev/outbox`,
    headers: { 'x-hasura-admin-secret': requiredEnv('NHOST_ADMIN_SECRET') },
  }
}

/**
 * The web app's address, for links in mails: `APP_URL` when set (hosted Nhost: the project's
 * client URL), else, run by the embedded backend, the backend's own origin, which serves the app.
 */
export function appUrl(): string {
  const url = process.env.APP_URL
  if (url) return url.replace(/\/+$/, '')
  if (process.env.NHOST_SUBDOMAIN !== 'local') throw new Error('APP_URL is not set: mails cannot link to the app')
  return new URL(requiredEnv('NHOST_AUTH_URL')).origin
}
