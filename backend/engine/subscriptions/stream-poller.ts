import type { MultiplexedStatement, StreamBound } from '../sql/compile-live-query.ts'
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
  /** An ascending stream's upper bound: its slot and the statement that finds it; null when descending. */
  bound: StreamBound | null
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

/** What the watermark statement (compileStreamWatermark) answers. */
interface WatermarkRow {
  high: string | null
  writers: string[]
  waiting: boolean
}

/**
 * Every streaming subscription of one role over one statement, multiplexed like live queries.
 * The server keeps the cursor, as Hasura does (hasura/graphql-engine
 * `Hasura.GraphQL.Execute.Subscription.Poll.StreamingQuery`): a **cohort** is the subscribers
 * whose values, cursor included, are equal; each run fetches ONE batch after each cohort's
 * cursor, sends it and advances that cohort's cursor to its last row's value; an empty batch
 * sends nothing. One batch per run bounds what a client that reads slowly can be sent, as
 * Hasura's one batch per poll does. Runs never overlap; triggers during a run coalesce into one
 * more. A subscriber joins a cohort only where its cursor stands now, so it misses no row.
 *
 * Concurrent writers commit out of cursor order: a serial taken first may commit last, after a
 * batch has moved the cursor past it. So an ascending stream sends only rows up to a bound no
 * transaction in progress can undercut: before its batches, each run reads the highest cursor
 * value committed and the transactions writing the table (compileStreamWatermark); that value
 * becomes the bound once those transactions have ended (at once when there were none). Rows
 * above it wait for a later run, so each committed row is sent once, provided cursor values
 * grow with the time they are taken (sequences, identity columns, `clock_timestamp()`).
 */
export class StreamPoller {
  readonly #cohorts = new Set<StreamCohort>()
  /** Cohorts by their current values; two that reach the same values keep apart, the first listed. */
  readonly #byKey = new Map<string, StreamCohort>()
  #running = false
  #pending: Due | undefined
  #closed = false
  #newcomersScheduled = false
  /** The highest cursor value that may be sent (as text; null: none yet), for an ascending stream. */
  #bound: string | null = null
  /** A higher value that becomes the bound once the transactions writing when it was read have ended. */
  #pendingBound: { high: string | null; writers: string[] } | undefined

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
    // Rows held back by the bound wait for their writers to end: a poll looks at every cohort.
    if (this.#pendingBound) due = 'all'
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
    if (cohorts.length === 0) return
    if (this.plan.bound) {
      try {
        await this.#advanceBound(this.plan.bound)
      } catch (error) {
        if (this.#closed) return
        const failed = { error: this.errorResponse(error, this.plan.role === 'admin') }
        for (const cohort of cohorts) this.#deliver(cohort, failed)
        return
      }
      // No row committed yet, or the first one's writers have not ended: nothing may be sent.
      if (this.#bound === null) return
    }
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

  /** Moves the bound up to the highest cursor value whose writers have all ended (see the class comment). */
  async #advanceBound(bound: StreamBound): Promise<void> {
    const pending = this.#pendingBound
    const [row] = await this.statements.query<WatermarkRow>(this.plan.role, bound.watermark, [JSON.stringify(pending?.writers ?? [])])
    if (!row) return
    if (pending && !row.waiting) {
      this.#bound = pending.high
      this.#pendingBound = undefined
    }
    if (this.#pendingBound) return
    if (row.writers.length === 0) this.#bound = row.high
    else this.#pendingBound = { high: row.high, writers: row.writers }
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
    const bound = this.plan.bound
    // Cohort keys leave the bound's slot null: every cohort of the poller shares one bound.
    const element = (cohort: StreamCohort) =>
      bound ? JSON.stringify(cohort.values.map((value, i) => (i === bound.slot ? this.#bound : value))) : cohort.key
    const rows = await this.statements.query<{ cohort: number; root: string; cursor: string | null }>(this.plan.role, statement.text, [
      `[${batch.map(element).join(',')}]`,
      ...statement.constants,
    ])
    const results: (BatchResult | undefined)[] = new Array(batch.length)
    for (const row of rows) results[row.cohort - 1] = { root: row.root, cursor: row.cursor }
    return results
  }
}

type BatchResult = { root: string; cursor: string | null } | { error: string }
