// @vitest-environment happy-dom
import { cleanup, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { server, listenWithMswServer } from '../testing/msw-server.ts'
import { renderScreen, testEnv } from '../testing/test-app.tsx'
import { SessionFromMailLink } from './session-from-mail-link.tsx'

listenWithMswServer()
afterEach(cleanup)

const tokenUrl = `${testEnv.authUrl}/token`
// Where a verification link lands after Nhost Auth's /verify, for a user who signed up from an invitation.
const landing = '/invite/abc123?refreshToken=r1&type=emailVerify'

describe('SessionFromMailLink', () => {
  it("signs in with the link's refresh token and stays on the page without it in the address", async () => {
    let sent: unknown
    server.use(
      http.post(tokenUrl, async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({
          accessToken: fakeJwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 900 }),
          accessTokenExpiresIn: 900,
          refreshToken: 'r2',
          refreshTokenId: 'r2id',
          user: { id: 'u1', email: 'ada@example.com' },
        })
      }),
    )
    const { router, nhost } = renderScreen(<SessionFromMailLink refreshToken="r1" />, { path: '/invite/:token', at: landing })
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/invite/abc123'))
    expect(sent).toEqual({ refreshToken: 'r1' })
    expect(nhost.getUserSession()?.user?.id).toBe('u1')
  })

  it('sends a link that no longer works to sign-in, which returns to the page', async () => {
    server.use(http.post(tokenUrl, () => HttpResponse.json({ status: 401, error: 'invalid-refresh-token', message: 'x' }, { status: 401 })))
    const { router } = renderScreen(<SessionFromMailLink refreshToken="r1" />, { path: '/invite/:token', at: landing })
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'))
    expect(router.state.location.state).toEqual({ from: '/invite/abc123' })
  })
})

function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`
}
