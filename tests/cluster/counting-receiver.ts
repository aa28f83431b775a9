import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A webhook that answers each event after `delayMs` and counts, per event id, the deliveries it
 * acknowledged: a request whose sender went away before the answer (killed) is not counted, as
 * its sender never learnt of it and another instance rightly sends it again.
 */
export interface CountingReceiver {
  url: string
  /** Requests received, answered or not. */
  received: number
  /** Event id → deliveries answered 200 to a sender still connected. */
  acknowledged: Map<string, number>
  /** When each event id was last acknowledged (ms since the epoch). */
  acknowledgedAt: Map<string, number>
  delayMs: number
  close(): Promise<void>
}

export async function startCountingReceiver(delayMs: number): Promise<CountingReceiver> {
  const receiver = { received: 0, acknowledged: new Map(), acknowledgedAt: new Map(), delayMs } as CountingReceiver
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      receiver.received++
      const id = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: unknown }).id)
      setTimeout(() => {
        // Gone, or half-closed by a sender that was killed (node keeps the socket half-open).
        if (req.socket.destroyed || req.socket.readableEnded) return
        receiver.acknowledged.set(id, (receiver.acknowledged.get(id) ?? 0) + 1)
        receiver.acknowledgedAt.set(id, Date.now())
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
      }, receiver.delayMs)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  receiver.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections()
      server.close(() => done())
    })
  return receiver
}

/** Polls `check` every 100 ms until it holds; fails with `what` after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`)
    await new Promise((done) => setTimeout(done, 100))
  }
}
