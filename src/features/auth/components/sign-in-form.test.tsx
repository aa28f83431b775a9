// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_CATALOGUE } from '../../../lib/error-catalogue.ts'
import { server, listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen, testEnv } from '../../../testing/test-app.tsx'
import { SignInForm } from './sign-in-form.tsx'

listenWithMswServer()
afterEach(cleanup)

const signInUrl = `${testEnv.authUrl}/signin/email-password`

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Email'), email)
  if (password) await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('SignInForm', () => {
  it('shows the catalogue message for a wrong password, not the server text, and clears the password', async () => {
    let calls = 0
    server.use(
      http.post(signInUrl, () => {
        calls += 1
        // Nhost Auth's answer (tests/integration/auth-nhost-js.test.ts checks the real one).
        return HttpResponse.json({ status: 401, error: 'invalid-email-password', message: 'Incorrect email or password' }, { status: 401 })
      }),
    )
    renderScreen(<SignInForm />)
    await fillAndSubmit('ada@example.com', 'wrong-horse-9')

    const alert = await screen.findByText(ERROR_CATALOGUE['auth/invalid-credentials'].message)
    expect(alert.closest('[data-error-code]')?.getAttribute('data-error-code')).toBe('auth/invalid-credentials')
    expect(screen.queryByText('Incorrect email or password')).toBeNull()
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('')
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com')
    expect(calls).toBe(1)
  })

  it('says the server is unreachable when the request fails', async () => {
    server.use(http.post(signInUrl, () => HttpResponse.error()))
    renderScreen(<SignInForm />)
    await fillAndSubmit('ada@example.com', 'whatever-9')
    expect(await screen.findByText(ERROR_CATALOGUE['network/offline'].message)).toBeTruthy()
  })

  it('maps rate limiting to its catalogue entry', async () => {
    server.use(
      http.post(signInUrl, () => HttpResponse.json({ status: 429, error: 'too-many-requests', message: 'slow down' }, { status: 429 })),
    )
    renderScreen(<SignInForm />)
    await fillAndSubmit('ada@example.com', 'whatever-9')
    expect(await screen.findByText(ERROR_CATALOGUE['rate/limited'].message)).toBeTruthy()
  })

  it('checks the email before sending anything', async () => {
    renderScreen(<SignInForm />)
    await fillAndSubmit('not-an-email', 'whatever-9')
    expect(await screen.findByText(ERROR_CATALOGUE['auth/invalid-email'].message)).toBeTruthy()
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
  })

  it('signs in and leaves the page on success', async () => {
    const accessToken = fakeJwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 900 })
    server.use(
      http.post(signInUrl, () =>
        HttpResponse.json({
          session: {
            accessToken,
            accessTokenExpiresIn: 900,
            refreshToken: 'r1',
            refreshTokenId: 'r1id',
            user: { id: 'u1', email: 'ada@example.com' },
          },
          mfa: null,
        }),
      ),
    )
    const { router, nhost } = renderScreen(<SignInForm />, { path: '/sign-in', at: '/sign-in' })
    await fillAndSubmit('ada@example.com', 'correct-horse-9')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(nhost.getUserSession()?.user?.id).toBe('u1')
  })
})

function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`
}
