// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { server, listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen, testEnv } from '../../../testing/test-app.tsx'
import { SignUpForm } from './sign-up-form.tsx'

listenWithMswServer()
afterEach(cleanup)

const signUpUrl = `${testEnv.authUrl}/signup/email-password`
const fromInvitation = { from: '/invite/abc123' }

async function signUp() {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Email'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), 'correct-horse-9')
  await user.click(screen.getByRole('button', { name: 'Create account' }))
}

describe('SignUpForm, sent here by an invitation link', () => {
  it('asks the verification mail to link back to the invitation and says so', async () => {
    let body: { options?: { redirectTo?: string } } | undefined
    server.use(
      http.post(signUpUrl, async ({ request }) => {
        body = (await request.json()) as typeof body
        return HttpResponse.json({ session: null })
      }),
    )
    renderScreen(<SignUpForm />, { path: '/sign-up', at: '/sign-up', state: fromInvitation })
    await signUp()
    expect(await screen.findByText(/Follow it to sign in and accept the invitation/)).toBeTruthy()
    expect(body?.options?.redirectTo).toBe(`${window.location.origin}/invite/abc123`)
  })

  it('keeps the invitation when going to sign in instead', () => {
    const { router } = renderScreen(<SignUpForm />, { path: '/sign-up', at: '/sign-up', state: fromInvitation })
    screen.getByRole('link', { name: 'Sign in' }).click()
    expect(router.state.location.pathname).toBe('/sign-in')
    expect(router.state.location.state).toEqual(fromInvitation)
  })
})
