import { fork, type ChildProcess } from 'node:child_process'
import { Agent } from 'node:http'
import { createRequire } from 'node:module'
import { setPriority } from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Logger } from '../lib/logger.ts'
import type { WorkerMessage } from './worker/worker-messages.ts'

const WORKER_ENTRY = fileURLToPath(new URL('./worker/function-worker.ts', import.meta.url))
// tsx's loader from the backend's own dependencies: the project served need not install it.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

export interface WorkerOptions {
  functionsDir: string
  /** Where the functions run: Nhost uses `functions/` when it has its own package.json. */
  cwd: string
  env: Record<string, string | undefined>
  memoryMb: number
  /** Raised from 0 so that the scheduler prefers the backend's own process when both want the CPU. */
  nice: number
  log: Logger
  onExit(worker: WorkerProcess): void
}

/**
 * One functions worker as the backend sees it: the child process, its loopback port once it is
 * ready, the calls in flight on it and when it last answered a heartbeat.
 */
export class WorkerProcess {
  /** Kept-alive connections to this worker only; destroyed with it. */
  readonly agent = new Agent({ keepAlive: true })
  readonly startedAt = Date.now()
  /** Resolves true when the worker listens, false when it exited first. */
  readonly ready: Promise<boolean>
  readonly exit: Promise<void>
  port: number | undefined
  private calls = 0
  private isRetiring = false
  private hasExited = false
  private lastPong = Date.now()
  private readonly child: ChildProcess

  constructor(options: WorkerOptions) {
    this.child = fork(WORKER_ENTRY, [options.functionsDir], {
      cwd: options.cwd,
      env: options.env,
      execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${options.memoryMb}`],
      // The functions' own console output is the backend's, as in Nhost's runtime logs.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    if (this.child.pid !== undefined && options.nice > 0) {
      try {
        setPriority(this.child.pid, options.nice)
      } catch (error) {
        options.log.warn("functions: could not lower a worker's CPU priority", { error: String(error) })
      }
    }
    this.exit = new Promise((resolve) => this.child.once('exit', () => resolve()))
    // Without a listener an 'error' (a failed spawn, kill or send) would end the backend's process.
    this.child.on('error', (error) => options.log.warn('functions: a worker process failed', { error: error.message }))
    this.ready = new Promise((resolve) => {
      this.child.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          this.port = message.port
          this.lastPong = Date.now()
          resolve(true)
        } else if (message.type === 'pong') {
          this.lastPong = Date.now()
        } else if (message.type === 'log') {
          options.log[message.level](`functions: ${message.message}`, message.fields)
        }
      })
      this.child.once('exit', (code, signal) => {
        this.hasExited = true
        this.agent.destroy()
        resolve(false)
        if (!this.isRetiring) options.log.warn('functions: a worker exited; replacing it', { code, signal })
        options.onExit(this)
      })
    })
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  /** Serving and not retiring. */
  get available(): boolean {
    return this.port !== undefined && !this.isRetiring && !this.hasExited
  }

  /** Calls routed to this worker and not yet ended. */
  get inFlight(): number {
    return this.calls
  }

  /** No new calls: a replacement has been started; it ends when its calls have. */
  get retiring(): boolean {
    return this.isRetiring
  }

  startCall(): void {
    this.calls++
  }

  /** A retiring worker ends with its last call. */
  endCall(): void {
    this.calls--
    if (this.isRetiring && this.calls === 0) this.kill()
  }

  /**
   * Takes no new calls from now on and ends once its calls have; at once when it has none or its
   * event loop has been silent past `stallMs` (it cannot finish them). False when it was already
   * retiring or gone.
   */
  retire(stallMs: number): boolean {
    if (this.isRetiring || this.hasExited) return false
    this.isRetiring = true
    if (this.calls === 0 || this.silentForMs(Date.now()) > stallMs) this.kill()
    return true
  }

  ping(): void {
    // A worker that has just died may still look connected: its EPIPE is expected, and its exit replaces it.
    if (this.port !== undefined && this.child.connected) this.child.send('ping', ignoreSendError)
  }

  /** How long the worker's event loop has been blocked (0 when it answers heartbeats). */
  silentForMs(now: number): number {
    return this.port === undefined ? 0 : now - this.lastPong
  }

  /** Ends the process now, calls in flight or not; its exit does not count as a death to replace. */
  kill(): void {
    this.isRetiring = true
    if (!this.hasExited) this.child.kill('SIGKILL')
  }
}

function ignoreSendError(): void {}
