import { timingSafeEqual } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { HttpError } from '../../lib/http-error.ts'
import type { AuthContext } from '../auth-context.ts'

/** The longest HTML a function may put in the outbox. */
const MAX_HTML_CHARS = 200_000

/**
 * `/_dev/outbox`: the development mail outbox, not part of Nhost Auth. The embedded backend sends
 * no mail. `GET [?to=address]` lists what was "sent", newest first: how developers and tests
 * follow verification, reset and invitation links. `POST` is the project's functions' way to send
 * a mail here: it takes the JSON body of a mail API (`{from, to, subject, html, text}`, as Resend's
 * `POST /emails`), so a function sends the same request to this URL locally and to a real mail API
 * on hosted Nhost. Admin secret only, since the mails carry sign-in tickets.
 */
export function devOutboxRoutes(app: Hono, auth: AuthContext): void {
  app.get('/_dev/outbox', async (c) => {
    requireAdminSecret(c, auth)
    const to = c.req.query('to')
    return c.json({ messages: await auth.outbox.list(to === undefined ? {} : { to }) })
  })

  app.post('/_dev/outbox', async (c) => {
    requireAdminSecret(c, auth)
    const mail = readMailRequest(await c.req.json().catch(() => null))
    const stored = await Promise.all(
      mail.to.map((to) =>
        auth.outbox.send({
          to,
          subject: mail.subject,
          html: mail.html,
          template: mail.template,
          locale: auth.settings.defaultLocale,
          data: mail.link === undefined ? {} : { link: mail.link },
        }),
      ),
    )
    return c.json({ id: stored[0]!.id })
  })
}

interface MailRequest {
  to: string[]
  subject: string
  html: string
  template: string
  link: string | undefined
}

/**
 * A mail API's body: `to` one address or a list, `subject`, `html`; `tags` may name the mail's
 * `template` (`[{name: 'template', value: 'invitation'}]`). The mail's first http(s) link becomes
 * `data.link`, as auth mails carry theirs.
 */
function readMailRequest(body: unknown): MailRequest {
  const { to, subject, html, tags } = (body ?? {}) as { to?: unknown; subject?: unknown; html?: unknown; tags?: unknown }
  const addresses = typeof to === 'string' ? [to] : to
  if (!Array.isArray(addresses) || addresses.length === 0 || !addresses.every((a) => typeof a === 'string' && a.includes('@'))) {
    throw new HttpError(400, 'invalid-request', 'to: expected an email address or a list of them')
  }
  if (typeof subject !== 'string' || subject.trim() === '') throw new HttpError(400, 'invalid-request', 'subject: expected text')
  if (typeof html !== 'string' || html.length > MAX_HTML_CHARS) {
    throw new HttpError(400, 'invalid-request', `html: expected at most ${MAX_HTML_CHARS} characters of HTML`)
  }
  const template = Array.isArray(tags)
    ? (tags as { name?: unknown; value?: unknown }[]).find((tag) => tag?.name === 'template')?.value
    : undefined
  const href = /href="(https?:\/\/[^"]+)"/.exec(html)?.[1]
  return {
    to: addresses as string[],
    subject: subject.replace(/[\r\n]+/g, ' ').trim(),
    html,
    template: typeof template === 'string' ? template : 'function',
    link: href?.replace(/&amp;/g, '&'),
  }
}

function requireAdminSecret(c: Context, auth: AuthContext): void {
  if (!isAdminSecret(c.req.header('x-hasura-admin-secret'), auth.adminSecret)) {
    throw new HttpError(401, 'access-denied', 'x-hasura-admin-secret is missing or wrong')
  }
}

function isAdminSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
