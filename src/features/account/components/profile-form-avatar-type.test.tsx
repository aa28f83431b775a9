// @vitest-environment happy-dom
/**
 * An avatar whose content is not an image is refused on its field with what is wrong, before any
 * upload: Storage would answer a plain 403, which reads as a missing permission.
 */
import '../../../testing/web-locks.ts'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { graphql, http, HttpResponse } from 'msw'
import { afterEach, expect, it } from 'vitest'
import { MyProfileDocument } from '../../../gql/graphql.ts'
import { server, listenWithMswServer } from '../../../testing/msw-server.ts'
import { renderScreen, testEnv } from '../../../testing/test-app.tsx'
import { ProfileForm } from './profile-form.tsx'

listenWithMswServer()
afterEach(cleanup)

const userId = '5f0c0d1e-0000-4000-8000-000000000002'
const base64Url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

function session() {
  const now = Math.floor(Date.now() / 1000)
  const claims = { 'x-hasura-user-id': userId, 'x-hasura-default-role': 'user', 'x-hasura-allowed-roles': '{user,me}' }
  return {
    accessToken: `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: userId, iat: now, exp: now + 900, 'https://hasura.io/jwt/claims': claims })}.signature`,
    accessTokenExpiresIn: 900,
    refreshToken: 'refresh',
    refreshTokenId: 'refresh-token-id',
    user: { id: userId, displayName: 'Ada', email: 'ada@example.com', avatarUrl: '', defaultRole: 'user', roles: ['user', 'me'] },
  }
}

it('says the file is not a PNG, JPEG, WebP or GIF image by its content, and uploads nothing', async () => {
  let uploads = 0
  server.use(
    graphql.query(MyProfileDocument, () =>
      HttpResponse.json({
        data: { user: { id: userId, displayName: 'Ada', email: 'ada@example.com', avatarUrl: '' } },
      }),
    ),
    http.post(`${testEnv.storageUrl}/files`, () => {
      uploads += 1
      return HttpResponse.json({ error: { message: 'you are not authorized' } }, { status: 403 })
    }),
  )
  localStorage.setItem('nhostSession', JSON.stringify(session()))
  renderScreen(<ProfileForm />)
  const user = userEvent.setup()
  const input = await screen.findByLabelText(/^Avatar/)
  await user.upload(input, new File(['not an image'], 'notes.png', { type: 'image/png' }))

  expect(
    await screen.findByText(
      'This type of file is not accepted here: this field takes PNG, JPEG, WebP, GIF files, and "notes.png" is none of them by its content.',
    ),
  ).toBeTruthy()
  expect(screen.queryByText(/permission/)).toBeNull()
  expect(uploads).toBe(0)
})
