import type { MultiplexedStatement } from '../sql/compile-live-query.ts'
import type { ErrorResponse } from './live-query-plan.ts'
import { isCanceled, type StatementRunner } from './statement-runner.ts'

/** A streaming subscription's subscriber: unlike a live query's, it must receive every batch. */
export interface StreamSink {
  /** One batch (`{"data":…}`), or a result with `errors`; sent in order, never dropped. */
  append(response: string): void
}

/** One subscriber's streaming subscription, as the stream poller runs it. */
export interface StreamPlan {
  role: string
  /** Returns `cohort`, the batch as JSON text (`root`) and its last row's cursor as text (`cursor`). */
  statement: MultiplexedStatement
  /** The slot holding the cursor, which each non-empty batch advances. */
  cursorSlot: number
  /** This subscriber's slot values, its initial cursor included. */
  values: readonly unknown[]
  /** The response (`{"data":{…}}`) around one batch's JSON. */
  respond(batch: string): string
  /** As `LiveQueryPlan.tables`: what to refetch on, null when only polling can tell. */
  tables: ReadonlySet<string> | null
}

interface StreamCohort {
  /** The slot values, the cursor advanced by every non-empty batch. */
  values: unknown[]
  /** `values` as JSON: this cohort's element of a batch's `$1`. */
  key: string
  readonly sinks: Set<StreamSink>
  /** Never fetched, or the last batch was not empty: more rows may wait. */
  behind: boolean
  /** The last error sent: a statement that keeps failing reports its error once. */
  lastError: string | undefined
}

type Due = 'all' | 'behind'

/**
 * Every streaming subscription of one role over one statement, multiplexed like live queries.
 * The server keeps the cursor, as Hasura does (hasura/graphql-engine
 * `Hasura.GraphQL.Execute.Subscription.Poll.StreamingQuery`): a **cohort** is the subscribers
 * whose values, cursor included, are equal; each run fetches ONE batch after each cohort's
 * cursor, sends it and advances that cohort's cursor to its last row's value; an empty batch
 * sends nothing. One batch per run bounds what a client that reads slowly can be sent, as
 * Hasura's one batch per poll does. Runs never overlap; triggers during a run coalesce into one
 * more. A subscriber joins a cohort only where its cursor stands now, so it misses no row.
 */
export class StreamPoller {
  readonly #cohorts = new Set<StreamCohort>()
  /** Cohorts by their current values; two that reach the same values keep apart, the first listed. */
  readonly #byKey = new Map<string, StreamCohort>()
  #running = false
  #pending: Due | undefined
  #closed = false
  #newcomersScheduled = false

  constructor(
    private readonly plan: Omit<StreamPlan, 'values'>,
    private readonly statements: StatementRunner,
    private readonly batchSize: number,
    private readonly errorResponse: ErrorResponse,
  ) {}

  get tables(): ReadonlySet<string> | null {
    return this.plan.tables
  }

  get isEmpty(): boolean {
    return this.#cohorts.size === 0
  }

  /** Adds a subscriber; its first batch comes in the next run, batched with other newcomers. */
  add(values: readonly unknown[], sink: StreamSink): () => void {
    const key = JSON.stringify(values)
    let cohort = this.#byKey.get(key)
    if (!cohort) {
      cohort = { values: [...values], key, sinks: new Set(), behind: true, lastError: undefined }
      this.#cohorts.add(cohort)
      this.#byKey.set(key, cohort)
      this.#fetchNewcomers()
    } else if (cohort.lastError !== undefined) sink.append(cohort.lastError)
    cohort.sinks.add(sink)
    const joined = cohort
    return () => {
      joined.sinks.delete(sink)
      if (joined.sinks.size > 0) return
      this.#cohorts.delete(joined)
      if (this.#byKey.get(joined.key) === joined) this.#byKey.delete(joined.key)
    }
  }

  close(): void {
    this.#closed = true
    this.#cohorts.clear()
    this.#byKey.clear()
  }

  /**
   * Fetches the next batch of every cohort (`all`: a table changed), or only of those that may
   * have rows waiting (`behind`: the poll interval, newcomers).
   */
  refetch(due: Due = 'all'): void {
    if (this.#running) {
      this.#pending = due === 'all' || this.#pending === 'all' ? 'all' : 'behind'
      return
    }
    this.#running = true
    void this.#run(due).finally(() => {
      this.#running = false
      const pending = this.#pending
      this.#pending = undefined
      if (pending && !this.#closed) this.refetch(pending)
    })
  }

  #fetchNewcomers(): void {
    if (this.#newcomersScheduled) return
    this.#newcomersScheduled = true
    setImmediate(() => {
      this.#newcomersScheduled = false
      if (!this.#closed) this.refetch('behind')
    })
  }

  async #run(due: Due): Promise<void> {
    const cohorts = [...this.#cohorts].filter((cohort) => due === 'all' || cohort.behind)
    const batches: StreamCohort[][] = []
    for (let i = 0; i < cohorts.length; i += this.batchSize) batches.push(cohorts.slice(i, i + this.batchSize))
    await Promise.all(
      batches.map(async (batch) => {
        const results = await this.#fetchBatch(batch)
        if (this.#closed) return
        batch.forEach((cohort, i) => this.#deliver(cohort, results[i]))
      }),
    )
  }

  #deliver(cohort: StreamCohort, result: BatchResult | undefined): void {
    if (result === undefined) return
    if ('error' in result) {
      if (result.error !== cohort.lastError) for (const sink of cohort.sinks) sink.append(result.error)
      cohort.lastError = result.error
      cohort.behind = false
      return
    }
    cohort.lastError = undefined
    cohort.behind = result.cursor !== null
    if (result.cursor === null) return
    cohort.values[this.plan.cursorSlot] = result.cursor
    if (this.#byKey.get(cohort.key) === cohort) this.#byKey.delete(cohort.key)
    cohort.key = JSON.stringify(cohort.values)
    if (!this.#byKey.has(cohort.key)) this.#byKey.set(cohort.key, cohort)
    const response = this.plan.respond(result.root)
    for (const sink of cohort.sinks) sink.append(response)
  }

  /** One statement per batch; when it fails (not by timeout), each cohort alone, so that an error reaches only its own. */
  async #fetchBatch(batch: StreamCohort[]): Promise<(BatchResult | undefined)[]> {
    try {
      return await this.#query(batch)
    } catch (error) {
      if (isCanceled(error)) return batch.map(() => ({ error: this.errorResponse(error, this.plan.role === 'admin') }))
      return Promise.all(
        batch.map(async (cohort) => {
          try {
            return (await this.#query([cohort]))[0]
          } catch (error) {
            return { error: this.errorResponse(error, this.plan.role === 'admin') }
          }
        }),
      )
    }
  }

  async #query(batch: StreamCohort[]): Promise<(BatchResult | undefined)[]> {
    const { statement } = this.plan
    const rows = await this.statements.query<{ cohort: number; root: string; cursor: string | null }>(this.plan.role, statement.text, [
      `[${batch.map((cohort) => cohort.key).join(',')}]`,
      ...statement.constants,
    ])
    const results: (BatchResult | undefined)[] = new Array(batch.length)
    for (const row of rows) results[row.cohort - 1] = { root: row.root, cursor: row.cursor }
    return results
  }
}

type BatchResult = { root: string; cursor: string | null } | { error: string }
