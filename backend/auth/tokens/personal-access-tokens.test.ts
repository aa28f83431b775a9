import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from '../../lib/sql.ts'
import { jwtPayload, openAuthTestApp, type AuthTestApp } from '../../../tests/support/auth-test-harness.ts'

let t: AuthTestApp
let session: { accessToken: string; refreshToken: string; user: { id: string } }

beforeAll(async () => {
  t = await openAuthTestApp()
  session = await t.signUp('robot-owner@example.com')
})
afterAll(() => t.close())

const inOneDay = () => new Date(Date.now() + 86400_000).toISOString()
const createPat = (body: unknown, token = session.accessToken) => t.call('POST', '/v1/auth/pat', { token, body })
const signInPat = (personalAccessToken: unknown) => t.call('POST', '/v1/auth/signin/pat', { body: { personalAccessToken } })

describe('POST /pat and POST /signin/pat', () => {
  it('creates a PAT that signs in as its owner with the user role', async () => {
    const created = await createPat({ expiresAt: inOneDay(), metadata: { name: 'ci' } })
    expect(created.status).toBe(200)
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      personalAccessToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    const { rows } = await t.db.query<{ type: string; metadata: unknown }>(
      sql`select type, metadata from auth.refresh_tokens where id = ${created.body.id}::uuid`,
    )
    expect(rows[0]).toEqual({ type: 'pat', metadata: { name: 'ci' } })

    const signedIn = await signInPat(created.body.personalAccessToken)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.session.user.id).toBe(session.user.id)
    expect(jwtPayload(signedIn.body.session.accessToken)['https://hasura.io/jwt/claims']['x-hasura-default-role']).toBe('user')
    // A PAT stays usable: it is not rotated like a refresh token.
    expect((await signInPat(created.body.personalAccessToken)).status).toBe(200)
    // …and it is not a refresh token.
    expect((await t.call('POST', '/v1/auth/token', { body: { refreshToken: created.body.personalAccessToken } })).status).toBe(401)
  })

  it.each([
    ['without a token', { expiresAt: inOneDay() }, null, 401, 'unauthorized'],
    ['without expiresAt', {}, undefined, 400, 'schema-validation-error'],
    ['with a date that is not RFC 3339', { expiresAt: 'tomorrow' }, undefined, 400, 'schema-validation-error'],
    ['already expired', { expiresAt: '2020-01-01T00:00:00Z' }, undefined, 400, 'invalid-request'],
    ['with metadata that is not an object', { expiresAt: inOneDay(), metadata: [1] }, undefined, 400, 'schema-validation-error'],
  ])('refuses to create a PAT %s', async (_, body, token, status, error) => {
    const response = token === null ? await t.call('POST', '/v1/auth/pat', { body }) : await createPat(body, token)
    expect(response).toMatchObject({ status, body: { error } })
  })

  it('refuses unknown and expired PATs with invalid-pat', async () => {
    expect(await signInPat('6a1c5f5e-6f7b-4d0e-9a53-222222222222')).toMatchObject({
      status: 401,
      body: { error: 'invalid-pat', message: 'Invalid or expired personal access token' },
    })
    const created = await createPat({ expiresAt: inOneDay() })
    await t.db.query(sql`update auth.refresh_tokens set expires_at = now() - interval '1 second' where id = ${created.body.id}::uuid`)
    expect((await signInPat(created.body.personalAccessToken)).body.error).toBe('invalid-pat')
    expect((await signInPat('nope')).body.error).toBe('schema-validation-error')
  })

  it('keeps PATs working across a password change, which ends sessions', async () => {
    const created = await createPat({ expiresAt: inOneDay() })
    const changed = await t.call('POST', '/v1/auth/user/password', {
      token: session.accessToken,
      body: { newPassword: 'new-correct-horse-9' },
    })
    expect(changed).toMatchObject({ status: 200, body: 'OK' })
    expect((await t.call('POST', '/v1/auth/token', { body: { refreshToken: session.refreshToken } })).status).toBe(401)
    expect((await signInPat(created.body.personalAccessToken)).status).toBe(200)
    const signIn = await t.call('POST', '/v1/auth/signin/email-password', {
      body: { email: 'robot-owner@example.com', password: 'new-correct-horse-9' },
    })
    expect(signIn.status).toBe(200)
  })
})
