import { renderEmailTemplate, type EmailTemplateName } from '../mail/render-email-template.ts'
import type { AuthContext } from './auth-context.ts'

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
}

/**
 * Renders a ticket mail and puts it in the outbox. The link points at `<serverUrl>/verify` with
 * `type`, `ticket` and `redirectTo`, as Nhost's `GenLink` writes it.
 */
export async function sendAuthEmail(auth: AuthContext, mail: AuthEmail): Promise<void> {
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
    clientUrl: auth.settings.clientUrl,
  }
  const rendered = await renderEmailTemplate(auth.emailsDir, mail.template, data, auth.settings.defaultLocale)
  await auth.outbox.send({ to: mail.to, subject: rendered.subject, html: rendered.html, template: mail.template, locale: rendered.locale, data })
}
