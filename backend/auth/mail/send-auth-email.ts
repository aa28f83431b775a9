import { renderEmailTemplate, type EmailTemplateName } from '../../mail/render-email-template.ts'
import type { AuthContext } from '../auth-context.ts'

/** The `type` a mail link carries to `/verify`, per template (Nhost's `LinkType`). */
const LINK_TYPES: Record<EmailTemplateName, string> = {
  'email-verify': 'emailVerify',
  'password-reset': 'passwordReset',
  'email-confirm-change': 'emailConfirmChange',
  'signin-passwordless': 'signinPasswordless',
}

export interface AuthEmail {
  template: EmailTemplateName
  to: string
  locale: string
  ticket: string
  redirectTo: string
  displayName: string
  email: string
  newEmail?: string
  serverUrl: string
  /** The request that asked for the mail, for its log line. */
  requestId: string
}

/**
 * Counts one mail to `to` against `rateLimit.emails` per recipient; false when the recipient has
 * had its share of the window, whoever asks for more. Callers answer as if it were sent, so the
 * limit tells nothing about accounts.
 */
export function takeMailAllowance(auth: AuthContext, to: string): Promise<boolean> {
  return auth.limits.emailsPerRecipient.allow(to.toLowerCase())
}

/**
 * Renders a ticket mail and puts it in the outbox. The link points at `<serverUrl>/verify` with
 * `type`, `ticket` and `redirectTo`, as Nhost's `GenLink` writes it. `allowed` is for a caller
 * that took the recipient's allowance itself, before storing the ticket.
 */
export async function sendAuthEmail(auth: AuthContext, mail: AuthEmail, allowed?: boolean): Promise<void> {
  if (!(allowed ?? (await takeMailAllowance(auth, mail.to)))) {
    auth.log.warn('auth mail not sent: its recipient reached the emails limit', { requestId: mail.requestId, template: mail.template })
    return
  }
  const link = new URL(`${mail.serverUrl}/verify`)
  link.searchParams.set('type', LINK_TYPES[mail.template])
  link.searchParams.set('ticket', mail.ticket)
  link.searchParams.set('redirectTo', mail.redirectTo)
  const data = {
    link: link.toString(),
    displayName: mail.displayName,
    email: mail.email,
    newEmail: mail.newEmail ?? '',
    ticket: mail.ticket,
    redirectTo: mail.redirectTo,
    locale: mail.locale,
    serverUrl: mail.serverUrl,
    clientUrl: auth.clientUrl(),
  }
  const rendered = await renderEmailTemplate(auth.emailsDir, mail.template, data, auth.settings.defaultLocale)
  await auth.outbox.send({
    to: mail.to,
    subject: rendered.subject,
    html: rendered.html,
    template: mail.template,
    locale: rendered.locale,
    data,
  })
}
