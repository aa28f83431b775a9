import type { Logger } from '../lib/logger.ts'
import { WorkerProcess, type WorkerOptions } from './worker-process.ts'

export interface PoolOptions extends Omit<WorkerOptions, 'onExit'> {
  size: number
  /** Start the workers now rather than on the first call (a project with no functions yet). */
  eager: boolean
  /** A worker silent this long (its event loop blocked) gets no new calls. */
  stallMs: number
  /** A worker silent this long is killed and replaced, even with no call in flight. */
  killAfterMs: number
  /** Calls one worker serves at once. */
  maxCallsPerWorker: number
  /** Calls waiting for a worker; one more is refused (`CallQueueFullError`). */
  maxQueuedCalls: number
  log: Logger
}

/** Every worker serves its share of calls and `maxQueuedCalls` already wait. */
export class CallQueueFullError extends Error {
  constructor() {
    super('every functions worker is busy and the queue of calls is full')
    this.name = 'CallQueueFullError'
  }
}

interface Waiter {
  give(worker: WorkerProcess): void
  refuse(error: Error): void
}

const HEARTBEAT_MS = 250
const MAX_RESPAWN_DELAY_MS = 5_000

/**
 * The functions workers: `size` of them, each replaced when it dies (with a growing delay while
 * they die young, say on a syntax error in the runtime itself), routed to by fewest calls in
 * flight among those whose event loop answers, and replaced one by one on reload. Each serves
 * at most `maxCallsPerWorker` calls; the next ones wait here, first come first served, so that
 * a flood queues in this process (bounded, and cut off by each call's own deadline) rather than
 * in a worker, where a call would wait without a bound and time out as if the worker were stuck.
 */
export class FunctionPool {
  private readonly workers = new Set<WorkerProcess>()
  private readonly waiting: Waiter[] = []
  private readonly heartbeat: NodeJS.Timeout
  private youngDeaths = 0
  private started = false
  private stopped = false

  constructor(private readonly options: PoolOptions) {
    if (options.eager) this.startWorkers()
    this.heartbeat = setInterval(() => this.checkHeartbeats(), HEARTBEAT_MS)
    this.heartbeat.unref()
  }

  /**
   * The worker for the next call; waits (until `signal` aborts) while none is ready or every one
   * serves its share. Rejects with `CallQueueFullError` when `maxQueuedCalls` already wait.
   */
  acquire(signal: AbortSignal): Promise<WorkerProcess> {
    this.startWorkers()
    // Calls already waiting go first.
    const worker = this.waiting.length === 0 ? this.pick() : undefined
    if (worker) {
      worker.startCall()
      return Promise.resolve(worker)
    }
    if (this.waiting.length >= this.options.maxQueuedCalls) return Promise.reject(new CallQueueFullError())
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiting.indexOf(waiter)
        if (at >= 0) this.waiting.splice(at, 1)
        reject(signal.reason as Error)
      }
      const waiter: Waiter = {
        give: (given) => {
          signal.removeEventListener('abort', onAbort)
          resolve(given)
        },
        refuse: reject,
      }
      this.waiting.push(waiter)
      signal.addEventListener('abort', onAbort, { once: true })
    })
  }

  release(worker: WorkerProcess): void {
    worker.endCall()
    this.serveWaiting()
  }

  /** Calls waiting right now (tests watch the queue fill). */
  get queued(): number {
    return this.waiting.length
  }

  /**
   * Starts a replacement for `worker` and lets it finish its other calls; a worker whose event
   * loop is blocked cannot finish anything and is killed at once.
   */
  replace(worker: WorkerProcess): void {
    if (worker.retire(this.options.stallMs) && !this.stopped) this.spawn()
  }

  /** New workers load the functions afresh (dev reload); the current ones finish their calls. */
  reload(): void {
    for (const worker of [...this.workers]) this.replace(worker)
  }

  /** Resolves once every worker now starting serves (or has died). */
  async whenReady(): Promise<void> {
    await Promise.all([...this.workers].map((worker) => worker.ready))
  }

  /** Process ids of the workers serving or starting (tests watch replacements with them). */
  get pids(): number[] {
    return [...this.workers].filter((worker) => !worker.retiring).flatMap((worker) => worker.pid ?? [])
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.heartbeat)
    for (const waiter of this.waiting.splice(0)) waiter.refuse(new Error('the functions are stopping'))
    const workers = [...this.workers]
    for (const worker of workers) worker.kill()
    await Promise.all(workers.map((worker) => worker.exit))
  }

  private startWorkers(): void {
    if (this.started || this.stopped) return
    this.started = true
    for (let i = 0; i < this.options.size; i++) this.spawn()
  }

  private pick(): WorkerProcess | undefined {
    const now = Date.now()
    const serving = [...this.workers].filter((worker) => worker.available)
    const responsive = serving.filter((worker) => worker.silentForMs(now) <= this.options.stallMs)
    // When every worker is blocked the call waits on one of them rather than failing outright.
    const candidates = (responsive.length > 0 ? responsive : serving).filter((worker) => worker.inFlight < this.options.maxCallsPerWorker)
    return candidates.reduce<WorkerProcess | undefined>(
      (best, worker) => (!best || worker.inFlight < best.inFlight ? worker : best),
      undefined,
    )
  }

  private spawn(delayMs = 0): void {
    if (delayMs > 0) {
      setTimeout(() => this.stopped || this.spawn(), delayMs).unref()
      return
    }
    const worker = new WorkerProcess({ ...this.options, onExit: (dead) => this.onExit(dead) })
    this.workers.add(worker)
    void worker.ready.then((listening) => {
      if (listening) this.serveWaiting()
    })
  }

  private onExit(worker: WorkerProcess): void {
    this.workers.delete(worker)
    if (this.stopped || worker.retiring) return
    const diedYoung = Date.now() - worker.startedAt < 2_000
    this.youngDeaths = diedYoung ? this.youngDeaths + 1 : 0
    this.spawn(diedYoung ? Math.min(MAX_RESPAWN_DELAY_MS, 100 * 2 ** this.youngDeaths) : 0)
  }

  /** Hands free workers to the calls waiting, in their order. */
  private serveWaiting(): void {
    while (this.waiting.length > 0) {
      const worker = this.pick()
      if (!worker) return
      worker.startCall()
      this.waiting.shift()!.give(worker)
    }
  }

  private checkHeartbeats(): void {
    // A worker that answers again after a stall takes calls again.
    this.serveWaiting()
    const now = Date.now()
    for (const worker of this.workers) {
      if (worker.silentForMs(now) > this.options.killAfterMs) {
        this.options.log.warn('functions: a worker stopped answering; replacing it', { pid: worker.pid })
        this.replace(worker)
        worker.kill()
      } else {
        worker.ping()
      }
    }
  }
}
