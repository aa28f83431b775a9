import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { httpErrorAnswer } from '../lib/error-answer.ts'
import { HasuraRestError } from '../lib/http-error.ts'
import { requestIdFrom } from '../lib/request-id.ts'

/** Node's own answers to a request it cannot read (lib/_http_server.js), by its parser's error code. */
const STATUS_BY_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
}

/**
 * Answers requests that Node's HTTP parser refuses as Node does (same status, connection closed),
 * but with a body in Hasura's shape that says why (Node's own answer has none) and a request id.
 * The one a client meets in practice is a request line past the header limit, a long
 * `GET /v1/graphql?query=…`.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent: boolean } | null }) => {
    // As Node: no answer in the middle of another one's. A kept-alive connection has answered
    // earlier requests, so what counts is the response in flight (Node's own `_httpMessage`),
    // not whether the connection was ever written to.
    if (!socket.writable || socket._httpMessage?.headersSent) return void socket.destroy()
    const status = STATUS_BY_CODE[error.code ?? ''] ?? 400
    const message =
      status === 431
        ? `the request line and headers exceed ${maxHeaderSize} bytes: send a long GraphQL query with POST`
        : `the request could not be read: ${STATUS_CODES[status]}`
    // The headers were not read: the answer is named by a new id.
    const answer = httpErrorAnswer(
      new HasuraRestError(status, status === 431 ? 'request-too-large' : 'bad-request', message),
      requestIdFrom(undefined),
    )
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`),
      `content-length: ${Buffer.byteLength(answer.body)}`,
      'connection: close',
    ]
    // Written and closed at once, as Node does: waiting for the write to finish lets the rest of
    // what the client still sends (a 60 KB header) arrive unread, and closing then resets the
    // connection before the client reads the answer.
    socket.write(`${head.join('\r\n')}\r\n\r\n${answer.body}`)
    socket.destroy()
  })
}
