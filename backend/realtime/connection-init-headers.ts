import type { IncomingHttpHeaders } from 'node:http'

/**
 * Headers of the WebSocket upgrade request that say nothing about the client: Hasura drops these
 * before it reads the rest as the connection's headers (`filterWsHeaders` in
 * hasura/graphql-engine `Hasura/GraphQL/Transport/WebSocket.hs`).
 */
const UPGRADE_ONLY = new Set([
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-protocol',
  'sec-websocket-extensions',
  'upgrade',
  'connection',
])

/** Bounds what one `connection_init` may carry: a header map is not a place for megabytes. */
const MAX_HEADERS = 100
const MAX_HEADER_VALUE = 16_384

export class ConnectionInitError extends Error {
  override name = 'ConnectionInitError'
}

/**
 * The headers a connection is authenticated with, lower-cased: those of the upgrade request,
 * overridden by the `connection_init` payload's `headers` object (Hasura's `ConnParams`). Apollo
 * and graphql-ws clients are often set up with the headers at the payload's top level
 * (`connectionParams: { Authorization }`), which Hasura reads the same way when `headers` is absent.
 */
export function connectionInitHeaders(payload: unknown, upgrade: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(upgrade)) {
    if (UPGRADE_ONLY.has(name) || value === undefined) continue
    headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  if (payload === undefined || payload === null) return headers
  if (typeof payload !== 'object' || Array.isArray(payload)) {
    throw new ConnectionInitError('parsing ConnectionInit failed: the payload must be an object')
  }
  const object = payload as Record<string, unknown>
  const source = typeof object.headers === 'object' && object.headers !== null ? object.headers : object
  const entries = Object.entries(source as Record<string, unknown>)
  if (entries.length > MAX_HEADERS) throw new ConnectionInitError(`parsing ConnectionInit failed: more than ${MAX_HEADERS} headers`)
  for (const [name, value] of entries) {
    if (name === 'headers' && source === object) continue
    // Only text-like values are headers; a nested object in connectionParams is some other setting.
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue
    const text = String(value)
    if (text.length > MAX_HEADER_VALUE) throw new ConnectionInitError(`parsing ConnectionInit failed: header ${name} is too long`)
    headers[name.toLowerCase()] = text
  }
  return headers
}
