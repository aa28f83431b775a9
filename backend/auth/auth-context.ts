import { join } from 'node:path'
import type { Context } from 'hono'
import type { Database } from '../db/database.ts'
import type { Logger } from '../lib/logger.ts'
import { MailOutbox } from '../mail/mail-outbox.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { AccessTokens } from './tokens/access-token.ts'
import { loadAuthSettings, type AuthSettings } from './auth-settings.ts'
import { SharedSlidingWindow } from '../db/shared-sliding-window.ts'
import { effectiveClientUrl, ownOrigins } from './own-origin.ts'
import { createRedirectValidator } from './redirect-to.ts'

/** What every auth route works with; built once when the routes are mounted. */
export interface AuthContext {
  db: Database
  log: Logger
  settings: AuthSettings
  tokens: AccessTokens
  /** Where sign-up, reset and verification links land by default (own-origin.ts). */
  clientUrl(): string
  /** Nhost's `redirectTo` rule, with the backend's own origins allowed too. */
  isRedirectAllowed(redirectTo: string): boolean
  outbox: MailOutbox
  emailsDir: string
  adminSecret: string
  /**
   * Limits per account and per recipient, beside the per-address ones of the routes: failed
   * sign-ins per account (`rateLimit.bruteForce`: guesses from many addresses) and mails per
   * recipient (`rateLimit.emails`: one inbox flooded from many addresses). Counted in the
   * database, across every instance.
   */
  limits: { signInFailuresPerAccount: SharedSlidingWindow; emailsPerRecipient: SharedSlidingWindow }
}

export function createAuthContext(backend: BackendContext): AuthContext {
  const settings = loadAuthSettings(backend.config.nhostToml)
  // Built when first asked for: the routes are mounted before the server listens on its port.
  type Redirects = { listeningUrl: string | undefined; clientUrl: string; isAllowed: (redirectTo: string) => boolean }
  let redirects: Redirects | undefined
  const currentRedirects = (): Redirects => {
    const { listeningUrl } = backend
    if (redirects === undefined || redirects.listeningUrl !== listeningUrl) {
      const clientUrl = effectiveClientUrl(settings.clientUrl, listeningUrl)
      // The configured client URL stays allowed: nhost.toml says so, whatever the port.
      const allowed = [settings.clientUrl, ...settings.allowedRedirectUrls, ...(listeningUrl === undefined ? [] : ownOrigins(listeningUrl))]
      redirects = { listeningUrl, clientUrl, isAllowed: createRedirectValidator(clientUrl, allowed) }
    }
    return redirects
  }
  return {
    db: backend.db,
    log: backend.log,
    settings,
    tokens: AccessTokens.create(backend.config.jwtSecret, settings.accessTokenExpiresIn),
    clientUrl: () => currentRedirects().clientUrl,
    isRedirectAllowed: (redirectTo) => currentRedirects().isAllowed(redirectTo),
    outbox: new MailOutbox(join(backend.config.dataDir, 'mail')),
    emailsDir: join(backend.config.projectDir, 'nhost', 'emails'),
    adminSecret: backend.config.adminSecret,
    limits: {
      signInFailuresPerAccount: new SharedSlidingWindow(backend.db, 'auth.sign-in-failures-per-account', settings.rateLimit.bruteForce),
      emailsPerRecipient: new SharedSlidingWindow(backend.db, 'auth.emails-per-recipient', settings.rateLimit.emails),
    },
  }
}

/** The auth service's own public URL (Nhost's `AUTH_SERVER_URL`), as the request reached it. */
export function authServerUrl(c: Context): string {
  return `${new URL(c.req.url).origin}/v1/auth`
}
