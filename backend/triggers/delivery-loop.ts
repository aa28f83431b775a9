import { setMaxListeners } from 'node:events'
import type { Logger } from '../lib/logger.ts'

/**
 * What a delivery loop drives: `claim` marks up to `limit` due jobs as taken by this instance
 * (one short statement with `FOR UPDATE SKIP LOCKED`, so that instances sharing a database never
 * take the same job, and no transaction stays open while a webhook answers); `deliver` posts one
 * and records the outcome, or gives the job back when `signal` aborts (the backend stops).
 */
export interface DeliverySource<Job> {
  name: string
  claim(limit: number): Promise<Job[]>
  deliver(job: Job, signal: AbortSignal): Promise<void>
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
  #claiming = false
  #wakeAgain = false
  /** True while more jobs may be due than there was room for: a finished delivery claims again. */
  #backlog = false
  #timer: NodeJS.Timeout | undefined

  constructor(
    private readonly source: DeliverySource<Job>,
    private readonly options: DeliveryLoopOptions,
  ) {}

  start(): void {
    // Every delivery in flight listens for the abort; node warns past 10 listeners.
    setMaxListeners(this.options.concurrency + 10, this.#abort.signal)
    this.#timer = setInterval(() => this.wake(), this.options.pollIntervalMs)
    this.#timer.unref()
    this.wake()
  }

  wake(): void {
    if (this.#abort.signal.aborted) return
    if (this.#claiming) {
      this.#wakeAgain = true
      return
    }
    this.#claiming = true
    void this.#claimLoop().finally(() => {
      this.#claiming = false
      if (this.#wakeAgain) {
        this.#wakeAgain = false
        this.wake()
      }
    })
  }

  async #claimLoop(): Promise<void> {
    while (!this.#abort.signal.aborted) {
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
        if (!this.#abort.signal.aborted) this.options.log.error(`${this.source.name}: could not fetch due events`, { error: String(error) })
        return
      }
      for (const job of jobs) this.#run(job)
      this.#backlog = jobs.length === limit
      if (!this.#backlog) return
    }
  }

  #run(job: Job): void {
    const delivery = this.source
      .deliver(job, this.#abort.signal)
      .catch((error: unknown) => {
        this.options.log.error(`${this.source.name}: delivery failed`, { error: String(error) })
      })
      .finally(() => {
        this.#inFlight.delete(delivery)
        if (this.#backlog) this.wake()
      })
    this.#inFlight.add(delivery)
  }

  /** Aborts deliveries in flight (they give their jobs back) and waits for them. */
  async stop(): Promise<void> {
    clearInterval(this.#timer)
    this.#abort.abort()
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight])
  }
}
