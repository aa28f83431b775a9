import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedCall {
  path: string
  headers: IncomingHttpHeaders
  body: any
  at: number
}

/**
 * An HTTP server on port 0 that records every POST. `respond` decides each answer (200 by
 * default), so a test can fail the first attempts or send `Retry-After`.
 */
export interface WebhookReceiver {
  url: string
  calls: ReceivedCall[]
  respond: (call: ReceivedCall, res: ServerResponse) => void
  /** Resolves with the calls once `count` matching ones arrived; rejects after `timeoutMs`. */
  waitFor(predicate: (call: ReceivedCall) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedCall[]>
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver = {
    calls: [] as ReceivedCall[],
    respond: (_call: ReceivedCall, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    },
  } as WebhookReceiver
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const call = { path: req.url ?? '/', headers: req.headers, body: text ? JSON.parse(text) : null, at: Date.now() }
      receiver.calls.push(call)
      receiver.respond(call, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  receiver.waitFor = async (predicate, count = 1, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const matching = receiver.calls.filter(predicate)
      if (matching.length >= count) return matching
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${count} webhook calls, got ${matching.length}`)
      await new Promise((r) => setTimeout(r, 25))
    }
  }
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return receiver
}
