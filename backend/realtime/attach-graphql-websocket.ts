import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { REQUEST_ID_HEADER, requestIdFrom } from '../lib/request-id.ts'
import { GraphqlSocketConnection, type ConnectionOptions } from './graphql-socket-connection.ts'
import { CloseCode } from './close-codes.ts'
import { chooseSubprotocol } from './protocol-messages.ts'
import { DEFAULT_SENDER_LIMITS } from './socket-sender.ts'

/** The paths Hasura serves GraphQL over WebSocket on (`checkPath` in its WebSocket.hs). */
const GRAPHQL_PATHS = new Set(['/v1/graphql', '/v1alpha1/graphql'])

/** Bounds a single client frame: a GraphQL document with its variables, not a file upload. */
const MAX_FRAME_BYTES = 1 << 20

export type GraphqlWebSocketOptions = Pick<ConnectionOptions, 'runner' | 'resolveSession' | 'log'> &
  Partial<Omit<ConnectionOptions, 'runner' | 'resolveSession' | 'log'>>

export interface GraphqlWebSocket {
  /**
   * Closes every connection with 1012 (Service Restart), as Hasura does when its metadata
   * changes (`HASURA_GRAPHQL_CLOSE_WEBSOCKETS_ON_METADATA_CHANGE`, on by default): clients
   * reconnect, and each operation is validated and planned again under the new metadata.
   */
  restartConnections(reason: string): void
  close(): Promise<void>
}

/**
 * Serves GraphQL over WebSocket on the HTTP server's port, in both of Hasura's subprotocols.
 * Upgrades on other paths are left to other listeners, or refused when there are none.
 */
export function attachGraphqlWebSocket(server: Server, options: GraphqlWebSocketOptions): GraphqlWebSocket {
  const connectionOptions: ConnectionOptions = {
    initTimeoutMs: 3_000,
    keepAliveMs: 5_000,
    maxOperations: 100,
    sender: DEFAULT_SENDER_LIMITS,
    ...options,
  }
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    // The protocol header must echo one the client offered; a client that offered none gets none.
    handleProtocols: (offered) => {
      const chosen = chooseSubprotocol(offered)
      return offered.has(chosen) ? chosen : false
    },
  })
  // The upgrade's id, as every HTTP answer's: in the 101 and in the connection's log lines.
  wss.on('headers', (headers, request) => headers.push(`${REQUEST_ID_HEADER}: ${String(request.headers[REQUEST_ID_HEADER])}`))
  const connections = new Set<GraphqlSocketConnection>()
  const connect = (socket: WebSocket, request: IncomingMessage, connection: Duplex) => {
    const offered = new Set((request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim()))
    const clientAddress = request.socket.remoteAddress ?? 'unknown'
    const graphqlConnection = new GraphqlSocketConnection(
      socket,
      chooseSubprotocol(offered),
      request.headers,
      clientAddress,
      connectionOptions,
      connection,
    )
    connections.add(graphqlConnection)
    socket.on('close', () => connections.delete(graphqlConnection))
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (!GRAPHQL_PATHS.has(path)) {
      if (server.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
      return
    }
    request.headers[REQUEST_ID_HEADER] = requestIdFrom(request.headers[REQUEST_ID_HEADER])
    wss.handleUpgrade(request, socket, head, (ws) => connect(ws, request, socket))
  }
  server.on('upgrade', onUpgrade)

  return {
    restartConnections(reason) {
      for (const connection of connections) connection.close(CloseCode.ServiceRestart, reason)
      connections.clear()
    },
    close() {
      server.off('upgrade', onUpgrade)
      for (const client of wss.clients) client.terminate()
      return new Promise((resolve) => wss.close(() => resolve()))
    },
  }
}
