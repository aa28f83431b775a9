import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { honoErrorHandler } from '../lib/error-answer.ts'
import type { BackendContext } from '../context/backend-context.ts'
import { createAuthContext, type AuthContext } from './auth-context.ts'
import { AuthError, SchemaValidationError } from './auth-error.ts'
import { authSystemRoutes } from './auth-system.ts'
import { devOutboxRoutes } from './mail/dev-outbox.ts'
import { getUserRoutes } from './user/get-user.ts'
import { personalAccessTokenRoutes } from './tokens/personal-access-tokens.ts'
import { SharedSlidingWindow } from '../db/shared-sliding-window.ts'
import { tooManyRequests } from './sign-in/too-many-requests.ts'
import { refreshTokenRoutes } from './tokens/refresh-token.ts'
import { signInAnonymousRoutes } from './sign-in/sign-in-anonymous.ts'
import { signInEmailPasswordRoutes } from './sign-in/sign-in-email-password.ts'
import { signOutRoutes } from './tokens/sign-out.ts'
import { signUpEmailPasswordRoutes } from './sign-up/sign-up-email-password.ts'
import { userDeanonymizeRoutes } from './user/user-deanonymize.ts'
import { userEmailRoutes } from './user/user-email.ts'
import { userPasswordRoutes } from './user/user-password.ts'
import { verifyTicketRoutes } from './mail/verify-ticket.ts'

/** No auth request needs more; larger bodies are refused before they are parsed. */
export const MAX_AUTH_BODY_BYTES = 64 * 1024

/**
 * The Nhost Auth-compatible service, mounted at `/v1/auth`: every route group registered here,
 * behind one body limit, Nhost's rate limits and one error handler that answers in Nhost's shapes.
 */
export function authRoutes(backend: BackendContext): Hono {
  const auth = createAuthContext(backend)
  const app = new Hono()
  app.use(
    bodyLimit({
      maxSize: MAX_AUTH_BODY_BYTES,
      onError: () => {
        throw new SchemaValidationError('request-validation-error', `request body is larger than ${MAX_AUTH_BODY_BYTES} bytes`, 413)
      },
    }),
  )
  app.use(rateLimits(auth))

  authSystemRoutes(app, auth)
  signUpEmailPasswordRoutes(app, auth)
  signInEmailPasswordRoutes(app, auth)
  signInAnonymousRoutes(app, auth)
  personalAccessTokenRoutes(app, auth)
  refreshTokenRoutes(app, auth)
  signOutRoutes(app, auth)
  getUserRoutes(app, auth)
  userDeanonymizeRoutes(app, auth)
  userPasswordRoutes(app, auth)
  userEmailRoutes(app, auth)
  verifyTicketRoutes(app, auth)
  devOutboxRoutes(app, auth)

  // Nhost answers any failure that is not one of its errors with `internal-server-error` and no detail.
  const answerError = honoErrorHandler({ service: 'auth', internal: new AuthError('internal-server-error'), log: auth.log })
  app.onError((error, c) => answerError(error instanceof AuthError ? error.concealed(auth.settings.concealErrors) : error, c))
  return app
}

/** The client's address as the socket reports it (no proxy headers are trusted). */
function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'unknown'
}

/**
 * Nhost Auth's rate limits (`middleware/ratelimit/rate_limit.go`), per client address: a global
 * one on every auth request, `bruteForce` on sign-in and verification, `signups` on sign-up, and
 * `emails` on the endpoints that send mail. Nhost counts `emails` for the whole service: ten
 * requests for made-up addresses then blocked every user's password reset (issue 15), so here it
 * is per address, and per recipient where the mail is sent (`AuthContext.limits`). Every limit
 * is counted in the database, so that instances behind a load balancer share it.
 */
function rateLimits(auth: AuthContext): MiddlewareHandler {
  const { rateLimit, emailVerificationRequired } = auth.settings
  const global = new SharedSlidingWindow(auth.db, 'auth.global', rateLimit.global)
  const bruteForce = new SharedSlidingWindow(auth.db, 'auth.brute-force', rateLimit.bruteForce)
  const signups = new SharedSlidingWindow(auth.db, 'auth.signups', rateLimit.signups)
  const emails = new SharedSlidingWindow(auth.db, 'auth.emails', rateLimit.emails)
  const sendsEmail = new Set([
    '/user/email/change',
    '/user/password/reset',
    ...(emailVerificationRequired ? ['/user/email/send-verification-email', '/signup/email-password', '/user/deanonymize'] : []),
  ])
  return async function rateLimit(c, next) {
    const client = clientAddress(c)
    const path = c.req.path.replace(/^\/v1\/auth/, '')
    // A load balancer's health checks come from its one address, every second or so per
    // instance: counted, they would use up the address's global limit and take instances out.
    if (path === '/healthz') return next()
    // The development outbox is not Nhost's and takes the admin secret only: the project's
    // functions post their mail to it from the backend's own address, which the limit would
    // share with every client on loopback.
    if (path === '/_dev/outbox') return next()
    const checks: [SharedSlidingWindow, string][] = [[global, client]]
    if (sendsEmail.has(path)) checks.push([emails, client])
    if (path.startsWith('/signin') || path.endsWith('/verify')) checks.push([bruteForce, client])
    if (path.startsWith('/signup')) checks.push([signups, client])
    for (const [window, key] of checks) {
      if (!(await window.allow(key))) return tooManyRequests(c, window)
    }
    await next()
  }
}
