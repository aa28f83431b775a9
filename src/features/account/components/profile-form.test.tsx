// @vitest-environment happy-dom
/**
 * Saving the display name with the real nhost-js client, whose session refresh runs under
 * navigator.locks as in a browser: "Saved." shows, the header shows the new name from the
 * refreshed session, and nhost-js requests still go out afterwards (Sign out).
 */
// First: nhost-js reads navigator.locks once, when it loads.
import '../../../testing/web-locks.ts'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { AppShell } from '../../../app/app-shell.tsx'
import { MyProfileDocument, UpdateMyProfileDocument } from '../../../gql/graphql.ts'
import { useSession } from '../../../lib/session.tsx'
import { server, listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen, testEnv } from '../../../testing/test-app.tsx'
import { ProfileForm } from './profile-form.tsx'

listenWithMswServer()
afterEach(cleanup)

const userId = '5f0c0d1e-0000-4000-8000-000000000001'

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A session as Nhost Auth answers it; nhost-js only decodes the token, it does not verify it. */
function sessionFor(displayName: string, avatarUrl = '') {
  const now = Math.floor(Date.now() / 1000)
  const claims = { 'x-hasura-user-id': userId, 'x-hasura-default-role': 'user', 'x-hasura-allowed-roles': '{user,me}' }
  const accessToken = `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: userId, iat: now, exp: now + 900, 'https://hasura.io/jwt/claims': claims })}.signature`
  return {
    accessToken,
    accessTokenExpiresIn: 900,
    refreshToken: `refresh-${displayName}`,
    refreshTokenId: 'refresh-token-id',
    user: { id: userId, displayName, email: 'ada@example.com', avatarUrl, defaultRole: 'user', roles: ['user', 'me'] },
  }
}

/** The header and the account page's form, the form only with a session (as RequireSession does). */
function AccountScreen() {
  const { session } = useSession()
  return (
    <>
      <AppShell />
      {session ? <ProfileForm /> : null}
    </>
  )
}

describe('ProfileForm', () => {
  it('saves the name, says Saved., shows the new name in the header and leaves nhost-js working', async () => {
    let displayName = 'Ada'
    let signOuts = 0
    server.use(
      graphql.query(MyProfileDocument, () =>
        HttpResponse.json({ data: { user: { id: userId, displayName, email: 'ada@example.com', avatarUrl: '' } } }),
      ),
      graphql.mutation(UpdateMyProfileDocument, ({ variables }) => {
        displayName = variables.displayName
        return HttpResponse.json({ data: { updateUser: { id: userId, displayName, avatarUrl: variables.avatarUrl } } })
      }),
      http.post(`${testEnv.authUrl}/token`, () => HttpResponse.json(sessionFor(displayName))),
      http.post(`${testEnv.authUrl}/signout`, () => {
        signOuts += 1
        return HttpResponse.json('OK')
      }),
    )
    localStorage.setItem('nhostSession', JSON.stringify(sessionFor('Ada')))
    expect(navigator.locks).toBeTruthy()
    renderScreen(<AccountScreen />)
    const user = userEvent.setup()
    const header = within(screen.getByRole('navigation', { name: 'Account' }))
    expect(header.getByText('Ada')).toBeTruthy()

    const field = await screen.findByLabelText('Display name')
    await user.clear(field)
    await user.type(field, 'Ada Lovelace')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Saved.', {}, { timeout: 5_000 })).toBeTruthy()
    expect(header.getByText('Ada Lovelace')).toBeTruthy()

    await user.click(header.getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(signOuts).toBe(1))
    expect(await screen.findByText('Navigated away')).toBeTruthy()
  })

  it('saves an uploaded avatar as its Storage URL under /storage/v1 and shows it in the form and header', async () => {
    const fileId = '5f0c0d1e-0000-4000-8000-0000000000aa'
    let avatarUrl = ''
    // With its __typename, as the server answers, so that Apollo's cache merges the saved row.
    const row = () => ({ __typename: 'users', id: userId, displayName: 'Ada', email: 'ada@example.com', avatarUrl })
    server.use(
      graphql.query(MyProfileDocument, () => HttpResponse.json({ data: { user: row() } })),
      graphql.mutation(UpdateMyProfileDocument, ({ variables }) => {
        avatarUrl = variables.avatarUrl
        return HttpResponse.json({ data: { updateUser: row() } })
      }),
      http.post(`${testEnv.storageUrl}/files`, () =>
        HttpResponse.json(
          { processedFiles: [{ id: fileId, name: 'me.png', bucketId: 'avatars', mimeType: 'image/png' }] },
          { status: 201 },
        ),
      ),
      http.post(`${testEnv.authUrl}/token`, () => HttpResponse.json(sessionFor('Ada', avatarUrl))),
    )
    localStorage.setItem('nhostSession', JSON.stringify(sessionFor('Ada')))
    renderScreen(<AccountScreen />)
    const user = userEvent.setup()
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', { type: 'image/png' })
    await user.upload(await screen.findByLabelText(/^Avatar/), png)

    // The URL an <img> loads without a token (the avatars bucket is public-read).
    const expected = `${testEnv.storageUrl}/files/${fileId}`
    expect(testEnv.storageUrl).toMatch(/\/storage\/v1$/)
    await waitFor(() => expect(avatarUrl).toBe(expected))
    const header = within(screen.getByRole('navigation', { name: 'Account' }))
    // Both the header (from the refreshed session) and the form (from the saved row) show it.
    await waitFor(() => expect(document.querySelectorAll(`img.avatar[src="${expected}"]`)).toHaveLength(2), { timeout: 5_000 })
    expect(header.queryByText('A')).toBeNull()
  })
})
