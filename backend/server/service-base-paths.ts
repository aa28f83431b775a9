import type { IncomingMessage, Server } from 'node:http'

/**
 * Nhost's URL layout, path-based on the one port: each service has a base URL ending in `/v1`
 * (hosted Nhost: `https://<subdomain>.auth.<region>.nhost.run/v1`; here `<origin>/auth/v1`), and
 * the services are mounted at the older layout of Nhost's CLI (`/v1/auth`, `/v1/storage`, …),
 * which stays served for the clients that use it. nhost-js 4 depends on the new layout: its
 * session refresh middleware recognises the refresh call by a URL ending in `/v1/token`, and
 * with `/v1/auth/token` it refreshes before refreshing, for ever (docs/compatibility.md).
 */
const SERVICE_BASE_PATHS: readonly (readonly [base: string, mounted: string])[] = [
  ['/auth/v1', '/v1/auth'],
  ['/storage/v1', '/v1/storage'],
  ['/functions/v1', '/v1/functions'],
  ['/graphql/v1', '/v1/graphql'],
]

/** `/auth/v1/token?x` → `/v1/auth/token?x`; any other path as it is. */
export function toMountedPath(url: string): string {
  for (const [base, mounted] of SERVICE_BASE_PATHS) {
    if (!url.startsWith(base)) continue
    const next = url.charAt(base.length)
    if (next === '' || next === '/' || next === '?') return mounted + url.slice(base.length)
  }
  return url
}

/**
 * Rewrites each request's and WebSocket upgrade's path before any other listener routes it, so
 * that every service, the fast GraphQL path and the functions' proxy answer both layouts.
 */
export function serveNhostBasePaths(server: Server): void {
  const rewrite = (req: IncomingMessage) => {
    if (req.url) req.url = toMountedPath(req.url)
  }
  server.prependListener('request', rewrite)
  server.prependListener('upgrade', rewrite)
}
