import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client'
import { SetContextLink } from '@apollo/client/link/context'
import { GraphQLWsLink } from '@apollo/client/link/subscriptions'
import { createClient as createWsClient } from 'graphql-ws'
import type { NhostClient } from '@nhost/nhost-js'
import { goesOverSocket } from '../../lib/apollo.ts'
import type { AppEnv } from '../../lib/env.ts'

export interface ShareSession {
  accessToken: string
  accessTokenExpiresIn: number
  dashboard: { id: string; title: string }
}

/** Trades a share link's token for a short read-only session (POST /share-session). */
export async function startShareSession(nhost: NhostClient, token: string): Promise<ShareSession> {
  const { body } = await nhost.functions.post<ShareSession>('/share-session', { token })
  return body
}

export interface ShareApollo {
  client: ApolloClient
  /** Uses a renewed session: later requests and a reopened socket carry it. */
  renew(accessToken: string): void
  dispose(): void
}

/** An Apollo client of its own for the public view, carrying the share session, not the user's. */
export function createShareApollo(env: AppEnv, accessToken: string): ShareApollo {
  let token = accessToken
  const ws = createWsClient({
    url: env.graphqlWsUrl,
    lazy: true,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    connectionParams: () => ({ headers: { Authorization: `Bearer ${token}` } }),
  })
  const http = new SetContextLink(() => ({ headers: { authorization: `Bearer ${token}` } })).concat(new HttpLink({ uri: env.graphqlUrl }))
  const link = ApolloLink.split(goesOverSocket, new GraphQLWsLink(ws), http)
  const client = new ApolloClient({ link, cache: new InMemoryCache() })
  return {
    client,
    renew(next) {
      token = next
      // graphql-ws reconnects and resubscribes with the new connection params.
      ws.terminate()
    },
    dispose() {
      void ws.dispose()
      client.stop()
    },
  }
}
