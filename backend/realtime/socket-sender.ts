import type { WebSocket } from 'ws'
import { CloseCode } from './close-codes.ts'

export interface SocketSenderLimits {
  /** Above this many unsent bytes, live results are conflated: only the newest per operation waits. */
  highWaterBytes: number
  /** A client that has not drained its backlog for this long is closed (1013, it may reconnect). */
  maxBacklogMs: number
}

export const DEFAULT_SENDER_LIMITS: SocketSenderLimits = { highWaterBytes: 1 << 20, maxBacklogMs: 30_000 }

const DRAIN_CHECK_MS = 50

/** The connection under the WebSocket: corking it gathers the frames of one turn into one write. */
export interface Corkable {
  cork(): void
  uncork(): void
}

/**
 * Sends without ever waiting for the client, so that one slow reader never holds up the refetch
 * loop that serves everyone else. While the socket's buffer is above the high-water mark a live
 * query's results are conflated (a newer result replaces an unsent older one, as Hasura only
 * promises the latest result); a client that stays backed up too long is closed.
 */
export class SocketSender {
  readonly #pending = new Map<string, string>()
  #backedUpSince = 0
  #timer: NodeJS.Timeout | undefined
  #corked = false

  constructor(
    private readonly socket: WebSocket,
    private readonly limits: SocketSenderLimits = DEFAULT_SENDER_LIMITS,
    private readonly connection?: Corkable,
  ) {}

  /** Protocol messages and one-shot results: always sent in order. */
  send(text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return
    this.#flush()
    this.#write(text)
  }

  /** The newest result of a live operation: dropped in favour of a newer one while backed up. */
  sendLatest(id: string, text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return
    if (this.#pending.size === 0 && this.socket.bufferedAmount <= this.limits.highWaterBytes) {
      this.#write(text)
      return
    }
    this.#pending.delete(id)
    this.#pending.set(id, text)
    if (this.#backedUpSince === 0) this.#backedUpSince = Date.now()
    this.#timer ??= setInterval(() => this.#drain(), DRAIN_CHECK_MS)
  }

  /** An operation ended: its unsent result is no longer wanted. */
  forget(id: string): void {
    this.#pending.delete(id)
  }

  dispose(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
    this.#pending.clear()
  }

  #drain(): void {
    if (this.socket.readyState !== this.socket.OPEN) return this.dispose()
    if (this.socket.bufferedAmount <= this.limits.highWaterBytes) return this.#flush()
    if (Date.now() - this.#backedUpSince > this.limits.maxBacklogMs) {
      this.dispose()
      this.socket.close(CloseCode.TryAgainLater, 'Client too slow to receive results')
    }
  }

  /**
   * A refetch delivers a batch's results in one synchronous loop: the frames a connection gets
   * in it leave in one write instead of one system call each (10,000 live queries on 200
   * connections: see bench/RESULTS.md, subscriptions).
   */
  #write(text: string): void {
    if (this.connection && !this.#corked) {
      this.#corked = true
      this.connection.cork()
      process.nextTick(() => {
        this.#corked = false
        this.connection?.uncork()
      })
    }
    this.socket.send(text)
  }

  #flush(): void {
    for (const text of this.#pending.values()) this.#write(text)
    this.#pending.clear()
    this.#backedUpSince = 0
    clearInterval(this.#timer)
    this.#timer = undefined
  }
}
