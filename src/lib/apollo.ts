/**
 * Apollo Client 4: queries and mutations over HTTP, subscriptions over WebSocket (graphql-ws,
 * protocol `graphql-transport-ws`), both carrying the nhost session's access token.
 *
 * Token lifecycle: nhost-js refreshes the session before HTTP calls that go through it, but
 * Apollo's links and the socket do not, so here
 * - every HTTP operation first asks nhost for a session valid for at least a minute more
 *   (`refreshSession(60)` is a no-op while the token is fresh);
 * - a timer refreshes the token a minute before it expires, and when the access token changes
 *   the socket is closed with 4205 and reopened: graphql-ws treats that code as retryable and
 *   resubscribes every active subscription on the new socket with the new `connection_init`
 *   (the "restartable client" recipe of the graphql-ws docs);
 * - an operation refused for an expired or invalid JWT (Hasura's `invalid-jwt`) refreshes the
 *   session once and is retried once; if that fails the session is lost and the app goes back
 *   to sign-in (SPEC §8 "session expired").
 */
import { ApolloClient, ApolloLink, HttpLink, Observable } from '@apollo/client'
import { createAppCache } from './apollo-cache.ts'
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors'
import { SetContextLink } from '@apollo/client/link/context'
import { ErrorLink } from '@apollo/client/link/error'
import { GraphQLWsLink } from '@apollo/client/link/subscriptions'
import { getMainDefinition } from '@apollo/client/utilities'
import type { NhostClient } from '@nhost/nhost-js'
import type { Session } from '@nhost/nhost-js/session'
import { OperationTypeNode } from 'graphql'
import { tap } from 'rxjs'
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws'
import { reportSocket } from './connection-status.ts'
import type { AppEnv } from './env.ts'

/** Refresh this long before the access token expires (SPEC §9: tokens live 15 minutes). */
const REFRESH_MARGIN_SECONDS = 60

export interface AppApollo {
  client: ApolloClient
  ws: WsClient
  /** Stops timers and the socket (tests, hot reload). */
  dispose(): void
}

export interface AppApolloOptions {
  /** Called when the session cannot be refreshed any more: the app signs out. */
  onSessionLost(): void
}

export function createAppApollo(env: AppEnv, nhost: NhostClient, options: AppApolloOptions): AppApollo {
  const accessToken = () => nhost.getUserSession()?.accessToken

  let socket: WebSocket | undefined
  let socketToken: string | undefined
  const ws = createWsClient({
    url: env.graphqlWsUrl,
    lazy: true,
    // Live data resumes by itself after a network loss (SPEC §8): retry for ever, backing off.
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** retries, 15_000) * (0.5 + Math.random() / 2)))
    },
    connectionParams: async () => {
      const session = await nhost.refreshSession(REFRESH_MARGIN_SECONDS)
      socketToken = session?.accessToken
      return socketToken ? { headers: { Authorization: `Bearer ${socketToken}` } } : {}
    },
    on: {
      opened: (opened) => {
        socket = opened as WebSocket
      },
      connected: () => reportSocket(true),
      closed: (event) => {
        socket = undefined
        // 4205 is our own restart and 1000 a normal close of an idle lazy socket, not an outage.
        const code = (event as CloseEvent | undefined)?.code
        if (code !== 4205 && code !== 1000) reportSocket(false)
      },
    },
  })

  const restartSocket = () => {
    if (socket?.readyState === WebSocket.OPEN) socket.close(4205, 'Client Restart')
  }

  let refreshTimer: ReturnType<typeof setTimeout> | undefined
  const scheduleRefresh = (atLeastMs = 1000) => {
    clearTimeout(refreshTimer)
    const current = nhost.getUserSession()
    const exp = current?.decodedToken.exp
    if (!exp) return
    const delay = Math.max(exp - Date.now() - REFRESH_MARGIN_SECONDS * 1000, atLeastMs)
    refreshTimer = setTimeout(() => {
      void nhost.refreshSession(REFRESH_MARGIN_SECONDS).then((session) => {
        if (!session) options.onSessionLost()
        // Unchanged: the refresh failed but the token still works for a while (e.g. offline); try again.
        else if (session.accessToken === current.accessToken) scheduleRefresh(15_000)
      })
    }, delay)
  }
  const unsubscribeSession = nhost.sessionStorage.onChange((session) => {
    scheduleRefresh()
    if (session?.accessToken !== socketToken) restartSocket()
  })
  scheduleRefresh()

  const withToken = (headers: Record<string, string> | undefined, token: string | undefined) =>
    token ? { headers: { ...headers, Authorization: `Bearer ${token}` } } : {}
  const auth = new SetContextLink((context) => {
    // A token good for more than the margin goes as it is: nhost's refreshSession takes the
    // browser's session lock for every call, and a dashboard's first reads queued behind 24 of
    // those (bench/RESULTS.md, first-load).
    const fresh = freshAccessToken(nhost.getUserSession(), REFRESH_MARGIN_SECONDS)
    if (fresh) return withToken(context.headers, fresh)
    return nhost.refreshSession(REFRESH_MARGIN_SECONDS).then((session) => withToken(context.headers, session?.accessToken ?? accessToken()))
  })

  const retryOnExpiredSession = new ErrorLink(({ error, operation, forward }) => {
    if (!isSessionError(error) || operation.getContext().sessionRetried || !accessToken()) return
    operation.setContext({ sessionRetried: true })
    const refused = accessToken()
    return new Observable((observer) => {
      let inner: { unsubscribe(): void } | undefined
      // nhost-js hands back the current session when a refresh fails while the token has not
      // expired by the clock, so "the same token again" is a failed refresh too.
      nhost.refreshSession(0).then(
        (session) => {
          if (!session || session.accessToken === refused) {
            options.onSessionLost()
            observer.error(error)
            return
          }
          operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
            headers: { ...headers, Authorization: `Bearer ${session.accessToken}` },
          }))
          inner = forward(operation).subscribe(observer)
        },
        (refreshError: unknown) => observer.error(refreshError),
      )
      return () => inner?.unsubscribe()
    })
  })

  const http = new HttpLink({ uri: env.graphqlUrl })
  // An answer over HTTP proves the backend reachable again even while no subscription reopens the
  // (lazy) socket, so the offline banner goes away.
  const reachable = new ApolloLink((operation, forward) => forward(operation).pipe(tap({ next: () => reportSocket(true) })))
  const link = ApolloLink.split(goesOverSocket, new GraphQLWsLink(ws), ApolloLink.from([retryOnExpiredSession, auth, reachable, http]))

  const client = new ApolloClient({ link, cache: createAppCache() })

  return {
    client,
    ws,
    dispose() {
      clearTimeout(refreshTimer)
      unsubscribeSession()
      void ws.dispose()
      client.stop()
    },
  }
}

/**
 * The context of a query sent over the WebSocket, beside the subscriptions it goes with: a
 * dashboard's panels read their history this way, all on the connection that is already open,
 * answered one by one as each is read, where over HTTP they queued six at a time.
 */
export const OVER_SOCKET = { overSocket: true } as const

/** Subscriptions, and queries sent with OVER_SOCKET, go over the WebSocket; the rest over HTTP. */
export function goesOverSocket(operation: ApolloLink.Operation): boolean {
  const definition = getMainDefinition(operation.query)
  if (definition.kind !== 'OperationDefinition') return false
  if (definition.operation === OperationTypeNode.SUBSCRIPTION) return true
  return definition.operation === OperationTypeNode.QUERY && operation.getContext().overSocket === true
}

/** The session's access token if it is good for more than `marginSeconds` by the clock. */
export function freshAccessToken(session: Session | null, marginSeconds: number): string | undefined {
  const expiresAt = session?.decodedToken?.exp
  return session && expiresAt !== undefined && expiresAt - Date.now() > marginSeconds * 1000 ? session.accessToken : undefined
}

function isSessionError(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 401
  if (!CombinedGraphQLErrors.is(error)) return false
  return error.errors.some((e) => e.extensions?.code === 'invalid-jwt' || /JWTExpired|JWT/.test(e.message))
}
