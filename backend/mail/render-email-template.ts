import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Nhost Auth's template names (`nhost/emails/<locale>/<name>/`). */
export type EmailTemplateName = 'email-verify' | 'password-reset' | 'email-confirm-change' | 'signin-passwordless'

/** The placeholders Nhost fills in templates, written `${name}` in them. */
export interface EmailTemplateData {
  link: string
  displayName: string
  email: string
  newEmail: string
  ticket: string
  redirectTo: string
  locale: string
  serverUrl: string
  clientUrl: string
}

export interface RenderedEmail {
  subject: string
  html: string
  locale: string
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Renders `nhost/emails/<locale>/<template>/{subject.txt,body.html}` as Nhost Auth does, falling
 * back to the default locale's template when the user's locale has none. Values put into the
 * HTML body are escaped, since a display name is user input.
 */
export async function renderEmailTemplate(
  emailsDir: string,
  template: EmailTemplateName,
  data: EmailTemplateData,
  defaultLocale: string,
): Promise<RenderedEmail> {
  const locale = [data.locale, defaultLocale].find((l) => existsSync(join(emailsDir, l, template, 'body.html')))
  if (locale === undefined) {
    throw new Error(`no email template ${template} for locale ${data.locale} or ${defaultLocale} under ${emailsDir}`)
  }
  const [subject, body] = await Promise.all([
    readFile(join(emailsDir, locale, template, 'subject.txt'), 'utf8'),
    readFile(join(emailsDir, locale, template, 'body.html'), 'utf8'),
  ])
  const fill = (text: string, escape: (value: string) => string) =>
    text.replace(/\$\{(\w+)\}/g, (whole, name: string) => (name in data ? escape(data[name as keyof EmailTemplateData]) : whole))
  return {
    subject: fill(subject.trim(), (value) => value.replace(/[\r\n]+/g, ' ')),
    html: fill(body, (value) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)),
    locale,
  }
}
