import { EventEmitter, once } from 'node:events'
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
  log: Logger
}

const HEARTBEAT_MS = 250
const MAX_RESPAWN_DELAY_MS = 5_000

/**
 * The functions workers: `size` of them, each replaced when it dies (with a growing delay while
 * they die young, say on a syntax error in the runtime itself), routed to by fewest calls in
 * flight among those whose event loop answers, and replaced one by one on reload.
 */
export class FunctionPool {
  private readonly workers = new Set<WorkerProcess>()
  private readonly changes = new EventEmitter()
  private readonly heartbeat: NodeJS.Timeout
  private youngDeaths = 0
  private started = false
  private stopped = false

  constructor(private readonly options: PoolOptions) {
    this.changes.setMaxListeners(0)
    if (options.eager) this.startWorkers()
    this.heartbeat = setInterval(() => this.checkHeartbeats(), HEARTBEAT_MS)
    this.heartbeat.unref()
  }

  /** The worker for the next call; waits (until `signal` aborts) while none is ready. */
  async acquire(signal: AbortSignal): Promise<WorkerProcess> {
    this.startWorkers()
    for (;;) {
      const worker = this.pick()
      if (worker) {
        worker.inFlight++
        return worker
      }
      await once(this.changes, 'ready', { signal })
    }
  }

  release(worker: WorkerProcess): void {
    worker.inFlight--
    if (worker.retiring && worker.inFlight === 0) worker.kill()
  }

  /**
   * Starts a replacement for `worker` and lets it finish its other calls; a worker whose event
   * loop is blocked cannot finish anything and is killed at once.
   */
  replace(worker: WorkerProcess): void {
    if (worker.retiring || worker.exited) return
    worker.retiring = true
    if (!this.stopped) this.spawn()
    if (worker.inFlight === 0 || worker.silentForMs(Date.now()) > this.options.stallMs) worker.kill()
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
    const workers = [...this.workers]
    for (const worker of workers) {
      worker.retiring = true
      worker.kill()
    }
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
    const candidates = responsive.length > 0 ? responsive : serving
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
      if (listening) this.changes.emit('ready')
    })
  }

  private onExit(worker: WorkerProcess): void {
    this.workers.delete(worker)
    this.changes.emit('exit')
    if (this.stopped || worker.retiring) return
    const diedYoung = Date.now() - worker.startedAt < 2_000
    this.youngDeaths = diedYoung ? this.youngDeaths + 1 : 0
    this.spawn(diedYoung ? Math.min(MAX_RESPAWN_DELAY_MS, 100 * 2 ** this.youngDeaths) : 0)
  }

  private checkHeartbeats(): void {
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
