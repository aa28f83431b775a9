import type { Database } from '../../db/database.ts'
import type { Logger } from '../../lib/logger.ts'
import { listenForChanges } from './change-feed.ts'
import { installChangeTriggers } from './change-triggers.ts'
import { pollerKey, type ErrorResponse, type LiveQueryPlan, type LiveQuerySink } from './live-query-plan.ts'
import { LiveQueryPoller, type PollerOptions } from './live-query-poller.ts'
import { StatementRunner } from './statement-runner.ts'
import { StreamPoller, type StreamPlan, type StreamSink } from './stream-poller.ts'

export interface LiveQueryManagerOptions {
  db: Database
  log: Logger
  /** `HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL`: how often polled live queries run. */
  refetchIntervalMs: number
  /** Hasura's `HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_BATCH_SIZE` default: 100 cohorts per statement. */
  batchSize?: number
  /** Multiplexed statements in flight at once, all pollers together, leaving GraphQL connections to requests. */
  concurrency?: number
  /** A role's statement time limit (its API limit, else the server's); 10 s when not given. */
  timeLimitMs?: (role: string) => number
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
 * Streaming subscriptions (stream-poller.ts) are multiplexed the same way and refetched on the
 * same notifications and timer.
 */
export class LiveQueryManager {
  readonly #pollers = new Map<string, LiveQueryPoller>()
  readonly #streams = new Map<string, StreamPoller>()
  #covered: ReadonlySet<string> = new Set()
  #unlisten: (() => Promise<void>) | undefined
  #timer: NodeJS.Timeout | undefined
  #subscribers = 0
  readonly #pollerOptions: PollerOptions
  readonly #maxSubscribers: number

  constructor(private readonly options: LiveQueryManagerOptions) {
    this.#pollerOptions = {
      statements: new StatementRunner(options.db, options.concurrency ?? 4, options.timeLimitMs ?? (() => 10_000)),
      batchSize: options.batchSize ?? 100,
      errorResponse: options.errorResponse,
      onRefetch: options.onRefetch,
    }
    this.#maxSubscribers = options.maxSubscribers ?? 100_000
  }

  get subscriberCount(): number {
    return this.#subscribers
  }

  /** Pollers of live queries and of streams: one per role and statement. */
  get pollerCount(): number {
    return this.#pollers.size + this.#streams.size
  }

  /** Starts listening for changes and the polling timer. */
  async start(): Promise<void> {
    try {
      this.#unlisten = await listenForChanges(
        this.options.db,
        this.options.log,
        (tables) => this.#onChange(tables),
        () => this.#refetchAll(),
      )
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
    this.#admit()
    const key = pollerKey(plan.role, plan.statement)
    let poller = this.#pollers.get(key)
    if (!poller) {
      poller = new LiveQueryPoller(plan.statement, plan.role, plan.tables, this.#pollerOptions)
      this.#pollers.set(key, poller)
    }
    return this.#joined(this.#pollers, key, poller, poller.add(plan.values, sink))
  }

  /**
   * Starts a streaming subscription: its first batch at once, then one whenever a table it reads
   * changed, and at each refetch interval while its last batch was not empty (more rows may
   * wait) or no trigger covers what it reads. Counts against the same limit as live queries.
   */
  subscribeStream(plan: StreamPlan, sink: StreamSink): () => void {
    this.#admit()
    const key = pollerKey(plan.role, plan.statement)
    let poller = this.#streams.get(key)
    if (!poller) {
      poller = new StreamPoller(plan, this.#pollerOptions.statements, this.#pollerOptions.batchSize, this.options.errorResponse)
      this.#streams.set(key, poller)
    }
    return this.#joined(this.#streams, key, poller, poller.add(plan.values, sink))
  }

  #admit(): void {
    if (this.#subscribers >= this.#maxSubscribers) {
      throw new TooManySubscriptionsError(`the server already serves ${this.#maxSubscribers} live queries`)
    }
    this.#subscribers++
  }

  /** The stop function of one subscriber: the poller closes with its last subscriber. */
  #joined<P extends { isEmpty: boolean; close(): void }>(pollers: Map<string, P>, key: string, poller: P, leave: () => void): () => void {
    let left = false
    return () => {
      if (left) return
      left = true
      this.#subscribers--
      leave()
      if (poller.isEmpty && pollers.get(key) === poller) {
        poller.close()
        pollers.delete(key)
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer)
    for (const poller of this.#everyPoller()) poller.close()
    this.#streams.clear()
    this.#pollers.clear()
    await this.#unlisten?.()
  }

  #everyPoller(): (LiveQueryPoller | StreamPoller)[] {
    return [...this.#pollers.values(), ...this.#streams.values()]
  }

  #onChange(tables: ReadonlySet<string>): void {
    for (const poller of this.#everyPoller()) {
      if (poller.tables === null || [...poller.tables].some((table) => tables.has(table))) poller.refetch()
    }
  }

  #refetchAll(): void {
    for (const poller of this.#everyPoller()) poller.refetch()
  }

  /** Refetches what no notification vouches for; streams also fetch the cohorts with rows waiting. */
  #poll(): void {
    const notified = this.#unlisten !== undefined
    for (const poller of this.#everyPoller()) {
      const covered = notified && poller.tables !== null && [...poller.tables].every((table) => this.#covered.has(table))
      if (!covered) poller.refetch()
      else if (poller instanceof StreamPoller) poller.refetch('behind')
    }
  }
}
