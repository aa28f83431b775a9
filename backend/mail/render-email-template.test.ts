import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MailOutbox } from './mail-outbox.ts'
import { renderEmailTemplate, type EmailTemplateData } from './render-email-template.ts'

const dir = mkdtempSync(join(tmpdir(), 'pulseboard-mail-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function template(locale: string, name: string, subject: string, body: string) {
  mkdirSync(join(dir, 'emails', locale, name), { recursive: true })
  writeFileSync(join(dir, 'emails', locale, name, 'subject.txt'), subject)
  writeFileSync(join(dir, 'emails', locale, name, 'body.html'), body)
}

const data: EmailTemplateData = {
  link: 'https://x.test/v1/auth/verify?a=1&b=2',
  displayName: 'Ada <Lovelace>',
  email: 'ada@example.com',
  newEmail: '',
  ticket: 'verifyEmail:1',
  redirectTo: 'https://app.test',
  locale: 'fr',
  serverUrl: 'https://x.test/v1/auth',
  clientUrl: 'https://app.test',
}

describe('renderEmailTemplate', () => {
  template('en', 'email-verify', 'Verify ${email}\n', '<a href="${link}">${displayName}</a> ${unknown}')
  template('fr', 'password-reset', 'Réinitialiser', '<p>${displayName}</p>')

  it("fills Nhost's placeholders, escaping values in the HTML body", async () => {
    const mail = await renderEmailTemplate(join(dir, 'emails'), 'email-verify', { ...data, locale: 'en' }, 'en')
    expect(mail).toEqual({
      subject: 'Verify ada@example.com',
      html: '<a href="https://x.test/v1/auth/verify?a=1&amp;b=2">Ada &lt;Lovelace&gt;</a> ${unknown}',
      locale: 'en',
    })
  })

  it("uses the user's locale when it has the template, else the default one", async () => {
    expect((await renderEmailTemplate(join(dir, 'emails'), 'password-reset', data, 'en')).locale).toBe('fr')
    expect((await renderEmailTemplate(join(dir, 'emails'), 'email-verify', data, 'en')).locale).toBe('en')
  })

  it('fails loudly when no locale has the template', async () => {
    await expect(renderEmailTemplate(join(dir, 'emails'), 'signin-passwordless', data, 'en')).rejects.toThrow(/signin-passwordless/)
  })
})

describe('MailOutbox', () => {
  it('keeps one JSON file per mail and lists them newest first, by recipient', async () => {
    const outbox = new MailOutbox(join(dir, 'mail'))
    expect(await outbox.list()).toEqual([])
    const base = { subject: 's', html: 'h', template: 'email-verify', locale: 'en', data: {} }
    await outbox.send({ ...base, to: 'a@example.com' })
    await outbox.send({ ...base, to: 'b@example.com' })
    const third = await outbox.send({ ...base, to: 'A@example.com', subject: 'latest' })
    expect((await outbox.list()).map((m) => m.to)).toEqual(['A@example.com', 'b@example.com', 'a@example.com'])
    expect((await outbox.list({ to: 'a@EXAMPLE.com' })).map((m) => m.id)[0]).toBe(third.id)
  })
})
