import { connect, type Socket } from 'node:net'

/** An HTTP/1.1 answer read off a raw socket; `status` 0 when the server closed without one. */
export interface RawAnswer {
  status: number
  headers: Record<string, string>
  /** The body as UTF-8 text, and its bytes. */
  body: string
  bytes: Buffer
}

/** What the client does once it has written `head` and the `body` chunks. */
export type RawEnding =
  /** Wait for the answer (the body may be incomplete: the server must answer or close). */
  | 'wait'
  /** Leave at once: the socket is destroyed without reading anything. */
  | 'leave'

export interface RawRequest {
  url: string
  /** The request line and headers, `\r\n`-separated, without the blank line that ends them. */
  head: string
  /** False: the blank line that ends the headers is never sent (a client that leaves inside them). */
  endHead?: boolean
  /** Chunks of the body, written in order with backpressure; stops early once the server answers. */
  body?: Iterable<Buffer | string> | AsyncIterable<Buffer | string>
  ending?: RawEnding
  /** Give up (and fail) after this long. */
  timeoutMs?: number
}

/**
 * Sends bytes no HTTP client library would (a body cut short, a lying length, a client that
 * leaves at any point) and reads the answer by hand. Resolves once the answer is complete (its
 * `Content-Length`) or the server closes the connection.
 */
export async function rawRequest(request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(request.url)
  const socket = connect({ host: hostname, port: Number(port) })
  const timeoutMs = request.timeoutMs ?? 30_000
  const received: Buffer[] = []
  let answered = false
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within ${timeoutMs} ms`))
    }, timeoutMs)
    const finish = () => {
      clearTimeout(timer)
      resolve(parseAnswer(Buffer.concat(received)))
    }
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      const parsed = parseAnswer(Buffer.concat(received))
      if (parsed.status !== 0) answered = true
      if (isComplete(Buffer.concat(received))) {
        finish()
        socket.destroy()
      }
    })
    socket.on('close', finish)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  socket.write(request.endHead === false ? request.head : `${request.head}\r\n\r\n`)
  if (request.body) await writeBody(socket, request.body, () => answered)
  if (request.ending === 'leave') {
    socket.destroy()
    return { status: 0, headers: {}, body: '', bytes: Buffer.alloc(0) }
  }
  return answer
}

async function writeBody(socket: Socket, body: NonNullable<RawRequest['body']>, answered: () => boolean): Promise<void> {
  for await (const chunk of body) {
    if (answered() || socket.destroyed) return
    if (!socket.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          socket.off('drain', done)
          socket.off('close', done)
          resolve()
        }
        socket.on('drain', done)
        socket.on('close', done)
      })
    }
  }
}

function parseAnswer(bytes: Buffer): RawAnswer {
  const end = bytes.indexOf('\r\n\r\n')
  if (end < 0) return { status: 0, headers: {}, body: '', bytes: Buffer.alloc(0) }
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const body = bytes.subarray(end + 4)
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: body.toString('utf8'), bytes: body }
}

function isComplete(bytes: Buffer): boolean {
  const end = bytes.indexOf('\r\n\r\n')
  if (end < 0) return false
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(bytes.subarray(0, end).toString('latin1'))
  return length !== null && bytes.length - end - 4 >= Number(length[1])
}
