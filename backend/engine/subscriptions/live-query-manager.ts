import type { Database } from '../../db/database.ts'
import type { Logger } from '../../lib/logger.ts'
import { listenForChanges } from './change-feed.ts'
import { installChangeTriggers } from './change-triggers.ts'
import type { ErrorResponse, LiveQueryPlan, LiveQuerySink } from './live-query-plan.ts'
import { LiveQueryPoller, type PollerOptions } from './live-query-poller.ts'
import type { StreamPlan } from './plan-stream-subscription.ts'
import { StreamPoller, type StreamSink } from './stream-poller.ts'

export interface LiveQueryManagerOptions {
  db: Database
  log: Logger
  /** `HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL`: how often polled live queries run. */
  refetchIntervalMs: number
  /** Hasura's `HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_BATCH_SIZE` default: 100 cohorts per statement. */
  batchSize?: number
  /** Batches of one poller's refetch in flight at once (the pg pool holds 10 connections). */
  concurrency?: number
  /** Live queries the whole process serves at most; each holds its last result in memory. */
  maxSubscribers?: number
  errorResponse: ErrorResponse
  onRefetch?: PollerOptions['onRefetch']
}

export class TooManySubscriptionsError extends Error {
  override name = 'TooManySubscriptionsError'
}

/**
 * Every live query of the process. A poller refetches when Postgres notifies a change to a table
 * it reads (statement-level triggers, LISTEN/NOTIFY); pollers that read something no trigger
 * covers (views, functions, tables not tracked), and all of them while notifications are not
 * available, are refetched every `refetchIntervalMs` instead, as Hasura refetches every live query.
 * Streaming subscriptions (stream-poller.ts) are refetched on the same notifications and timer.
 */
export class LiveQueryManager {
  readonly #pollers = new Map<string, LiveQueryPoller>()
  readonly #streams = new Set<StreamPoller>()
  #covered: ReadonlySet<string> = new Set()
  #unlisten: (() => Promise<void>) | undefined
  #timer: NodeJS.Timeout | undefined
  #subscribers = 0
  readonly #pollerOptions: PollerOptions
  readonly #maxSubscribers: number

  constructor(private readonly options: LiveQueryManagerOptions) {
    this.#pollerOptions = {
      db: options.db,
      batchSize: options.batchSize ?? 100,
      concurrency: options.concurrency ?? 4,
      errorResponse: options.errorResponse,
      onRefetch: options.onRefetch,
    }
    this.#maxSubscribers = options.maxSubscribers ?? 100_000
  }

  get subscriberCount(): number {
    return this.#subscribers
  }

  get pollerCount(): number {
    return this.#pollers.size
  }

  /** Starts listening for changes and the polling timer. */
  async start(): Promise<void> {
    try {
      this.#unlisten = await listenForChanges(this.options.db, this.options.log, (tables) => this.#onChange(tables), () => this.#refetchAll())
    } catch (error) {
      this.options.log.warn('change notifications unavailable; every live query is polled', { error: String(error) })
    }
    this.#timer = setInterval(() => this.#poll(), this.options.refetchIntervalMs)
    this.#timer.unref()
  }

  /**
   * Installs or refreshes the change triggers of the tracked tables (after every metadata or
   * catalog change). Resolves to false when some table was busy and this should be retried;
   * until it succeeds, tables without a trigger are polled.
   */
  async trackTables(tables: readonly { schema: string; name: string }[]): Promise<boolean> {
    try {
      const installed = await installChangeTriggers(this.options.db, tables)
      this.#covered = installed.covered
      return installed.complete
    } catch (error) {
      // A table re-created since the last install has no trigger: trust none until one succeeds.
      this.#covered = new Set()
      throw error
    }
  }

  subscribe(plan: LiveQueryPlan, sink: LiveQuerySink): () => void {
    if (this.#subscribers >= this.#maxSubscribers) {
      throw new TooManySubscriptionsError(`the server already serves ${this.#maxSubscribers} live queries`)
    }
    const key = `${plan.role}\u0000${plan.statement.text}`
    let poller = this.#pollers.get(key)
    if (!poller) {
      poller = new LiveQueryPoller(plan.statement.text, plan.role, plan.tables, this.#pollerOptions)
      this.#pollers.set(key, poller)
    }
    this.#subscribers++
    const leave = poller.add(plan.statement, sink)
    const joined = poller
    let left = false
    return () => {
      if (left) return
      left = true
      this.#subscribers--
      leave()
      if (joined.isEmpty && this.#pollers.get(key) === joined) {
        joined.close()
        this.#pollers.delete(key)
      }
    }
  }

  /**
   * Starts a streaming subscription: its first batch at once, then one whenever a table it reads
   * changed, and at each refetch interval while its last batch was not empty (more rows may
   * wait) or no trigger covers what it reads. Counts against the same limit as live queries.
   */
  subscribeStream(plan: StreamPlan, sink: StreamSink): () => void {
    if (this.#subscribers >= this.#maxSubscribers) {
      throw new TooManySubscriptionsError(`the server already serves ${this.#maxSubscribers} live queries`)
    }
    const stream = new StreamPoller(plan, sink, this.options.db, this.options.errorResponse)
    this.#streams.add(stream)
    this.#subscribers++
    stream.refetch()
    return () => {
      if (!this.#streams.delete(stream)) return
      this.#subscribers--
      stream.close()
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer)
    for (const stream of this.#streams) stream.close()
    this.#streams.clear()
    for (const poller of this.#pollers.values()) poller.close()
    this.#pollers.clear()
    await this.#unlisten?.()
  }

  #onChange(tables: ReadonlySet<string>): void {
    for (const poller of [...this.#pollers.values(), ...this.#streams]) {
      if (poller.tables === null || [...poller.tables].some((table) => tables.has(table))) poller.refetch()
    }
  }

  #refetchAll(): void {
    for (const poller of [...this.#pollers.values(), ...this.#streams]) poller.refetch()
  }

  #poll(): void {
    const notified = this.#unlisten !== undefined
    for (const poller of [...this.#pollers.values(), ...this.#streams]) {
      const covered = notified && poller.tables !== null && [...poller.tables].every((table) => this.#covered.has(table))
      if (!covered || (poller instanceof StreamPoller && poller.isBehind)) poller.refetch()
    }
  }
}
