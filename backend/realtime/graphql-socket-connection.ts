import type { IncomingHttpHeaders } from 'node:http'
import type { RawData, WebSocket } from 'ws'
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from '../lib/json-limits.ts'
import type { Logger } from '../lib/logger.ts'
import { REQUEST_ID_HEADER, requestIdFrom } from '../lib/request-id.ts'
import type { Session } from '../session/session.ts'
import { SessionError } from '../session/session-error.ts'
import { CloseCode } from './close-codes.ts'
import { ConnectionInitError, connectionInitHeaders } from './connection-init-headers.ts'
import type { GraphqlRequest } from '../engine/execute/graphql-engine.ts'
import { hasuraErrors, type OperationRunner } from '../engine/subscriptions/operation-runner.ts'
import {
  CONNECTION_ACK,
  KEEP_ALIVE_PING,
  LEGACY_KEEP_ALIVE,
  encodeComplete,
  encodeErrors,
  encodeResult,
  parseClientMessage,
  type ClientMessage,
  type Subprotocol,
} from './protocol-messages.ts'
import { SocketSender, type Corkable, type SocketSenderLimits } from './socket-sender.ts'

export interface ConnectionOptions {
  runner: OperationRunner
  /** Resolves the headers of `connection_init` to a session; throws a SessionError when it cannot. */
  resolveSession(headers: Record<string, string>): Promise<Session>
  log: Logger
  /** Hasura's `HASURA_GRAPHQL_WEBSOCKET_CONNECTION_INIT_TIMEOUT` (3 s by default). */
  initTimeoutMs: number
  /** Hasura's `HASURA_GRAPHQL_WEBSOCKET_KEEPALIVE` (5 s by default). */
  keepAliveMs: number
  /** Operations one connection may run at once; a live dashboard needs a few dozen. */
  maxOperations: number
  /**
   * Whether the session may start one more operation now (the role's rate limit, shared with
   * HTTP): the error to refuse it with, else null.
   */
  admitOperation?(session: Session, clientAddress: string): Promise<{ code: string; message: string } | null> | null
  sender: SocketSenderLimits
}

type State =
  | { kind: 'waiting' }
  | { kind: 'initialising' }
  | { kind: 'ready'; session: Session }
  /** Legacy protocol only: Hasura keeps the socket open and refuses every `start` with the reason. */
  | { kind: 'init-failed'; reason: string }

/** Node timers hold at most 2^31-1 ms; a token valid for longer is re-checked then. */
const MAX_TIMER_MS = 2_147_483_647
/** RFC 6455 limits a close frame's reason to 123 bytes. */
const MAX_CLOSE_REASON_BYTES = 123

/**
 * One client on `/v1/graphql`: the connection handshake, keep-alives and the operations it runs,
 * in whichever of Hasura's two subprotocols it chose (hasura/graphql-engine
 * `Hasura/GraphQL/Transport/WebSocket.hs`: `onConnInit`, `onStart`, `onStop`).
 */
export class GraphqlSocketConnection {
  #state: State = { kind: 'waiting' }
  readonly #operations = new Map<string, { stop?: () => void; stopped: boolean }>()
  readonly #sender: SocketSender
  readonly #timers: NodeJS.Timeout[] = []
  #closed = false
  #keepAliveStarted = false
  /** The upgrade request's id, in every log line about this connection. */
  readonly #requestId: string

  constructor(
    private readonly socket: WebSocket,
    private readonly protocol: Subprotocol,
    private readonly upgradeHeaders: IncomingHttpHeaders,
    private readonly clientAddress: string,
    private readonly options: ConnectionOptions,
    connection?: Corkable,
  ) {
    this.#sender = new SocketSender(socket, options.sender, connection)
    this.#requestId = requestIdFrom(upgradeHeaders[REQUEST_ID_HEADER])
    socket.on('message', (data, isBinary) => this.#onFrame(data, isBinary))
    socket.on('close', () => this.#dispose())
    socket.on('error', (error) => options.log.debug('websocket error', { requestId: this.#requestId, error: error.message }))
    this.#timers.push(
      setTimeout(() => {
        if (this.#state.kind === 'waiting' || this.#state.kind === 'initialising') {
          this.#close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout')
        }
      }, options.initTimeoutMs),
    )
  }

  #onFrame(data: RawData, isBinary: boolean): void {
    const message = isBinary ? undefined : parseClientMessage(rawText(data))
    if (message === undefined) return this.#protocolError('parsing ClientMessage failed: invalid JSON message')
    switch (message.type) {
      case 'connection_init':
        return void this.#onConnectionInit(message.payload)
      case 'subscribe':
      case 'start':
        return this.#onStart(message)
      case 'complete':
      case 'stop':
        return this.#onStop(message.id)
      case 'ping':
        if (this.protocol !== 'graphql-transport-ws') break
        return this.#pong(message.payload)
      case 'pong':
        if (this.protocol !== 'graphql-transport-ws') break
        return
      case 'connection_terminate':
        if (this.protocol !== 'graphql-ws') break
        return this.#close(CloseCode.Normal, 'GQL_CONNECTION_TERMINATE received')
    }
    this.#protocolError(`parsing ClientMessage failed: unexpected type for ClientMessage: ${message.type}`)
  }

  /**
   * The pong echoes the ping's payload. JSON.parse reads any depth but JSON.stringify recurses,
   * so a payload thousands of levels deep would throw out of the socket's message handler and
   * end the process: such a ping is refused as a bad message instead.
   */
  #pong(payload: unknown): void {
    if (payload === undefined) return this.#sender.send('{"type":"pong"}')
    if (jsonNestsDeeperThan(payload, MAX_JSON_DEPTH)) {
      return this.#close(CloseCode.BadRequest, `ping payload nests deeper than ${MAX_JSON_DEPTH} levels`)
    }
    this.#sender.send(JSON.stringify({ type: 'pong', payload }))
  }

  /** graphql-ws closes on any malformed message; the legacy protocol answers `connection_error`. */
  #protocolError(reason: string): void {
    if (this.protocol === 'graphql-transport-ws') return this.#close(CloseCode.BadRequest, reason)
    this.#sender.send(JSON.stringify({ type: 'connection_error', payload: reason }))
  }

  async #onConnectionInit(payload: unknown): Promise<void> {
    if (this.protocol === 'graphql-transport-ws' && this.#state.kind !== 'waiting') {
      return this.#close(CloseCode.TooManyInitialisationRequests, 'Too many initialisation requests')
    }
    this.#state = { kind: 'initialising' }
    let session: Session
    try {
      session = await this.options.resolveSession(connectionInitHeaders(payload, this.upgradeHeaders))
    } catch (error) {
      if (this.#closed) return
      if (!(error instanceof SessionError || error instanceof ConnectionInitError)) {
        this.options.log.error('connection_init failed', {
          requestId: this.#requestId,
          error: String(error),
          stack: (error as Error).stack,
        })
        return this.#close(CloseCode.InternalError, 'Internal server error')
      }
      if (this.protocol === 'graphql-transport-ws') {
        return this.#close(CloseCode.BadRequest, `Connection initialization failed: ${error.message}`)
      }
      this.#state = { kind: 'init-failed', reason: error.message }
      return this.#sender.send(JSON.stringify({ type: 'connection_error', payload: error.message }))
    }
    if (this.#closed) return
    this.#state = { kind: 'ready', session }
    this.#sender.send(CONNECTION_ACK)
    if (session.expiresAt) this.#closeAt(session.expiresAt)
    this.#startKeepAlive()
  }

  #startKeepAlive(): void {
    if (this.#keepAliveStarted) return
    this.#keepAliveStarted = true
    const message = this.protocol === 'graphql-transport-ws' ? KEEP_ALIVE_PING : LEGACY_KEEP_ALIVE
    // Hasura sends the first `ka` together with the ack; subscriptions-transport-ws waits for it.
    if (this.protocol === 'graphql-ws') this.#sender.send(message)
    this.#timers.push(setInterval(() => this.#sender.send(message), this.options.keepAliveMs))
  }

  /** Hasura closes a connection when its JWT expires, so that the client reconnects with a fresh one. */
  #closeAt(expiresAt: Date): void {
    const wait = expiresAt.getTime() - Date.now()
    if (wait <= 0) return this.#close(CloseCode.Normal, 'JWT expired')
    this.#timers.push(setTimeout(() => this.#closeAt(expiresAt), Math.min(wait, MAX_TIMER_MS)))
  }

  #onStart(message: ClientMessage): void {
    const id = message.id
    const request = asRequest(message.payload)
    if (this.protocol === 'graphql-transport-ws') {
      if (this.#state.kind !== 'ready') return this.#close(CloseCode.Unauthorized, 'Unauthorized')
      if (id === undefined || request === undefined)
        return this.#close(CloseCode.BadRequest, 'Invalid message received: subscribe needs an id and a payload with a query')
      if (this.#operations.has(id)) return this.#close(CloseCode.SubscriberAlreadyExists, `Subscriber for ${id} already exists`)
    } else {
      if (id === undefined || request === undefined)
        return this.#protocolError('parsing ClientMessage failed: start needs an id and a payload with a query')
      if (this.#state.kind === 'waiting' || this.#state.kind === 'initialising') {
        return this.#refuse(id, 'start received before the connection is initialised')
      }
      if (this.#state.kind === 'init-failed') return this.#refuse(id, `cannot start as connection_init failed with: ${this.#state.reason}`)
      if (this.#operations.has(id)) return this.#refuse(id, `an operation already exists with this id: ${id}`)
    }
    if (this.#operations.size >= this.options.maxOperations) {
      return this.#refuse(id, `too many operations on this connection (at most ${this.options.maxOperations})`)
    }
    const session = this.#state.session
    const admission = this.options.admitOperation?.(session, this.clientAddress)
    if (!admission) return this.#run(id, request, session)
    // The id is taken while the count is asked for: a `complete` meanwhile cancels the operation.
    const pending = { stopped: false }
    this.#operations.set(id, pending)
    void admission.then(
      (refused) => {
        if (this.#operations.get(id) !== pending) return
        this.#operations.delete(id)
        if (refused) this.#refuse(id, refused.message, refused.code)
        else this.#run(id, request, session)
      },
      (error: unknown) => {
        if (this.#operations.get(id) !== pending) return
        this.#operations.delete(id)
        this.#refuse(id, `the rate limit could not be checked: ${String(error)}`)
      },
    )
  }

  #run(id: string, request: GraphqlRequest, session: Session): void {
    const operation: { stop?: () => void; stopped: boolean } = { stopped: false }
    this.#operations.set(id, operation)
    const active = () => !operation.stopped && this.#operations.get(id) === operation
    const finish = () => {
      if (this.#operations.get(id) === operation) this.#operations.delete(id)
      operation.stopped = true
    }
    const sink = {
      next: (response: string) => {
        if (active()) this.#sender.sendLatest(id, encodeResult(this.protocol, id, response))
      },
      append: (response: string) => {
        if (active()) this.#sender.send(encodeResult(this.protocol, id, response))
      },
      error: (errors: string) => {
        if (!active()) return
        finish()
        this.#sender.send(encodeErrors(this.protocol, id, errors))
        if (this.protocol === 'graphql-ws') this.#sender.send(encodeComplete(id))
      },
      complete: () => {
        if (!active()) return
        finish()
        this.#sender.send(encodeComplete(id))
      },
    }
    this.options.runner.start(request, session, sink, this.#requestId).then(
      (stop) => {
        if (active()) operation.stop = stop
        else stop()
      },
      (error: unknown) => {
        this.options.log.error('operation failed', { requestId: this.#requestId, error: String(error), stack: (error as Error).stack })
        sink.error(hasuraErrors('unexpected', 'an unexpected error occurred'))
      },
    )
  }

  /** Refuses one operation without closing the connection. */
  #refuse(id: string, message: string, code = 'start-failed'): void {
    this.#sender.send(encodeErrors(this.protocol, id, hasuraErrors(code, message)))
    if (this.protocol === 'graphql-ws') this.#sender.send(encodeComplete(id))
  }

  #onStop(id: string | undefined): void {
    if (id === undefined) return this.#protocolError('parsing ClientMessage failed: stop needs an id')
    const operation = this.#operations.get(id)
    if (!operation) return
    this.#operations.delete(id)
    operation.stopped = true
    operation.stop?.()
    this.#sender.forget(id)
  }

  /** Ends the connection from the server's side: its operations stop at once, before the client answers. */
  close(code: CloseCode, reason: string): void {
    this.#close(code, reason)
  }

  #close(code: CloseCode, reason: string): void {
    if (this.#closed) return
    this.socket.close(code, truncateUtf8(reason, MAX_CLOSE_REASON_BYTES))
    this.#dispose()
  }

  #dispose(): void {
    if (this.#closed) return
    this.#closed = true
    for (const timer of this.#timers) clearTimeout(timer)
    this.#sender.dispose()
    for (const operation of this.#operations.values()) {
      operation.stopped = true
      operation.stop?.()
    }
    this.#operations.clear()
  }
}

function asRequest(payload: unknown): GraphqlRequest | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined
  const { query, variables, operationName } = payload as Record<string, unknown>
  if (typeof query !== 'string') return undefined
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined
  return { query, variables: variables as Record<string, unknown> | null | undefined, operationName }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data as ArrayBuffer).toString('utf8')
}

function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length <= maxBytes) return text
  // Cutting inside a multi-byte character leaves U+FFFD, which re-encodes longer; trim it away.
  return bytes
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
}
