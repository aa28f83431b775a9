/**
 * Where to go after signing in: the in-app path a protected route remembered in the location
 * state. Only same-origin paths are followed; `//host` and `/\host` would leave the app
 * (an open redirect), so they fall back to `/`.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/'
  return from
}
