/**
 * GraphiQL's fetcher, signed in as the current user: queries and mutations are POSTed to the
 * GraphQL URL, subscriptions run over graphql-ws, both with the nhost-js session's access token
 * (the `user` role, so introspection shows that role's schema). As in src/lib/apollo.ts, each
 * HTTP call first asks nhost-js for a session valid a minute more, the socket sends a fresh
 * token in `connection_init`, and when the app's refresh changes the token the socket is
 * restarted (4205, retried by graphql-ws, which resubscribes running subscriptions).
 */
import type { NhostClient } from '@nhost/nhost-js'
import type { GraphiQLProps } from 'graphiql'
import { getOperationAST, Kind, OperationTypeNode, parse, type DocumentNode, type ExecutionResult } from 'graphql'
import { createClient as createWsClient } from 'graphql-ws'

export type ExplorerFetcher = GraphiQLProps['fetcher']

const REFRESH_MARGIN_SECONDS = 60

export interface Explorer {
  fetcher: ExplorerFetcher
  /** Closes the socket and stops listening to the session. */
  dispose(): void
}

export function createExplorerFetcher(urls: { graphqlUrl: string; graphqlWsUrl: string }, nhost: NhostClient): Explorer {
  const freshToken = async () => (await nhost.refreshSession(REFRESH_MARGIN_SECONDS))?.accessToken

  let socket: WebSocket | undefined
  let socketToken: string | undefined
  const ws = createWsClient({
    url: urls.graphqlWsUrl,
    lazy: true,
    connectionParams: async () => {
      socketToken = await freshToken()
      return socketToken ? { headers: { Authorization: `Bearer ${socketToken}` } } : {}
    },
    on: {
      opened: (opened) => {
        socket = opened as WebSocket
      },
      closed: () => {
        socket = undefined
      },
    },
  })
  const unsubscribeSession = nhost.sessionStorage.onChange((session) => {
    if (socket?.readyState === WebSocket.OPEN && session?.accessToken !== socketToken) socket.close(4205, 'Client Restart')
  })

  const fetcher: ExplorerFetcher = async (given, options) => {
    const document = parseOrNull(given.query)
    const params = { ...given, operationName: operationNameIn(document, given.operationName) }
    if (document && getOperationAST(document, params.operationName ?? undefined)?.operation === OperationTypeNode.SUBSCRIPTION) {
      const results = ws.iterate({
        query: params.query,
        variables: params.variables as Record<string, unknown>,
        operationName: params.operationName,
      })
      // GraphiQL types the errors as GraphQLError; both it and the wire only use their JSON form.
      return results as AsyncIterable<ExecutionResult>
    }
    const token = await freshToken()
    const response = await fetch(urls.graphqlUrl, {
      method: 'POST',
      headers: {
        ...(options?.headers as Record<string, string> | undefined),
        'Content-Type': 'application/json',
        // The explorer always runs as the signed-in user, whatever the headers editor says.
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(params),
    })
    const text = await response.text()
    try {
      return JSON.parse(text) as ExecutionResult
    } catch {
      throw new Error(`${response.status} ${response.statusText}: ${text.slice(0, 200)}`)
    }
  }

  return {
    fetcher,
    dispose() {
      unsubscribeSession()
      void ws.dispose()
    },
  }
}

/**
 * The document sent, parsed from its text (GraphiQL's `documentAST` lags behind the editor as its
 * operation name does), or null for text that does not parse (the server reports why).
 */
function parseOrNull(query: string): DocumentNode | null {
  try {
    return parse(query)
  } catch {
    return null
  }
}

/**
 * The operation to run. GraphiQL derives its operation name from the editor after a pause, so an
 * operation run right after it was typed can come with the name of the one it replaced, which the
 * server would refuse ("no such operation"). A document of one operation can only mean that one.
 */
export function operationNameIn(document: DocumentNode | null, given: string | null | undefined): string | null | undefined {
  const operations = document?.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION) ?? []
  if (operations.length !== 1) return given
  return operations[0]!.name?.value ?? null
}
