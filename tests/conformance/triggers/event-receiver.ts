import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One POST as the receiver recorded it: path, lower-cased headers and the parsed JSON body. */
export interface ReceivedEvent {
  path: string
  headers: IncomingHttpHeaders
  body: any
  at: number
}

/**
 * The webhook the trigger cases expect, behaving as Hasura's test webhook does
 * (`EvtsWebhookServer` in server/tests-py/context.py):
 *
 * - `/fail` answers 500, so that retries happen;
 * - `/sleep_2s` answers 204 after two seconds, so that `timeout_sec` can cut it short;
 * - `/block` holds every request until `unblock()` (at most 60 s), counting the held ones;
 * - every other path answers 204.
 *
 * Each request is queued after its answer is written, as upstream does, so a request the engine
 * gave up on (a timeout) is still seen. `next()` takes the oldest queued one, like `queue.get`.
 */
export class EventReceiver {
  url = ''
  blockedCount = 0
  #unblocked = false
  #releaseBlocked: (() => void)[] = []
  #queue: ReceivedEvent[] = []
  /** Bumped by `reset()`: a request that arrived before it is answered but not queued. */
  #generation = 0
  #waiters: ((event: ReceivedEvent) => void)[] = []
  readonly #server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // kept as text: a case that expects JSON fails on it
      }
      const event: ReceivedEvent = { path: req.url ?? '/', headers: req.headers, body, at: Date.now() }
      const generation = this.#generation
      void this.#answer(event.path).then((status) => {
        res.writeHead(status).end()
        if (generation === this.#generation) this.#push(event)
      })
    })
  })

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`
  }

  async #answer(path: string): Promise<number> {
    if (path === '/fail') return 500
    if (path === '/sleep_2s') {
      await new Promise((r) => setTimeout(r, 2000))
      return 204
    }
    if (path === '/block' && !this.#unblocked) {
      this.blockedCount++
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 60_000)
        this.#releaseBlocked.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
      this.blockedCount--
    }
    return 204
  }

  #push(event: ReceivedEvent): void {
    const waiter = this.#waiters.shift()
    if (waiter) waiter(event)
    else this.#queue.push(event)
  }

  /** Releases the requests held on `/block`; later ones pass at once. */
  unblock(): void {
    this.#unblocked = true
    for (const release of this.#releaseBlocked.splice(0)) release()
  }

  /** The oldest event, waiting up to `timeoutMs`; undefined when none came (Python's `queue.Empty`). */
  next(timeoutMs: number): Promise<ReceivedEvent | undefined> {
    const queued = this.#queue.shift()
    if (queued) return Promise.resolve(queued)
    if (timeoutMs <= 0) return Promise.resolve(undefined)
    return new Promise((resolve) => {
      const waiter = (event: ReceivedEvent) => {
        clearTimeout(timer)
        resolve(event)
      }
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter)
        resolve(undefined)
      }, timeoutMs)
      this.#waiters.push(waiter)
    })
  }

  get queued(): number {
    return this.#queue.length
  }

  /** A fresh queue and a fresh `/block`, as each upstream test class gets a new webhook server. */
  reset(): void {
    this.#generation++
    this.unblock()
    this.#queue = []
    this.#unblocked = false
  }

  close(): Promise<void> {
    this.unblock()
    return new Promise((resolve) => {
      this.#server.closeAllConnections()
      this.#server.close(() => resolve())
    })
  }
}
