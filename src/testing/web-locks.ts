/**
 * The Web Locks API (navigator.locks), which happy-dom and Node 20 lack: nhost-js takes its
 * session lock through it in browsers and skips locking without it, so a UI test that must see
 * the browser's locking installs this first (before nhost-js loads, which reads it once).
 * Requests for one name are granted in order: shared ones together, an exclusive one alone.
 */
interface QueuedLockRequest {
  mode: LockMode
  run(): void
}

class InOrderLockManager {
  readonly #held = new Map<string, LockMode[]>()
  readonly #queued = new Map<string, QueuedLockRequest[]>()

  request<T>(name: string, options: { mode?: LockMode }, callback: () => Promise<T> | T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const mode = options.mode ?? 'exclusive'
      const run = () => {
        Promise.resolve()
          .then(callback)
          .then(resolve, reject)
          .finally(() => this.#release(name, mode))
      }
      this.#queue(name).push({ mode, run })
      this.#grant(name)
    })
  }

  #queue(name: string): QueuedLockRequest[] {
    const queue = this.#queued.get(name) ?? []
    this.#queued.set(name, queue)
    return queue
  }

  #grant(name: string): void {
    const held = this.#held.get(name) ?? []
    this.#held.set(name, held)
    const queue = this.#queue(name)
    while (queue.length > 0) {
      const next = queue[0]!
      const free = next.mode === 'exclusive' ? held.length === 0 : !held.includes('exclusive')
      if (!free) return
      queue.shift()
      held.push(next.mode)
      next.run()
    }
  }

  #release(name: string, mode: LockMode): void {
    const held = this.#held.get(name)!
    held.splice(held.indexOf(mode), 1)
    this.#grant(name)
  }
}

Object.defineProperty(navigator, 'locks', { configurable: true, value: new InOrderLockManager() })
