import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClient, type Client } from 'graphql-ws'
import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { parseJwtSecret } from '../config/jwt-secret.ts'
import { createLogger } from '../lib/logger.ts'
import { resolveSession, type SessionConfig } from '../session/resolve-session.ts'
import type { Session } from '../session/session.ts'
import { attachGraphqlWebSocket, type GraphqlWebSocket } from './attach-graphql-websocket.ts'
import type { GraphqlRequest } from '../engine/execute/graphql-engine.ts'
import type { OperationRunner, OperationSink } from '../engine/subscriptions/operation-runner.ts'

/**
 * The transport alone, against a fake runner: queries answer once with the session's role, and
 * `subscription` operations stay live until the test pushes to them or they are stopped.
 */
const HMAC_KEY = 'a-test-only-hmac-key-of-at-least-32-characters'
const sessionConfig: SessionConfig = {
  adminSecret: 'secret',
  jwtSecret: parseJwtSecret(JSON.stringify({ type: 'HS256', key: HMAC_KEY })),
  unauthorizedRole: 'public',
}

const live = new Map<string, OperationSink>()
let stopped: string[] = []

const runner: OperationRunner = {
  async start(request: GraphqlRequest, session: Session, sink: OperationSink) {
    if (request.query.includes('invalid')) {
      sink.error(JSON.stringify([{ extensions: { path: '$', code: 'validation-failed' }, message: 'bad query' }]))
      return () => {}
    }
    const data = JSON.stringify({ data: { role: session.role, user: session.variables['x-hasura-user-id'] ?? null } })
    if (!request.query.startsWith('subscription')) {
      sink.next(data)
      sink.complete()
      return () => {}
    }
    const key = String(request.variables?.key)
    live.set(key, sink)
    sink.next(data)
    return () => {
      live.delete(key)
      stopped.push(key)
    }
  },
}

let server: Server
let transport: GraphqlWebSocket
let url: string

beforeAll(async () => {
  server = createServer((_, res) => res.end())
  transport = attachGraphqlWebSocket(server, {
    runner,
    resolveSession: (headers) => resolveSession(headers, sessionConfig),
    log: createLogger('silent'),
    initTimeoutMs: 300,
    keepAliveMs: 200,
    maxOperations: 3,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/graphql`
})

afterAll(async () => {
  await transport.close()
  await new Promise((resolve) => server.close(resolve))
})

afterEach(() => {
  stopped = []
})

async function jwt(expiresInSeconds: number, userId = 'u1'): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({
    'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': userId },
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(HMAC_KEY))
}

/** A raw socket that records every message and how it closed. */
function rawSocket(protocol?: string) {
  const socket = new WebSocket(url, protocol ? [protocol] : [])
  const messages: Record<string, unknown>[] = []
  const waiters: (() => void)[] = []
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as Record<string, unknown>)
    for (const wake of waiters.splice(0)) wake()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()))
  return {
    socket,
    messages,
    closed,
    async send(message: unknown) {
      await opened
      socket.send(JSON.stringify(message))
    },
    async next(predicate: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
      for (;;) {
        const found = messages.find(predicate)
        if (found) return found
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    },
  }
}

describe('graphql-transport-ws with the graphql-ws client', () => {
  let client: Client | undefined
  afterEach(async () => {
    await client?.dispose()
    client = undefined
  })

  it('authenticates from connectionParams and runs queries and subscriptions', async () => {
    const token = await jwt(60)
    client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { headers: { Authorization: `Bearer ${token}` } } })
    const result = await new Promise((resolve, reject) => {
      client!.subscribe({ query: '{ role }' }, { next: resolve, error: reject, complete: () => {} })
    })
    expect(result).toEqual({ data: { role: 'user', user: 'u1' } })

    const received: unknown[] = []
    const dispose = client.subscribe(
      { query: 'subscription { role }', variables: { key: 'a' } },
      { next: (value) => received.push(value), error: () => {}, complete: () => {} },
    )
    await expect.poll(() => received.length).toBe(1)
    live.get('a')!.next('{"data":{"n":2}}')
    await expect.poll(() => received).toEqual([{ data: { role: 'user', user: 'u1' } }, { data: { n: 2 } }])
    dispose()
    await expect.poll(() => stopped).toEqual(['a'])
  })

  it('reads the headers from the top level of the payload too', async () => {
    client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { 'x-hasura-admin-secret': 'secret', 'x-hasura-role': 'editor' },
    })
    const result = await new Promise((resolve, reject) => {
      client!.subscribe({ query: '{ role }' }, { next: resolve, error: reject, complete: () => {} })
    })
    expect(result).toEqual({ data: { role: 'editor', user: null } })
  })

  it('delivers start errors as an error message', async () => {
    client = createClient({ url, webSocketImpl: WebSocket })
    const error = await new Promise((resolve) => {
      client!.subscribe({ query: 'invalid' }, { next: () => {}, error: resolve, complete: () => {} })
    })
    expect(error).toEqual([{ extensions: { path: '$', code: 'validation-failed' }, message: 'bad query' }])
  })
})

describe('graphql-transport-ws close codes', () => {
  const transportWs = () => rawSocket('graphql-transport-ws')

  it('closes with 4400 when connection_init fails authentication', async () => {
    const s = transportWs()
    await s.send({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${await jwt(-60)}` } } })
    expect(await s.closed).toEqual({ code: 4400, reason: 'Connection initialization failed: Could not verify JWT: JWTExpired' })
  })

  it('closes with 4408 when no connection_init arrives in time', async () => {
    expect((await transportWs().closed).code).toBe(4408)
  })

  it('closes with 4429 on a second connection_init', async () => {
    const s = transportWs()
    await s.send({ type: 'connection_init' })
    await s.next((m) => m.type === 'connection_ack')
    await s.send({ type: 'connection_init' })
    expect(await s.closed).toEqual({ code: 4429, reason: 'Too many initialisation requests' })
  })

  it('closes with 4401 on subscribe before the ack', async () => {
    const s = transportWs()
    await s.send({ id: '1', type: 'subscribe', payload: { query: '{ role }' } })
    expect((await s.closed).code).toBe(4401)
  })

  it('closes with 4409 when an id is reused while running', async () => {
    const s = transportWs()
    await s.send({ type: 'connection_init' })
    await s.next((m) => m.type === 'connection_ack')
    const start = { id: '1', type: 'subscribe', payload: { query: 'subscription { role }', variables: { key: 'dup' } } }
    await s.send(start)
    await s.next((m) => m.type === 'next')
    await s.send(start)
    expect(await s.closed).toEqual({ code: 4409, reason: 'Subscriber for 1 already exists' })
    await expect.poll(() => stopped).toEqual(['dup'])
  })

  it('closes with 4400 on a malformed message, answers ping and keeps alive', async () => {
    const s = transportWs()
    await s.send({ type: 'connection_init' })
    await s.send({ type: 'ping', payload: { n: 1 } })
    expect(await s.next((m) => m.type === 'pong')).toEqual({ type: 'pong', payload: { n: 1 } })
    expect(await s.next((m) => m.type === 'ping')).toEqual({ type: 'ping', payload: { message: 'keepalive' } })
    s.socket.send('not json')
    expect((await s.closed).code).toBe(4400)
  })

  it('closes the connection with 1000 when its JWT expires', async () => {
    const s = transportWs()
    // Two seconds leave a loaded machine time to start the subscription before the token expires.
    await s.send({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${await jwt(2)}` } } })
    await s.next((m) => m.type === 'connection_ack')
    await s.send({ id: '1', type: 'subscribe', payload: { query: 'subscription { role }', variables: { key: 'exp' } } })
    await s.next((m) => m.type === 'next' && m.id === '1')
    expect(await s.closed).toEqual({ code: 1000, reason: 'JWT expired' })
    expect(stopped).toEqual(['exp'])
  })

  it('refuses operations past the per-connection limit without closing', async () => {
    const s = transportWs()
    await s.send({ type: 'connection_init' })
    await s.next((m) => m.type === 'connection_ack')
    for (const id of ['1', '2', '3', '4']) {
      await s.send({ id, type: 'subscribe', payload: { query: 'subscription { role }', variables: { key: `limit${id}` } } })
    }
    const refused = await s.next((m) => m.type === 'error')
    expect(refused).toMatchObject({ id: '4', payload: [{ extensions: { code: 'start-failed' } }] })
    expect(s.socket.readyState).toBe(WebSocket.OPEN)
    s.socket.close()
  })
})

describe('legacy graphql-ws (subscriptions-transport-ws)', () => {
  it('acks with ka, streams data, stops and terminates', async () => {
    const s = rawSocket('graphql-ws')
    await s.send({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${await jwt(60, 'u7')}` } } })
    await s.next((m) => m.type === 'connection_ack')
    await s.next((m) => m.type === 'ka')
    await s.send({ id: '1', type: 'start', payload: { query: 'subscription { role }', variables: { key: 'legacy' } } })
    expect(await s.next((m) => m.type === 'data')).toEqual({ type: 'data', id: '1', payload: { data: { role: 'user', user: 'u7' } } })
    await s.send({ id: '1', type: 'stop' })
    await expect.poll(() => stopped).toContain('legacy')
    await s.send({ id: '2', type: 'start', payload: { query: '{ role }' } })
    await s.next((m) => m.type === 'complete' && m.id === '2')
    expect(s.messages.filter((m) => m.id === '2').map((m) => m.type)).toEqual(['data', 'complete'])
    await s.send({ type: 'connection_terminate' })
    expect((await s.closed).code).toBe(1000)
  })

  it('answers a failed connection_init with connection_error and refuses later starts', async () => {
    const s = rawSocket('graphql-ws')
    await s.send({ type: 'connection_init', payload: { headers: { 'x-hasura-admin-secret': 'wrong' } } })
    expect(await s.next((m) => m.type === 'connection_error')).toEqual({
      type: 'connection_error',
      payload: 'invalid x-hasura-admin-secret/x-hasura-access-key',
    })
    await s.send({ id: '1', type: 'start', payload: { query: '{ role }' } })
    expect(await s.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      id: '1',
      payload: {
        errors: [
          {
            extensions: { path: '$', code: 'start-failed' },
            message: 'cannot start as connection_init failed with: invalid x-hasura-admin-secret/x-hasura-access-key',
          },
        ],
      },
    })
    s.socket.close()
  })

  it('is the protocol of a client that names none', async () => {
    const s = rawSocket()
    await s.send({ type: 'connection_init' })
    await s.next((m) => m.type === 'ka')
    s.socket.close()
  })
})
