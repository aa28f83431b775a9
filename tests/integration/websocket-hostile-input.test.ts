import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { expectHealthzWithin } from '../support/expect-healthz-within.ts'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { replaceMetadata } from '../support/metadata.ts'

/**
 * Hostile and clumsy clients of the GraphQL WebSocket (`/v1/graphql`), in both subprotocols, one
 * group at a time against one real backend, as tests/integration/hostile-input.test.ts does for
 * GraphQL over HTTP. Each bad frame gets Hasura's answer (a close code on graphql-transport-ws,
 * `connection_error` or an operation error on the legacy graphql-ws); after each group the same
 * process answers /healthz within 100 ms, a normal subscription still works, and its memory grew less than 100 MB.
 */
let server: GraphqlTestBackend
let token: string
const MAX_OPERATIONS = 5
const NOTES = 'subscription Notes { notes(order_by: { id: asc }) { id body } }'
const DEEP_QUERY = 'subscription Deep($v: String) { notes(where: { body: { _eq: $v } }) { id } }'
const sockets: WebSocket[] = []
const rawSockets: Socket[] = []

beforeAll(async () => {
  server = await startGraphqlTestBackend({ PULSEBOARD_WEBSOCKET_MAX_OPERATIONS: String(MAX_OPERATIONS) })
  await server.runSql(`
    CREATE TABLE public.notes (id serial PRIMARY KEY, owner_id text NOT NULL, body text NOT NULL);
    INSERT INTO public.notes (owner_id, body) VALUES ('alice', 'a1');`)
  await server.admin(
    '/v1/metadata',
    replaceMetadata([
      {
        table: { schema: 'public', name: 'notes' },
        select_permissions: [{ role: 'user', permission: { columns: ['id', 'body'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } } } }],
      },
    ]),
  )
  token = await server.jwt('alice')
}, 240_000)

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate()
  for (const socket of rawSockets.splice(0)) socket.destroy()
  await server.disposeClients()
})

afterAll(() => server?.stop())

type Protocol = 'graphql-transport-ws' | 'graphql-ws'
interface Message {
  type: string
  id?: string
  payload?: unknown
}

/** A `ws` client that sends whatever the test writes and records what comes back. */
interface RawClient {
  socket: WebSocket
  messages: Message[]
  closed: Promise<{ code: number; reason: string }>
  /** The first message satisfying `test`; fails after 15 s (generous for a loaded machine). */
  next(test: (message: Message) => boolean): Promise<Message>
  /** connection_init with the test's token, and its ack. */
  init(): Promise<void>
}

async function openClient(protocol: Protocol): Promise<RawClient> {
  const socket = new WebSocket(server.wsUrl, protocol)
  sockets.push(socket)
  const messages: Message[] = []
  socket.on('message', (data, isBinary) => {
    if (!isBinary) messages.push(JSON.parse(String(data)) as Message)
  })
  socket.on('error', () => {})
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const next = async (test: (message: Message) => boolean) => {
    await expect.poll(() => messages.some(test), { timeout: 15_000 }).toBe(true)
    return messages.find(test) as Message
  }
  return {
    socket,
    messages,
    closed,
    next,
    async init() {
      socket.send(JSON.stringify({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${token}` } } }))
      await next((message) => message.type === 'connection_ack')
    },
  }
}

const startType = (protocol: Protocol) => (protocol === 'graphql-transport-ws' ? 'subscribe' : 'start')
const start = (protocol: Protocol, id: string, payload: unknown = { query: NOTES }) =>
  JSON.stringify({ type: startType(protocol), id, payload })
const resultFor = (id: string) => (message: Message) => message.id === id && (message.type === 'next' || message.type === 'data')
const errorFor = (id: string) => (message: Message) => message.id === id && message.type === 'error'

/** How long a close may take; a server that buffers or hangs never closes at all. */
function within<T>(promise: Promise<T>, ms = 15_000): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms))])
}

const nestedObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
const nestedArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

/** The same process answers /healthz within 100 ms, a normal subscription works, and RSS grew < 100 MB. */
async function expectStillServing(rssBefore: number): Promise<void> {
  await expectHealthzWithin(server.url)
  const results: unknown[] = []
  server.wsClient(token).subscribe({ query: NOTES }, { next: (value) => results.push(value), error: () => {}, complete: () => {} })
  await expect.poll(() => results, { timeout: 15_000 }).toContainEqual({ data: { notes: [{ id: 1, body: 'a1' }] } })
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100_000_000)
}

/** Upgrades a raw TCP connection to a WebSocket on /v1/graphql: the bytes after that are the test's. */
async function rawUpgrade(protocol: Protocol): Promise<{ socket: Socket; received: () => Buffer; ended: Promise<void> }> {
  const { hostname, port } = new URL(server.url)
  const socket = connect({ host: hostname, port: Number(port) })
  rawSockets.push(socket)
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  socket.on('error', () => {})
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.write(
    `GET /v1/graphql HTTP/1.1\r\nHost: ${hostname}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: ${protocol}\r\n\r\n`,
  )
  await expect.poll(() => Buffer.concat(chunks).includes('\r\n\r\n'), { timeout: 15_000 }).toBe(true)
  expect(Buffer.concat(chunks).toString('latin1')).toMatch(/^HTTP\/1\.1 101/)
  // The upgrade is named like any request: its id is in the 101 and in the connection's log lines.
  expect(Buffer.concat(chunks).toString('latin1')).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i)
  return { socket, received: () => Buffer.concat(chunks), ended }
}

/** A masked client frame header (text, FIN set) declaring `length` bytes of payload. */
function frameHeader(length: number): Buffer {
  const header = Buffer.alloc(14)
  header[0] = 0x81
  header[1] = 0x80 | 127
  header.writeBigUInt64BE(BigInt(length), 2)
  randomBytes(4).copy(header, 10)
  return header
}

/** Whether the server's bytes hold a close frame with `code` (server frames are unmasked). */
function hasCloseFrame(bytes: Buffer, code: number): boolean {
  const start = bytes.indexOf('\r\n\r\n') + 4
  for (let i = start; i + 3 < bytes.length; i++) {
    if (bytes[i] === 0x88 && bytes.readUInt16BE(i + 2) === code) return true
  }
  return false
}

describe('hostile clients of the GraphQL WebSocket', () => {
  it('graphql-transport-ws: malformed frames close with Hasura codes', async () => {
    const rssBefore = process.memoryUsage().rss
    const cases: { name: string; init?: boolean; frames: (string | Buffer)[]; code: number }[] = [
      { name: 'not JSON', init: true, frames: ['{"type": "subscri'], code: 4400 },
      { name: 'a JSON array', init: true, frames: ['[1,2]'], code: 4400 },
      { name: 'a JSON string', init: true, frames: ['"connection_init"'], code: 4400 },
      { name: 'a type that is a number', init: true, frames: ['{"type":5}'], code: 4400 },
      { name: 'an unknown type', init: true, frames: ['{"type":"banana"}'], code: 4400 },
      { name: 'an id that is a number', init: true, frames: [`{"type":"subscribe","id":5,"payload":{"query":"${NOTES}"}}`], code: 4400 },
      { name: 'subscribe without payload', init: true, frames: ['{"type":"subscribe","id":"1"}'], code: 4400 },
      {
        name: 'variables that are a list',
        init: true,
        frames: [start('graphql-transport-ws', '1', { query: NOTES, variables: [1] })],
        code: 4400,
      },
      { name: 'complete without id', init: true, frames: ['{"type":"complete"}'], code: 4400 },
      { name: 'a binary frame', init: true, frames: [Buffer.from('{"type":"ping"}')], code: 4400 },
      { name: 'the legacy connection_terminate', init: true, frames: ['{"type":"connection_terminate"}'], code: 4400 },
      { name: 'subscribe before connection_init', frames: [start('graphql-transport-ws', '1')], code: 4401 },
      { name: 'a second connection_init', init: true, frames: ['{"type":"connection_init","payload":{}}'], code: 4429 },
      { name: 'a connection_init payload that is a list', frames: ['{"type":"connection_init","payload":[1]}'], code: 4400 },
      { name: 'a duplicate id', init: true, frames: [start('graphql-transport-ws', 'x'), start('graphql-transport-ws', 'x')], code: 4409 },
    ]
    const failures: string[] = []
    for (const { name, init, frames, code } of cases) {
      const client = await openClient('graphql-transport-ws')
      if (init) await client.init()
      for (const frame of frames) client.socket.send(frame)
      const closed = await within(client.closed).catch((error: unknown) => ({ code: 0, reason: String(error) }))
      if (closed.code !== code) failures.push(`${name}: closed with ${closed.code} ${closed.reason}, not ${code}`)
    }
    expect(failures).toEqual([])
    await expectStillServing(rssBefore)
  }, 240_000)

  it('graphql-ws (legacy): malformed frames are answered and the connection keeps working', async () => {
    const rssBefore = process.memoryUsage().rss
    const client = await openClient('graphql-ws')
    client.socket.send(start('graphql-ws', 'early'))
    await client.next(errorFor('early'))
    for (const frame of [
      'not json',
      '[1]',
      '{"type":7}',
      '{"type":"banana"}',
      '{"type":"start","payload":{"query":"{ __typename }"}}',
      '{"type":"stop"}',
    ]) {
      const before = client.messages.length
      client.socket.send(frame)
      await client.next((message) => client.messages.indexOf(message) >= before && message.type === 'connection_error')
    }
    client.socket.send(Buffer.from('{"type":"connection_init"}'), { binary: true })
    await client.next(
      (message) => message.type === 'connection_error' && client.messages.filter((m) => m.type === 'connection_error').length === 7,
    )
    await client.init()
    client.socket.send(start('graphql-ws', 'a'))
    await client.next(resultFor('a'))
    client.socket.send(start('graphql-ws', 'a'))
    expect((await client.next(errorFor('a'))).payload).toMatchObject({
      errors: [{ message: 'an operation already exists with this id: a' }],
    })
    client.socket.send('{"type":"stop","id":"a"}')
    client.socket.send(start('graphql-ws', 'b'))
    await client.next(resultFor('b'))
    expect(client.socket.readyState).toBe(WebSocket.OPEN)
    await expectStillServing(rssBefore)
  }, 240_000)

  it('frames past the 1 MiB limit are refused with 1009, not buffered', async () => {
    const rssBefore = process.memoryUsage().rss
    for (const protocol of ['graphql-transport-ws', 'graphql-ws'] as const) {
      // A 10 MB frame whose header declares its size: refused on the header, before the payload.
      const declared = await rawUpgrade(protocol)
      declared.socket.write(frameHeader(10_000_000))
      declared.socket.write(randomBytes(1024))
      await within(declared.ended)
      expect(hasCloseFrame(declared.received(), 1009)).toBe(true)

      // The whole 10 MB written anyway, as a client that does not read would.
      const whole = await rawUpgrade(protocol)
      whole.socket.write(frameHeader(10_000_000))
      const chunk = Buffer.alloc(65_536, 0x20)
      let closed = false
      void whole.ended.then(() => (closed = true))
      for (let sent = 0; sent < 10_000_000 && !closed; sent += chunk.length) {
        if (!whole.socket.write(chunk)) await Promise.race([new Promise((resolve) => whole.socket.once('drain', resolve)), whole.ended])
      }
      await within(whole.ended)
      expect(hasCloseFrame(whole.received(), 1009)).toBe(true)

      // Fragments of 600 KB each: the limit holds for the message, not only for one frame.
      const fragmented = await openClient(protocol)
      await fragmented.init()
      fragmented.socket.send('x'.repeat(600_000), { fin: false })
      fragmented.socket.send('x'.repeat(600_000), { fin: false })
      fragmented.socket.send('x', { fin: true })
      expect((await within(fragmented.closed)).code).toBe(1009)

      // Just under the limit: an answer, not a close.
      const large = await openClient(protocol)
      await large.init()
      large.socket.send(start(protocol, 'big', { query: NOTES, variables: { v: 'x'.repeat(900_000) } }))
      await large.next((message) => message.id === 'big' && message.type !== 'complete')
      expect(large.socket.readyState).toBe(WebSocket.OPEN)
    }
    await expectStillServing(rssBefore)
  }, 240_000)

  it('deep JSON in connection_init payloads, subscription variables and pings', async () => {
    const rssBefore = process.memoryUsage().rss
    for (const protocol of ['graphql-transport-ws', 'graphql-ws'] as const) {
      // A nested object in connectionParams is some other setting, not a header: ignored.
      const deepInit = await openClient(protocol)
      deepInit.socket.send(
        `{"type":"connection_init","payload":{"headers":{"Authorization":"Bearer ${token}","x":${nestedObject(5_000)}},"deep":${nestedArray(100_000)}}}`,
      )
      await deepInit.next((message) => message.type === 'connection_ack')

      for (const [name, value] of [
        ['objects', nestedObject(5_000)],
        ['arrays', nestedArray(100_000)],
      ]) {
        const id = `deep-${name}`
        deepInit.socket.send(
          `{"type":"${startType(protocol)}","id":"${id}","payload":{"query":${JSON.stringify(DEEP_QUERY)},"variables":{"v":${value}}}}`,
        )
        const error = await deepInit.next(errorFor(id))
        expect(JSON.stringify(error.payload)).toMatch(/nests (objects )?deeper than/)
      }
      deepInit.socket.send(start(protocol, 'after'))
      await deepInit.next(resultFor('after'))
    }
    // graphql-transport-ws answers a ping with its payload: one too deep to write back is refused.
    const pinger = await openClient('graphql-transport-ws')
    pinger.socket.send(`{"type":"ping","payload":{"a":[1]}}`)
    expect(await pinger.next((message) => message.type === 'pong')).toEqual({ type: 'pong', payload: { a: [1] } })
    pinger.socket.send(`{"type":"ping","payload":${nestedArray(100_000)}}`)
    expect((await within(pinger.closed)).code).toBe(4400)
    await expectStillServing(rssBefore)
  }, 240_000)

  it(`operations past PULSEBOARD_WEBSOCKET_MAX_OPERATIONS (${MAX_OPERATIONS}) are refused one by one`, async () => {
    const rssBefore = process.memoryUsage().rss
    for (const protocol of ['graphql-transport-ws', 'graphql-ws'] as const) {
      const client = await openClient(protocol)
      await client.init()
      for (let i = 0; i < MAX_OPERATIONS; i++) client.socket.send(start(protocol, `op-${i}`))
      for (let i = 0; i < MAX_OPERATIONS; i++) await client.next(resultFor(`op-${i}`))
      for (let i = 0; i < 200; i++) client.socket.send(start(protocol, `extra-${i}`))
      const refused = await client.next(errorFor('extra-199'))
      expect(JSON.stringify(refused.payload)).toContain(`too many operations on this connection (at most ${MAX_OPERATIONS})`)
      expect(client.messages.filter((message) => message.id?.startsWith('extra-') && message.type === 'error')).toHaveLength(200)
      client.socket.send(JSON.stringify({ type: protocol === 'graphql-ws' ? 'stop' : 'complete', id: 'op-0' }))
      client.socket.send(start(protocol, 'again'))
      await client.next(resultFor('again'))
      expect(client.socket.readyState).toBe(WebSocket.OPEN)
    }
    await expectStillServing(rssBefore)
  }, 240_000)

  it('clients that vanish mid-subscription: destroyed sockets, half-open ones, no close frame', async () => {
    const rssBefore = process.memoryUsage().rss
    const halfOpen: Promise<unknown>[] = []
    for (const protocol of ['graphql-transport-ws', 'graphql-ws'] as const) {
      for (let i = 0; i < 20; i++) {
        const client = await openClient(protocol)
        await client.init()
        client.socket.send(start(protocol, 'live'))
        await client.next(resultFor('live'))
        // ws keeps the TCP connection private; this test needs it to leave without a close frame.
        const tcp = (client.socket as unknown as { _socket: Socket })._socket
        // Alternately: gone at once (RST), or half-open: FIN sent, no close frame.
        if (i % 2 === 0) tcp.destroy()
        else {
          halfOpen.push(new Promise((resolve) => tcp.once('close', resolve)))
          tcp.end()
        }
      }
    }
    // The server ends its side of each half-open connection instead of holding it.
    await within(Promise.all(halfOpen))
    // Rows change while the vanished subscribers' connections are being torn down.
    await server.runSql(`UPDATE public.notes SET body = 'a1' WHERE id = 1`)
    await expectStillServing(rssBefore)
  }, 240_000)

  it('slow and never-finished handshakes', async () => {
    const rssBefore = process.memoryUsage().rss
    const { hostname, port } = new URL(server.url)
    const stalled: Socket[] = []
    for (let i = 0; i < 30; i++) {
      const socket = connect({ host: hostname, port: Number(port) })
      socket.on('error', () => {})
      rawSockets.push(socket)
      stalled.push(socket)
      // Nothing at all, an upgrade request cut inside its headers, or one dribbled a byte at a time.
      if (i % 3 === 1) socket.write('GET /v1/graphql HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upg')
      if (i % 3 === 2) socket.write('G')
    }
    // Upgraded but never initialised: closed with 4408 after the 3 s init timeout, in both protocols.
    const silent = await Promise.all([openClient('graphql-transport-ws'), openClient('graphql-ws')])
    const quiet = await openClient('graphql-transport-ws')
    quiet.socket.send('{"type":"ping"}')
    await quiet.next((message) => message.type === 'pong')
    for (const client of [...silent, quiet]) expect((await within(client.closed)).code).toBe(4408)
    // While the stalled handshakes are still open, everything else is served.
    expect(stalled.filter((socket) => !socket.destroyed).length).toBe(30)
    await expectStillServing(rssBefore)
  }, 240_000)
})
