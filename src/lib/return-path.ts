/**
 * Where to go after signing in: the in-app path a protected route remembered in the location
 * state. Only same-origin paths are followed; `//host` and `/\host` would leave the app
 * (an open redirect), so they fall back to `/`. A path remembered for one user (`userId`) is not
 * followed for another.
 */
export function returnPath(state: unknown, userId?: string | null): string {
  const { from, userId: leftBy } = (state as { from?: unknown; userId?: unknown } | null) ?? {}
  // A page left by one user is not where another user who signs in next wants to be.
  if (typeof leftBy === 'string' && userId && leftBy !== userId) return '/'
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/'
  return from
}

/** Whether signing in returns to an invitation (`/invite/:token`), which then accepts it. */
export function invitationReturn(state: unknown): boolean {
  return returnPath(state).startsWith('/invite/')
}
