import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MailOutbox } from '../../mail/mail-outbox.ts'
import { openAuthTestApp, TEST_AUTH_TOML, type AuthTestApp } from '../../../tests/support/auth-test-harness.ts'
import { awayFromWindowEdge } from '../../../tests/support/window-edge.ts'

/**
 * Password reset as issue 15 asks: answered before the email is looked up, and mail limited per
 * client address and per recipient rather than by one bucket for the whole service.
 */
let t: AuthTestApp
/** Two mails per window: per address and per recipient. */
let limited: AuthTestApp

beforeAll(async () => {
  t = await openAuthTestApp()
  limited = t.withToml(
    TEST_AUTH_TOML.replace(
      "[auth.rateLimit.emails]\nlimit = 10000\ninterval = '1m'",
      "[auth.rateLimit.emails]\nlimit = 2\ninterval = '1h'",
    ),
  )
  for (const email of ['known@example.com', 'victim@example.com', 'flooded@example.com']) await t.signUp(email)
  // The tests of `limited` count mails against one hour's window.
  await awayFromWindowEdge(60 * 60_000, 50_000)
})
afterAll(() => t.close())
afterEach(() => vi.restoreAllMocks())

const reset = (app: AuthTestApp, email: string, ip = '192.0.2.1') =>
  app.call('POST', '/v1/auth/user/password/reset', { ip, body: { email } })

describe('POST /user/password/reset', () => {
  it('answers before the mail is sent, so its timing does not tell whether the email exists', async () => {
    // A slow mail server: the answer must not wait for it.
    const send = MailOutbox.prototype.send
    vi.spyOn(MailOutbox.prototype, 'send').mockImplementation(async function (this: MailOutbox, mail) {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      return send.call(this, mail)
    })
    const timed = async (email: string) => {
      const started = performance.now()
      expect(await reset(t, email)).toMatchObject({ status: 200, body: 'OK' })
      return performance.now() - started
    }
    expect(await timed('known@example.com')).toBeLessThan(1000)
    expect(await timed('nobody-here@example.com')).toBeLessThan(1000)
    expect((await t.waitForMail('known@example.com')).template).toBe('password-reset')
    expect(await t.outbox('nobody-here@example.com')).toEqual([])
  })

  it('limits mail per client address: made-up addresses from one client do not block anyone else', async () => {
    for (let i = 0; i < 2; i++) expect((await reset(limited, `made-up-${i}@example.com`, '198.51.100.66')).status).toBe(200)
    expect(await reset(limited, 'made-up-2@example.com', '198.51.100.66')).toMatchObject({
      status: 429,
      body: { error: 'too-many-requests' },
    })
    expect((await reset(limited, 'victim@example.com', '203.0.113.5')).status).toBe(200)
    expect((await limited.waitForMail('victim@example.com')).template).toBe('password-reset')
  })

  it('limits mail per recipient, keeping the link of the last mail sent valid', async () => {
    const addresses = ['198.51.100.101', '198.51.100.102', '198.51.100.103', '198.51.100.104']
    for (const ip of addresses) expect((await reset(limited, 'flooded@example.com', ip)).status).toBe(200)
    const last = await limited.waitForMail('flooded@example.com', 2)
    // The later requests, from other addresses, sent nothing more and did not replace the ticket.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await limited.outbox('flooded@example.com')).toHaveLength(2)
    const ticket = (last.data as { ticket: string }).ticket
    expect((await limited.call('POST', '/v1/auth/user/password', { body: { newPassword: 'flooded-horse-9', ticket } })).status).toBe(200)
  })
})
