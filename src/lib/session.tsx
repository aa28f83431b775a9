/**
 * The signed-in session, shared by every feature: the nhost client, the current session and its
 * user, the Apollo client that carries its token, and signing out. Built once per app.
 */
import type { ApolloClient } from '@apollo/client'
import { ApolloProvider } from '@apollo/client/react'
import type { NhostClient } from '@nhost/nhost-js'
import type { Session } from '@nhost/nhost-js/session'
import { forgetWorkspace } from './workspace-ref.ts'
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react'

export interface SessionValue {
  nhost: NhostClient
  session: Session | null
  userId: string | null
  /** The user of the last session in this tab, kept after signing out (whose page a return path is). */
  lastUserId: string | null
  /** True once the session was lost (refresh failed): sign-in explains why. */
  expired: boolean
  signOut(): Promise<void>
}

const SessionContext = createContext<SessionValue | null>(null)

export interface SessionProviderProps {
  nhost: NhostClient
  apollo: ApolloClient
  children: ReactNode
}

export function SessionProvider({ nhost, apollo, children }: SessionProviderProps) {
  const [session, setSession] = useState<Session | null>(() => nhost.getUserSession())
  const [expired, setExpired] = useState(false)
  const [lastUserId, setLastUserId] = useState<string | null>(() => nhost.getUserSession()?.user?.id ?? null)

  useEffect(
    () =>
      nhost.sessionStorage.onChange((next) => {
        setSession((previous) => {
          if (previous && !next) void apollo.clearStore()
          return next
        })
        if (next) setExpired(false)
        if (next?.user) setLastUserId(next.user.id)
      }),
    [nhost, apollo],
  )

  const value = useMemo<SessionValue>(
    () => ({
      nhost,
      session,
      userId: session?.user?.id ?? null,
      lastUserId,
      expired,
      async signOut() {
        const current = nhost.getUserSession()
        try {
          if (current) await nhost.auth.signOut({ refreshToken: current.refreshToken })
        } catch {
          // Signing out locally matters most; the refresh token expires on its own.
        } finally {
          nhost.clearSession()
          forgetWorkspace()
          setExpired(false)
        }
      },
    }),
    [nhost, session, expired, lastUserId],
  )

  // Exposed for createAppApollo's onSessionLost through the module-level hook below.
  useEffect(() => {
    markExpired = () => {
      setExpired(true)
      nhost.clearSession()
    }
    return () => {
      markExpired = undefined
    }
  }, [nhost])

  return (
    <SessionContext value={value}>
      <ApolloProvider client={apollo}>{children}</ApolloProvider>
    </SessionContext>
  )
}

let markExpired: (() => void) | undefined

/** For the Apollo setup: the session could not be refreshed; go back to sign-in. */
export function onSessionLost(): void {
  markExpired?.()
}

export function useSession(): SessionValue {
  const value = use(SessionContext)
  if (!value) throw new Error('useSession outside SessionProvider')
  return value
}

/** The signed-in user's id; only under routes that require a session. */
export function useUserId(): string {
  const { userId } = useSession()
  if (!userId) throw new Error('useUserId without a session')
  return userId
}
