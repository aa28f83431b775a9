import type { Hono } from 'hono'
import type { AuthContext } from './auth-context.ts'

/**
 * The version `GET /version` reports: the Nhost Auth release whose API this service follows,
 * marked as this implementation.
 */
export const AUTH_VERSION = '0.40.0-pulseboard'

/** `GET /.well-known/jwks.json`, `GET|HEAD /healthz` and `GET /version`, as Nhost Auth answers them. */
export function authSystemRoutes(app: Hono, auth: AuthContext): void {
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: auth.tokens.jwks }))
  app.get('/healthz', (c) => c.json('OK'))
  app.get('/version', (c) => c.json({ version: AUTH_VERSION }))
}
