import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from '../../lib/sql.ts'
import { openAuthTestApp, TEST_ADMIN_SECRET, TEST_AUTH_TOML, type AuthTestApp } from '../../../tests/support/auth-test-harness.ts'

let t: AuthTestApp
/** The same service with email verification required. */
let strict: AuthTestApp

beforeAll(async () => {
  t = await openAuthTestApp()
  strict = t.withToml(`${TEST_AUTH_TOML.replace('emailVerificationRequired = false', 'emailVerificationRequired = true')}`)
})
afterAll(() => t.close())

/** Follows a mail's link in-process and returns where it redirects to. */
async function follow(app: AuthTestApp, link: string): Promise<URL> {
  const url = new URL(link)
  const response = await app.call('GET', `${url.pathname}${url.search}`)
  expect(response.status).toBe(302)
  return new URL(response.headers.get('location')!)
}

const latestMail = (app: AuthTestApp, to: string) => app.waitForMail(to)

describe('email verification', () => {
  it('signs up without a session, mails a link, and the link verifies and signs in', async () => {
    const signUp = await strict.call('POST', '/v1/auth/signup/email-password', {
      body: {
        email: 'new@example.com',
        password: 'correct-horse-9',
        options: { displayName: 'New <b>', redirectTo: 'https://app.example.com/callback/welcome' },
      },
    })
    expect(signUp).toMatchObject({ status: 200, body: {} })
    expect(signUp.body.session).toBeUndefined()
    expect(
      (await strict.call('POST', '/v1/auth/signin/email-password', { body: { email: 'new@example.com', password: 'correct-horse-9' } }))
        .body.error,
    ).toBe('unverified-user')

    const mail = await latestMail(strict, 'new@example.com')
    expect(mail).toMatchObject({ template: 'email-verify', subject: 'Verify your email for Pulseboard', locale: 'en' })
    // User input in the HTML is escaped.
    expect(mail.html).toContain('Hi New &lt;b&gt;,')
    const link = new URL(mail.data.link!)
    expect(link.pathname).toBe('/v1/auth/verify')
    expect(Object.fromEntries(link.searchParams)).toEqual({
      type: 'emailVerify',
      ticket: mail.data.ticket,
      redirectTo: 'https://app.example.com/callback/welcome',
    })
    expect(mail.html).toContain(mail.data.link!.replaceAll('&', '&amp;'))

    const landing = await follow(strict, mail.data.link!)
    expect(landing.origin + landing.pathname).toBe('https://app.example.com/callback/welcome')
    expect(landing.searchParams.get('type')).toBe('verifyEmail')
    const refreshToken = landing.searchParams.get('refreshToken')!
    expect((await strict.call('POST', '/v1/auth/token', { body: { refreshToken } })).body.user).toMatchObject({
      email: 'new@example.com',
      emailVerified: true,
    })

    // A ticket works once.
    const again = await follow(strict, mail.data.link!)
    expect(Object.fromEntries(again.searchParams)).toEqual({ error: 'invalid-ticket', errorDescription: 'Invalid ticket' })
  })

  it('sends a new verification mail on request, but not for a verified address', async () => {
    await strict.call('POST', '/v1/auth/signup/email-password', { body: { email: 'resend@example.com', password: 'correct-horse-9' } })
    const resent = await strict.call('POST', '/v1/auth/user/email/send-verification-email', { body: { email: 'resend@example.com' } })
    expect(resent).toMatchObject({ status: 200, body: 'OK' })
    const mails = await strict.outbox('resend@example.com')
    expect(mails).toHaveLength(2)
    // Only the newest link works: the ticket column holds one ticket.
    expect((await follow(strict, mails[1]!.data.link!)).searchParams.get('error')).toBe('invalid-ticket')
    expect((await follow(strict, mails[0]!.data.link!)).searchParams.get('refreshToken')).toBeTruthy()
    expect(
      await strict.call('POST', '/v1/auth/user/email/send-verification-email', { body: { email: 'resend@example.com' } }),
    ).toMatchObject({ status: 400, body: { error: 'email-already-verified' } })
    expect(
      (await strict.call('POST', '/v1/auth/user/email/send-verification-email', { body: { email: 'nobody@example.com' } })).body.error,
    ).toBe('invalid-email-password')
  })
})

describe('GET /verify', () => {
  it.each([
    ['a ticket of no known type', 'bogus:123', 'https://app.example.com/callback', 'https://app.example.com/callback', 'invalid-ticket'],
    [
      'an unknown ticket',
      'verifyEmail:7b0c8e1e-0000-4000-8000-000000000000',
      'http://localhost:3000/',
      'http://localhost:3000/',
      'invalid-ticket',
    ],
    ['a redirect that is not allowed', 'verifyEmail:x', 'https://evil.example.net/', 'http://localhost:3000/', 'redirectTo-not-allowed'],
    ['a scheme-relative redirect', 'verifyEmail:x', '//evil.example.net/', 'http://localhost:3000/', 'redirectTo-not-allowed'],
  ])('redirects with an error for %s', async (_, ticket, redirectTo, lands, error) => {
    const response = await t.call('GET', `/v1/auth/verify?${new URLSearchParams({ ticket, type: 'emailVerify', redirectTo })}`)
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location')!)
    expect(location.origin + location.pathname).toBe(lands)
    expect(location.searchParams.get('error')).toBe(error)
  })

  it('answers 400 without a ticket or a redirect', async () => {
    expect((await t.call('GET', '/v1/auth/verify?redirectTo=http://localhost:3000')).body.error).toBe('request-validation-error')
    expect((await t.call('GET', '/v1/auth/verify?ticket=verifyEmail:x')).body.error).toBe('request-validation-error')
  })
})

describe('password reset', () => {
  it('mails a one-hour link that signs in; the new password then works and the old does not', async () => {
    await t.signUp('forgot@example.com')
    const requested = await t.call('POST', '/v1/auth/user/password/reset', {
      body: { email: 'forgot@example.com', options: { redirectTo: 'http://localhost:3000/reset-password' } },
    })
    expect(requested).toMatchObject({ status: 200, body: 'OK' })
    const mail = await latestMail(t, 'forgot@example.com')
    expect(mail).toMatchObject({ template: 'password-reset', data: { ticket: expect.stringMatching(/^passwordReset:/) } })
    const { rows } = await t.db.query<{ minutes: number }>(
      sql`select round(extract(epoch from ticket_expires_at - now()) / 60)::int as minutes from auth.users where email = 'forgot@example.com'`,
    )
    expect(rows[0]!.minutes).toBe(60)

    const landing = await follow(t, mail.data.link!)
    expect(landing.pathname).toBe('/reset-password')
    expect(landing.searchParams.get('type')).toBe('passwordReset')
    const session = (await t.call('POST', '/v1/auth/token', { body: { refreshToken: landing.searchParams.get('refreshToken') } })).body
    expect(
      (await t.call('POST', '/v1/auth/user/password', { token: session.accessToken, body: { newPassword: 'brand-new-horse-9' } })).status,
    ).toBe(200)
    expect(
      (await t.call('POST', '/v1/auth/signin/email-password', { body: { email: 'forgot@example.com', password: 'correct-horse-9' } }))
        .status,
    ).toBe(401)
    expect(
      (await t.call('POST', '/v1/auth/signin/email-password', { body: { email: 'forgot@example.com', password: 'brand-new-horse-9' } }))
        .status,
    ).toBe(200)
  })

  it('changes the password with the ticket itself, once', async () => {
    await t.signUp('ticket@example.com')
    await t.call('POST', '/v1/auth/user/password/reset', { body: { email: 'ticket@example.com' } })
    const { ticket } = (await latestMail(t, 'ticket@example.com')).data
    const change = (newPassword: string) => t.call('POST', '/v1/auth/user/password', { body: { newPassword, ticket } })
    expect((await change('ticket-horse-99')).status).toBe(200)
    expect(await change('ticket-horse-98')).toMatchObject({ status: 401, body: { error: 'invalid-ticket' } })
    expect(
      (await t.call('POST', '/v1/auth/signin/email-password', { body: { email: 'ticket@example.com', password: 'ticket-horse-99' } }))
        .status,
    ).toBe(200)
  })

  it('answers OK for an unknown email and sends nothing', async () => {
    expect(await t.call('POST', '/v1/auth/user/password/reset', { body: { email: 'ghost@example.com' } })).toMatchObject({
      status: 200,
      body: 'OK',
    })
    expect(await t.outbox('ghost@example.com')).toEqual([])
  })

  it.each([
    [
      'a redirect that is not allowed',
      '/v1/auth/user/password/reset',
      { email: 'forgot@example.com', options: { redirectTo: 'https://evil.example.net' } },
      400,
      'redirectTo-not-allowed',
    ],
    [
      'a new password that is too short',
      '/v1/auth/user/password',
      { newPassword: 'short-88', ticket: 'passwordReset:x' },
      400,
      'password-too-short',
    ],
    [
      'a ticket of another kind',
      '/v1/auth/user/password',
      { newPassword: 'long-enough-9', ticket: 'verifyEmail:x' },
      400,
      'schema-validation-error',
    ],
    ['neither a ticket nor a token', '/v1/auth/user/password', { newPassword: 'long-enough-9' }, 400, 'invalid-request'],
  ])('refuses %s', async (_, url, body, status, error) => {
    expect(await t.call('POST', url, { body })).toMatchObject({ status, body: { error } })
  })

  it('answers invalid-request to a password change with a bad token and no ticket', async () => {
    expect(await t.call('POST', '/v1/auth/user/password', { token: 'not.a.jwt', body: { newPassword: 'long-enough-9' } })).toMatchObject({
      status: 400,
      body: { error: 'invalid-request' },
    })
  })
})

describe('POST /user/email/change', () => {
  it('mails the new address and switches only when the link is followed', async () => {
    const session = await t.signUp('before@example.com')
    await t.signUp('taken@example.com')
    expect(
      (await t.call('POST', '/v1/auth/user/email/change', { token: session.accessToken, body: { newEmail: 'taken@example.com' } })).body
        .error,
    ).toBe('user-already-exists')
    const changed = await t.call('POST', '/v1/auth/user/email/change', {
      token: session.accessToken,
      body: { newEmail: 'after@example.com' },
    })
    expect(changed).toMatchObject({ status: 200, body: 'OK' })
    expect((await t.call('GET', '/v1/auth/user', { token: session.accessToken })).body.email).toBe('before@example.com')
    const mail = await latestMail(t, 'after@example.com')
    expect(mail).toMatchObject({ template: 'email-confirm-change', data: { email: 'before@example.com', newEmail: 'after@example.com' } })
    expect((await follow(t, mail.data.link!)).searchParams.get('type')).toBe('emailConfirmChange')
    expect((await t.call('GET', '/v1/auth/user', { token: session.accessToken })).body.email).toBe('after@example.com')
  })

  it('needs a signed-in user', async () => {
    expect((await t.call('POST', '/v1/auth/user/email/change', { body: { newEmail: 'x@example.com' } })).status).toBe(401)
  })
})

describe('GET /_dev/outbox', () => {
  it('lists mails for the admin secret only', async () => {
    expect(await t.call('GET', '/v1/auth/_dev/outbox')).toMatchObject({ status: 401, body: { error: 'access-denied' } })
    expect((await t.call('GET', '/v1/auth/_dev/outbox', { headers: { 'x-hasura-admin-secret': 'wrong' } })).status).toBe(401)
    const listed = await t.call('GET', '/v1/auth/_dev/outbox?to=FORGOT@example.com', {
      headers: { 'x-hasura-admin-secret': TEST_ADMIN_SECRET },
    })
    expect(listed.status).toBe(200)
    expect(listed.body.messages.length).toBeGreaterThan(0)
    expect(listed.body.messages.every((m: { to: string }) => m.to === 'forgot@example.com')).toBe(true)
  })
})
