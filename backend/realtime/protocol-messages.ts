/**
 * The two subprotocols Hasura speaks on `/v1/graphql`:
 * - `graphql-transport-ws`, the graphql-ws library's protocol (enisdenjo/graphql-ws `PROTOCOL.md`);
 * - `graphql-ws`, the legacy protocol of Apollo's subscriptions-transport-ws, which Hasura also
 *   picks when the client names no subprotocol.
 * Results are JSON text straight from Postgres, so messages are assembled as text around them.
 */
export type Subprotocol = 'graphql-transport-ws' | 'graphql-ws'

/** Picks the subprotocol from what the client offers; Hasura falls back to the legacy one. */
export function chooseSubprotocol(offered: ReadonlySet<string>): Subprotocol {
  return offered.has('graphql-transport-ws') ? 'graphql-transport-ws' : 'graphql-ws'
}

export interface ClientMessage {
  type: string
  id?: string
  payload?: unknown
}

/** Parses a client frame; undefined when it is not a JSON object with a string `type`. */
export function parseClientMessage(text: string): ClientMessage | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const message = value as Record<string, unknown>
  if (typeof message.type !== 'string') return undefined
  if (message.id !== undefined && typeof message.id !== 'string') return undefined
  return message as unknown as ClientMessage
}

export function encodeResult(protocol: Subprotocol, id: string, response: string): string {
  const type = protocol === 'graphql-transport-ws' ? 'next' : 'data'
  return `{"type":"${type}","id":${JSON.stringify(id)},"payload":${response}}`
}

/**
 * graphql-transport-ws requires an array of GraphQL errors as the payload; Hasura's legacy
 * protocol sends them wrapped as a GraphQL response (`fmtErrorMessage`).
 */
export function encodeErrors(protocol: Subprotocol, id: string, errors: string): string {
  const payload = protocol === 'graphql-transport-ws' ? errors : `{"errors":${errors}}`
  return `{"type":"error","id":${JSON.stringify(id)},"payload":${payload}}`
}

export function encodeComplete(id: string): string {
  return `{"type":"complete","id":${JSON.stringify(id)}}`
}

export const CONNECTION_ACK = '{"type":"connection_ack"}'
/** Hasura's keep-alive: `ka` on the legacy protocol, a `ping` with this payload on graphql-ws. */
export const LEGACY_KEEP_ALIVE = '{"type":"ka"}'
export const KEEP_ALIVE_PING = '{"type":"ping","payload":{"message":"keepalive"}}'
