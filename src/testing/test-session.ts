/**
 * A signed-in session as Nhost Auth answers it, stored where nhost-js reads it at start (nhost-js
 * only decodes the token, it does not verify it): a screen rendered next sees this user signed in.
 */
function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function storeTestSession(user: { id: string; displayName: string; email: string }): void {
  const now = Math.floor(Date.now() / 1000)
  const claims = { 'x-hasura-user-id': user.id, 'x-hasura-default-role': 'user', 'x-hasura-allowed-roles': '{user,me}' }
  const accessToken = `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: user.id, iat: now, exp: now + 900, 'https://hasura.io/jwt/claims': claims })}.signature`
  const session = {
    accessToken,
    accessTokenExpiresIn: 900,
    refreshToken: `refresh-${user.id}`,
    refreshTokenId: 'refresh-token-id',
    user: { ...user, avatarUrl: '', defaultRole: 'user', roles: ['user', 'me'] },
  }
  localStorage.setItem('nhostSession', JSON.stringify(session))
}
