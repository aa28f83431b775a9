import type { Context, Hono } from 'hono'
import { sql } from '../../lib/sql.ts'
import type { AuthContext } from '../auth-context.ts'
import { AuthError, SchemaValidationError } from '../auth-error.ts'
import { assertUserMayHaveSession, createSession } from '../tokens/auth-sessions.ts'
import { findUserById, takeUserByTicket, TICKET_TYPES, type TicketType } from '../auth-users.ts'
import { withQuery } from '../redirect-to.ts'

/**
 * `GET /verify?ticket=…&type=…&redirectTo=…`: the link in every auth mail. A valid ticket is
 * taken (it works once), its action applied (email verified, email changed; a reset ticket just
 * signs in), and the browser sent to `redirectTo` with `refreshToken` and `type` added; a bad one
 * sends it there with `error` and `errorDescription` instead. A `redirectTo` that is not allowed
 * sends it to the client URL with that error.
 */
export function verifyTicketRoutes(app: Hono, auth: AuthContext): void {
  app.get('/verify', async (c) => {
    const ticket = c.req.query('ticket')
    const redirectTo = c.req.query('redirectTo')
    if (ticket === undefined)
      throw new SchemaValidationError('request-validation-error', 'parameter "ticket" in query has an error: value is required but missing')
    if (redirectTo === undefined)
      throw new SchemaValidationError(
        'request-validation-error',
        'parameter "redirectTo" in query has an error: value is required but missing',
      )
    // Go's url.Parse, which Nhost uses here, accepts relative references too.
    if (!URL.canParse(redirectTo, auth.clientUrl())) throw new AuthError('invalid-request')
    if (!auth.isRedirectAllowed(redirectTo)) return redirectWithError(c, auth, auth.clientUrl(), new AuthError('redirectTo-not-allowed'))

    // The ticket's prefix is its type, and the `type` Nhost puts in the redirect (`getTicketType`).
    const type = TICKET_TYPES.find((t) => ticket.startsWith(`${t}:`))
    if (type === undefined) return redirectWithError(c, auth, redirectTo, new AuthError('invalid-ticket'))
    try {
      const refreshToken = await auth.db.transaction(async (tx) => {
        const user = await takeUserByTicket(tx, ticket)
        if (!user) throw new AuthError('invalid-ticket')
        // Verifying the address is what these two tickets are for.
        assertUserMayHaveSession(auth, user, { allowUnverified: type === 'verifyEmail' || type === 'passwordlessEmail' })
        await applyTicket(tx, user.id, type)
        const session = await createSession(auth, tx, (await findUserById(tx, user.id))!)
        return session.refreshToken
      })
      return c.redirect(withQuery(redirectTo, { refreshToken, type }), 302)
    } catch (error) {
      if (error instanceof AuthError) return redirectWithError(c, auth, redirectTo, error)
      throw error
    }
  })
}

async function applyTicket(tx: Parameters<typeof findUserById>[0], userId: string, type: TicketType): Promise<void> {
  switch (type) {
    case 'verifyEmail':
    case 'passwordlessEmail':
      await tx.query(sql`UPDATE auth.users SET email_verified = true WHERE id = ${userId}::uuid`)
      return
    case 'emailConfirmChange':
      await tx
        .query(sql`UPDATE auth.users SET email = new_email, new_email = NULL WHERE id = ${userId}::uuid AND new_email IS NOT NULL`)
        .catch((error: unknown) => {
          if ((error as { constraint?: string }).constraint === 'users_email_key') throw new AuthError('user-already-exists')
          throw error
        })
      return
    case 'passwordReset':
      // Nhost only signs the user in; the app then asks for the new password.
      return
  }
}

function redirectWithError(c: Context, auth: AuthContext, to: string, error: AuthError): Response {
  const shown = error.concealed(auth.settings.concealErrors)
  return c.redirect(withQuery(to, { error: shown.code, errorDescription: shown.message }), 302)
}
