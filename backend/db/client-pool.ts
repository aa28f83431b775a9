import pg from 'pg'

/** node-postgres' own marks of a connection that failed or is closing (pg-pool reads them too). */
function isOpen(client: pg.Client): boolean {
  const marks = client as unknown as { _queryable?: boolean; _ending?: boolean }
  return marks._queryable !== false && marks._ending !== true
}

/** SQLSTATE class 08 (connection exception), 57P01–57P03 (the server shut the session down), or the driver's "Connection terminated". */
function endsConnection(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (code.startsWith('08') || /^57P0[1-3]$/.test(code))) return true
  return typeof message === 'string' && message.startsWith('Connection terminated')
}

/** A connection of the pool, with what the pool's user keeps about it. */
export interface PooledClient<State> {
  readonly client: pg.Client
  readonly state: State
}

interface Entry<State> extends PooledClient<State> {
  /** The connection failed or ended: it is not handed out again. */
  broken: boolean
  /** When it was last given back (performance.now()), for the idle sweep. */
  idleSince: number
}

interface Waiter<State> {
  resolve(entry: Entry<State>): void
  reject(error: Error): void
}

/**
 * The GraphQL requests' connections (`Database.limited`): a stack of idle clients, a queue of
 * requests waiting for one, at most `max` connections, idle ones closed after `idleMs`. pg-pool
 * does the same with a promise, a release closure, events and an idle timer per checkout, about
 * 1.2 µs each time measured alone, a tenth of what the engine added to a cheap query; here a
 * checkout of an idle client is a pop. Each connection carries `State` (what it has prepared,
 * its statement timeout), so that nothing is looked up per checkout.
 */
export class ClientPool<State> {
  readonly #idle: Entry<State>[] = []
  readonly #waiting: Waiter<State>[] = []
  /** Connections open or opening. */
  #size = 0
  #closed = false
  readonly #sweep: NodeJS.Timeout

  constructor(
    private readonly config: pg.ClientConfig,
    readonly max: number,
    private readonly newState: () => State,
    private readonly idleMs = 10_000,
  ) {
    this.#sweep = setInterval(() => this.#closeIdle(), idleMs).unref()
  }

  /** Connections open or opening, and idle ones: for tests and diagnostics. */
  get stats(): { size: number; idle: number; waiting: number } {
    return { size: this.#size, idle: this.#idle.length, waiting: this.#waiting.length }
  }

  /** An idle connection, else a new one while fewer than `max` are open, else the next one given back. */
  acquire(): Promise<PooledClient<State>> {
    if (this.#closed) return Promise.reject(new Error('the connection pool is closed'))
    const idle = this.#idle.pop()
    if (idle) return Promise.resolve(idle)
    if (this.#size < this.max) return this.#open()
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }))
  }

  /**
   * Gives a connection back, with the error its last use ended in, if any: one that says the
   * connection is gone closes it (the server's message arrives before the socket closes, and
   * the next request must not get it).
   */
  release(pooled: PooledClient<State>, error?: unknown): void {
    const entry = pooled as Entry<State>
    if (entry.broken || this.#closed || !isOpen(entry.client) || (error !== undefined && endsConnection(error))) return this.#remove(entry)
    const waiter = this.#waiting.shift()
    if (waiter) return waiter.resolve(entry)
    entry.idleSince = performance.now()
    this.#idle.push(entry)
  }

  /** Closes every idle connection and refuses waiters; connections in use close when given back. */
  async close(): Promise<void> {
    this.#closed = true
    clearInterval(this.#sweep)
    for (const waiter of this.#waiting.splice(0)) waiter.reject(new Error('the connection pool is closed'))
    await Promise.all(this.#idle.splice(0).map((entry) => this.#end(entry)))
  }

  async #open(): Promise<Entry<State>> {
    this.#size += 1
    const entry: Entry<State> = { client: new pg.Client(this.config), state: this.newState(), broken: false, idleSince: 0 }
    // Without an 'error' listener a connection lost while idle (a server restart) would end the process.
    const lost = () => {
      if (entry.broken) return
      entry.broken = true
      const at = this.#idle.indexOf(entry)
      if (at !== -1) this.#remove(entry, at)
    }
    entry.client.on('error', lost)
    entry.client.on('end', lost)
    try {
      await entry.client.connect()
    } catch (error) {
      entry.broken = true
      this.#size -= 1
      this.#serveWaiter()
      throw error
    }
    return entry
  }

  #remove(entry: Entry<State>, idleAt = -1): void {
    if (idleAt !== -1) this.#idle.splice(idleAt, 1)
    void this.#end(entry)
    this.#serveWaiter()
  }

  async #end(entry: Entry<State>): Promise<void> {
    entry.broken = true
    this.#size -= 1
    await entry.client.end().catch(() => undefined)
  }

  /** A connection was closed: a waiting request gets a new one. */
  #serveWaiter(): void {
    if (this.#closed || this.#waiting.length === 0 || this.#size >= this.max) return
    const waiter = this.#waiting.shift() as Waiter<State>
    this.#open().then(waiter.resolve, waiter.reject)
  }

  #closeIdle(): void {
    const before = performance.now() - this.idleMs
    // Least recently used first: the stack's bottom.
    while (this.#idle.length > 0 && (this.#idle[0] as Entry<State>).idleSince < before) this.#remove(this.#idle[0] as Entry<State>, 0)
  }
}
