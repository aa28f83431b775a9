import { setMaxListeners } from 'node:events'
import type { Logger } from '../lib/logger.ts'

/**
 * What a delivery loop drives: `claim` marks up to `limit` due jobs as taken by this instance
 * (one short statement with `FOR UPDATE SKIP LOCKED`, so that instances sharing a database never
 * take the same job, and no transaction stays open while a webhook answers); `deliver` posts one
 * and records the outcome, or gives the job back unsent when `stop.aborted` (the backend stops
 * and its grace period is over), or when the webhook refused the connection while
 * `stop.draining` (the backend's own functions stop accepting first).
 */
export interface DeliverySource<Job> {
  name: string
  claim(limit: number): Promise<Job[]>
  deliver(job: Job, stop: DeliveryStop): Promise<void>
}

export interface DeliveryStop {
  /** Aborts the request: the grace period of a stop is over. */
  signal: AbortSignal
  /** True once the backend is stopping. */
  readonly draining: boolean
}

export interface DeliveryLoopOptions {
  /** Hasura's HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE: deliveries in flight at once. */
  concurrency: number
  /** Hasura's HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL: the poll that catches retries falling due. */
  pollIntervalMs: number
  log: Logger
}

/** Claims due jobs when woken (NOTIFY, a finished delivery, the poll) and delivers them concurrently. */
export class DeliveryLoop<Job> {
  readonly #inFlight = new Set<Promise<void>>()
  readonly #abort = new AbortController()
  #stopping = false
  readonly #deliveryStop: DeliveryStop
  #claiming: Promise<void> | undefined
  #wakeAgain = false
  /** True while more jobs may be due than there was room for: a finished delivery claims again. */
  #backlog = false
  #timer: NodeJS.Timeout | undefined

  constructor(
    private readonly source: DeliverySource<Job>,
    private readonly options: DeliveryLoopOptions,
  ) {
    const isStopping = () => this.#stopping
    this.#deliveryStop = {
      signal: this.#abort.signal,
      get draining() {
        return isStopping()
      },
    }
  }

  start(): void {
    // Every delivery in flight listens for the abort; node warns past 10 listeners.
    setMaxListeners(this.options.concurrency + 10, this.#abort.signal)
    this.#timer = setInterval(() => this.wake(), this.options.pollIntervalMs)
    this.#timer.unref()
    this.wake()
  }

  wake(): void {
    if (this.#stopping) return
    if (this.#claiming) {
      this.#wakeAgain = true
      return
    }
    this.#claiming = this.#claimLoop().finally(() => {
      this.#claiming = undefined
      if (this.#wakeAgain) {
        this.#wakeAgain = false
        this.wake()
      }
    })
  }

  async #claimLoop(): Promise<void> {
    while (!this.#stopping) {
      const limit = this.options.concurrency - this.#inFlight.size
      if (limit <= 0) {
        this.#backlog = true
        return
      }
      let jobs: Job[]
      try {
        jobs = await this.source.claim(limit)
      } catch (error) {
        // The next poll tries again; a closed database during stop is not worth a log line.
        if (!this.#stopping) this.options.log.error(`${this.source.name}: could not fetch due events`, { error: String(error) })
        return
      }
      for (const job of jobs) this.#run(job)
      this.#backlog = jobs.length === limit
      if (!this.#backlog) return
    }
  }

  #run(job: Job): void {
    const delivery = this.source
      .deliver(job, this.#deliveryStop)
      .catch((error: unknown) => {
        this.options.log.error(`${this.source.name}: delivery failed`, { error: String(error) })
      })
      .finally(() => {
        this.#inFlight.delete(delivery)
        if (this.#backlog) this.wake()
      })
    this.#inFlight.add(delivery)
  }

  /**
   * Claims nothing more and lets the deliveries in flight finish for up to `graceMs` (Hasura's
   * HASURA_GRAPHQL_GRACEFUL_SHUTDOWN_TIMEOUT): a webhook that has the request answers it and the
   * outcome is recorded, so no other instance sends it again. Past the grace period the rest are
   * aborted and give their jobs back unrecorded.
   */
  async stop(graceMs = 0): Promise<void> {
    clearInterval(this.#timer)
    this.#stopping = true
    await this.#claiming
    let timer: NodeJS.Timeout | undefined
    const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))
    await Promise.race([Promise.all([...this.#inFlight]), graceOver])
    clearTimeout(timer)
    this.#abort.abort()
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight])
  }
}
