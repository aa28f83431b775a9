import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type NhostClient } from '@nhost/nhost-js'
import { FetchError } from '@nhost/nhost-js/fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import { createLogger } from '../../backend/lib/logger.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'

/**
 * Drives the auth service through the real `@nhost/nhost-js` client against the running backend
 * (real HTTP, the project's nhost.toml), as the web app and third-party scripts do, and checks
 * that the GraphQL engine takes the tokens it issues.
 */

const ADMIN_SECRET = 'auth-nhost-js-admin-secret'
const PASSWORD = 'correct-horse-9'

let backend: RunningBackend
let dataDir: string
let dropDatabase: () => Promise<void>

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-auth-it-'))
  const { target, drop } = await createTestDatabaseTarget()
  dropDatabase = drop
  backend = await startBackend({
    env: { ...process.env, PORT: '0', PULSEBOARD_DATA_DIR: dataDir, HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET },
    database: target,
    log: createLogger('silent'),
  })
})

afterAll(async () => {
  await backend?.stop()
  await dropDatabase?.()
  rmSync(dataDir, { recursive: true, force: true })
})

const client = (): NhostClient =>
  createClient({
    authUrl: `${backend.url}/v1/auth`,
    graphqlUrl: `${backend.url}/v1/graphql`,
    storageUrl: `${backend.url}/v1/storage`,
    functionsUrl: `${backend.url}/v1/functions`,
  })

/** The error body nhost-js hands back when the service refuses a call. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; body: any }> {
  try {
    await call
  } catch (error) {
    if (error instanceof FetchError) return { status: error.status, body: error.body }
    throw error
  }
  throw new Error('the call was expected to fail')
}

/** The newest mail to `to`, read through the admin-only outbox endpoint (a reset mails after answering). */
async function latestMail(to: string): Promise<{ template: string; data: Record<string, string> }> {
  const read = async () => {
    const response = await fetch(`${backend.url}/v1/auth/_dev/outbox?to=${encodeURIComponent(to)}`, {
      headers: { 'x-hasura-admin-secret': ADMIN_SECRET },
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { messages: { template: string; data: Record<string, string> }[] }).messages
  }
  await expect.poll(async () => (await read()).length, { timeout: 5000 }).toBeGreaterThan(0)
  return (await read())[0]!
}

/** Opens a mail link as a browser would, stopping at the redirect back to the app. */
async function followLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' })
  expect(response.status).toBe(302)
  return new URL(response.headers.get('location')!)
}

describe('@nhost/nhost-js against the embedded auth service', () => {
  it('signs up, signs in, refreshes, refuses a spent refresh token, and signs out', async () => {
    const nhost = client()
    const signUp = await nhost.auth.signUpEmailPassword({ email: 'ada@example.com', password: PASSWORD, options: { displayName: 'Ada' } })
    expect(signUp.status).toBe(200)
    expect(signUp.body.session?.user).toMatchObject({ email: 'ada@example.com', displayName: 'Ada', defaultRole: 'user' })
    expect(nhost.getUserSession()?.user?.email).toBe('ada@example.com')

    const signIn = await nhost.auth.signInEmailPassword({ email: 'ada@example.com', password: PASSWORD })
    const first = signIn.body.session!
    expect(nhost.getUserSession()?.decodedToken['https://hasura.io/jwt/claims']?.['x-hasura-user-id']).toBe(first.user!.id)

    const refreshed = await nhost.auth.refreshToken({ refreshToken: first.refreshToken })
    expect(refreshed.body).toMatchObject({ refreshTokenId: first.refreshTokenId, user: { id: first.user!.id } })
    expect(refreshed.body.refreshToken).not.toBe(first.refreshToken)
    expect(await refusal(nhost.auth.refreshToken({ refreshToken: first.refreshToken }))).toMatchObject({
      status: 401,
      body: { error: 'invalid-refresh-token' },
    })

    const me = await nhost.auth.getUser({ headers: { authorization: `Bearer ${refreshed.body.accessToken}` } })
    expect(me.body).toMatchObject({ id: first.user!.id, email: 'ada@example.com', isAnonymous: false })

    expect((await nhost.auth.signOut({ refreshToken: refreshed.body.refreshToken })).body).toBe('OK')
    expect(await refusal(nhost.auth.refreshToken({ refreshToken: refreshed.body.refreshToken }))).toMatchObject({ status: 401 })
  })

  it('ends the session for thief and owner alike when a stolen refresh token is used after rotation', async () => {
    const owner = client()
    await owner.auth.signUpEmailPassword({ email: 'stolen@example.com', password: PASSWORD })
    const session = (await owner.auth.signInEmailPassword({ email: 'stolen@example.com', password: PASSWORD })).body.session!
    const copy = session.refreshToken
    const rotated = await owner.auth.refreshToken({ refreshToken: session.refreshToken })
    expect(rotated.status).toBe(200)
    const thief = client()
    expect(await refusal(thief.auth.refreshToken({ refreshToken: copy }))).toMatchObject({
      status: 401,
      body: { error: 'invalid-refresh-token' },
    })
    expect(await refusal(owner.auth.refreshToken({ refreshToken: rotated.body.refreshToken }))).toMatchObject({
      status: 401,
      body: { error: 'invalid-refresh-token' },
    })
  })

  it('refuses a wrong password and a taken email with Nhost codes', async () => {
    const nhost = client()
    expect(await refusal(nhost.auth.signInEmailPassword({ email: 'ada@example.com', password: 'wrong-horse-9' }))).toMatchObject({
      status: 401,
      body: { error: 'invalid-email-password', message: 'Incorrect email or password' },
    })
    expect(await refusal(nhost.auth.signInEmailPassword({ email: 'nobody@example.com', password: 'wrong-horse-9' }))).toMatchObject({
      status: 401,
      body: { error: 'invalid-email-password' },
    })
    expect(await refusal(nhost.auth.signUpEmailPassword({ email: 'ADA@example.com', password: PASSWORD }))).toMatchObject({
      status: 409,
      body: { error: 'user-already-exists' },
    })
    expect(await refusal(nhost.auth.signUpEmailPassword({ email: 'short@example.com', password: 'short' }))).toMatchObject({
      status: 400,
      body: { error: 'password-too-short' },
    })
  })

  it('signs out of every device at once', async () => {
    const laptop = client()
    const phone = client()
    await laptop.auth.signInEmailPassword({ email: 'ada@example.com', password: PASSWORD })
    const onPhone = (await phone.auth.signInEmailPassword({ email: 'ada@example.com', password: PASSWORD })).body.session!
    expect((await laptop.auth.signOut({ all: true })).body).toBe('OK')
    expect(await refusal(phone.auth.refreshToken({ refreshToken: onPhone.refreshToken }))).toMatchObject({
      status: 401,
      body: { error: 'invalid-refresh-token' },
    })
  })

  it('signs in anonymously and deanonymizes into a regular account', async () => {
    const nhost = client()
    const anonymous = (await nhost.auth.signInAnonymous({ displayName: 'Visitor' })).body.session!
    expect(anonymous.user).toMatchObject({ isAnonymous: true, defaultRole: 'anonymous', displayName: 'Visitor' })
    expect(
      (await nhost.auth.deanonymizeUser({ signInMethod: 'email-password', email: 'visitor@example.com', password: PASSWORD })).body,
    ).toBe('OK')
    const signIn = await client().auth.signInEmailPassword({ email: 'visitor@example.com', password: PASSWORD })
    expect(signIn.body.session!.user).toMatchObject({ id: anonymous.user!.id, isAnonymous: false, defaultRole: 'user' })
  })

  it('creates a personal access token and signs in with it', async () => {
    const nhost = client()
    await nhost.auth.signInEmailPassword({ email: 'ada@example.com', password: PASSWORD })
    const pat = await nhost.auth.createPAT({ expiresAt: new Date(Date.now() + 7 * 86400_000).toISOString(), metadata: { name: 'ci' } })
    const script = client()
    const session = (await script.auth.signInPAT({ personalAccessToken: pat.body.personalAccessToken })).body.session!
    expect(session.user).toMatchObject({ email: 'ada@example.com' })
    expect(script.getUserSession()?.decodedToken['https://hasura.io/jwt/claims']?.['x-hasura-default-role']).toBe('user')
    expect(await refusal(script.auth.signInPAT({ personalAccessToken: '6a1c5f5e-6f7b-4d0e-9a53-333333333333' }))).toMatchObject({
      status: 401,
      body: { error: 'invalid-pat' },
    })
  })

  it('resets a forgotten password by following the link from the outbox', async () => {
    const nhost = client()
    await nhost.auth.signUpEmailPassword({ email: 'forgetful@example.com', password: PASSWORD })
    expect(
      (
        await nhost.auth.sendPasswordResetEmail({
          email: 'forgetful@example.com',
          options: { redirectTo: 'http://localhost:1337/reset-password' },
        })
      ).body,
    ).toBe('OK')
    const mail = await latestMail('forgetful@example.com')
    expect(mail.template).toBe('password-reset')
    const landing = await followLink(mail.data.link!)
    expect(landing.pathname).toBe('/reset-password')
    const refreshToken = landing.searchParams.get('refreshToken')!

    const browser = client()
    const session = (await browser.auth.refreshToken({ refreshToken })).body
    expect(
      (
        await browser.auth.changeUserPassword(
          { newPassword: 'new-horse-battery-9' },
          { headers: { authorization: `Bearer ${session.accessToken}` } },
        )
      ).body,
    ).toBe('OK')
    expect((await client().auth.signInEmailPassword({ email: 'forgetful@example.com', password: 'new-horse-battery-9' })).status).toBe(200)
    expect(await refusal(client().auth.signInEmailPassword({ email: 'forgetful@example.com', password: PASSWORD }))).toMatchObject({
      status: 401,
    })
  })

  it('verifies an email address by following the link from the outbox', async () => {
    const nhost = client()
    await nhost.auth.signUpEmailPassword({ email: 'unverified@example.com', password: PASSWORD })
    expect((await nhost.auth.sendVerificationEmail({ email: 'unverified@example.com' })).body).toBe('OK')
    const mail = await latestMail('unverified@example.com')
    const landing = await followLink(
      nhost.auth.verifyTicketURL({ ticket: mail.data.ticket!, type: 'emailVerify', redirectTo: 'http://localhost:1337/' }),
    )
    expect(landing.searchParams.get('type')).toBe('verifyEmail')
    const session = (await nhost.auth.refreshToken({ refreshToken: landing.searchParams.get('refreshToken')! })).body
    expect(session.user).toMatchObject({ email: 'unverified@example.com', emailVerified: true })
    expect(await refusal(nhost.auth.sendVerificationEmail({ email: 'unverified@example.com' }))).toMatchObject({
      status: 400,
      body: { error: 'email-already-verified' },
    })
  })

  it('issues tokens the GraphQL engine accepts, as the user they name, with the user role', async () => {
    const nhost = client()
    await nhost.auth.signInEmailPassword({ email: 'ada@example.com', password: PASSWORD })
    const pat = (
      await nhost.auth.createPAT({ expiresAt: new Date(Date.now() + 86400_000).toISOString(), metadata: { name: 'engine-check' } })
    ).body
    const query = '{ authRefreshTokens(where: {metadata: {_contains: {name: "engine-check"}}}) { id type metadata } }'
    const expected = { authRefreshTokens: [{ id: pat.id, type: 'pat', metadata: { name: 'engine-check' } }] }
    const response = await nhost.graphql.request<typeof expected>({ query })
    expect(response.body.data).toEqual(expected)

    // A session from the personal access token is the same user with the same rights.
    const script = client()
    await script.auth.signInPAT({ personalAccessToken: pat.personalAccessToken })
    expect((await script.graphql.request<typeof expected>({ query })).body.data).toEqual(expected)
    // Another user sees none of it.
    const other = client()
    await other.auth.signUpEmailPassword({ email: 'other@example.com', password: PASSWORD })
    expect((await other.graphql.request<typeof expected>({ query })).body.data).toEqual({ authRefreshTokens: [] })

    // A tampered token is refused by the engine as Hasura refuses it.
    const [header, , signature] = nhost.getUserSession()!.accessToken.split('.')
    const forged = Buffer.from(
      JSON.stringify({
        sub: pat.id,
        'https://hasura.io/jwt/claims': { 'x-hasura-default-role': 'admin', 'x-hasura-allowed-roles': ['admin'] },
      }),
    ).toString('base64url')
    const refused = await fetch(`${backend.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${header}.${forged}.${signature}` },
      body: JSON.stringify({ query }),
    })
    expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('invalid-jwt')
  })

  it('publishes the health check, version and key set', async () => {
    const nhost = client()
    expect((await nhost.auth.healthCheckGet()).body).toBe('OK')
    expect((await nhost.auth.getVersion()).body.version).toMatch(/^\d+\.\d+\.\d+/)
    expect((await nhost.auth.getJWKs()).body).toEqual({ keys: [] })
  })
})
