import type { MultiplexedStatement } from '../sql/compile-live-query.ts'
import type { ErrorResponse, LiveQuerySink } from './live-query-plan.ts'
import { isCanceled, type StatementRunner } from './statement-runner.ts'

/**
 * Terminology (as in Hasura's `Hasura.GraphQL.Execute.Subscription.Poll`):
 * - a **poller** serves every live query of one role whose subscriptions compiled to the same
 *   multiplexed statement: they differ only in their slot values (variables, session variables);
 * - a **cohort** is the poller's subscribers whose values are all equal: they share one result,
 *   one row of the multiplexed statement, and the last result sent;
 * - a **batch** is up to `batchSize` cohorts refetched by ONE multiplexed statement.
 */
export interface PollerOptions {
  statements: StatementRunner
  batchSize: number
  errorResponse: ErrorResponse
  /** Called after each refetch (metrics and the benchmark). */
  onRefetch?: (stats: { statements: number; cohorts: number; pushed: number; ms: number }) => void
}

interface Cohort {
  /** The values as JSON text: this cohort's element of a batch's `$1`. */
  readonly key: string
  readonly sinks: Set<LiveQuerySink>
  /** The last result sent; undefined until the first fetch. */
  last: string | undefined
}

export class LiveQueryPoller {
  readonly #cohorts = new Map<string, Cohort>()
  #running = false
  /** What arrived during a run: a change (fetch everything again) or only new cohorts. */
  #pending: 'all' | 'new' | undefined
  #closed = false
  #newcomersScheduled = false

  constructor(
    private readonly statement: MultiplexedStatement,
    private readonly role: string,
    readonly tables: ReadonlySet<string> | null,
    private readonly options: PollerOptions,
  ) {}

  /**
   * Adds a subscriber. A cohort that already has a result gives it at once; a new cohort is
   * fetched in the next run, batched with any other newcomers.
   */
  add(values: readonly unknown[], sink: LiveQuerySink): () => void {
    const key = JSON.stringify(values)
    let cohort = this.#cohorts.get(key)
    if (!cohort) {
      cohort = { key, sinks: new Set(), last: undefined }
      this.#cohorts.set(key, cohort)
    }
    cohort.sinks.add(sink)
    if (cohort.last !== undefined) sink.next(cohort.last)
    else this.#fetchNewcomers()
    const joined = cohort
    return () => {
      joined.sinks.delete(sink)
      if (joined.sinks.size === 0 && this.#cohorts.get(joined.key) === joined) this.#cohorts.delete(joined.key)
    }
  }

  /**
   * New cohorts are fetched on the next turn of the event loop, so that a burst of subscribers
   * (a dashboard opening twenty panels, clients reconnecting after a restart) shares statements.
   */
  #fetchNewcomers(): void {
    if (this.#newcomersScheduled) return
    this.#newcomersScheduled = true
    setImmediate(() => {
      this.#newcomersScheduled = false
      if (!this.#closed) this.refetch(false)
    })
  }

  get isEmpty(): boolean {
    return this.#cohorts.size === 0
  }

  close(): void {
    this.#closed = true
    this.#cohorts.clear()
  }

  /**
   * Fetches again: every cohort when `all` (a table changed, or the poll interval passed), else
   * only cohorts that have no result yet. Runs never overlap; changes during a run coalesce
   * into one more run.
   */
  refetch(all = true): void {
    if (this.#running) {
      this.#pending = all || this.#pending === 'all' ? 'all' : 'new'
      return
    }
    this.#running = true
    void this.#run(all).finally(() => {
      this.#running = false
      const pending = this.#pending
      this.#pending = undefined
      if (pending && !this.#closed) this.refetch(pending === 'all')
    })
  }

  async #run(all: boolean): Promise<void> {
    const started = performance.now()
    const cohorts = [...this.#cohorts.values()].filter((cohort) => all || cohort.last === undefined)
    if (cohorts.length === 0) return
    let statements = 0
    let pushed = 0
    const batches: Cohort[][] = []
    for (let i = 0; i < cohorts.length; i += this.options.batchSize) batches.push(cohorts.slice(i, i + this.options.batchSize))
    // Every batch is queued at once (the statement runner bounds how many run): each batch's
    // results are sent as soon as it returns.
    await Promise.all(
      batches.map(async (batch) => {
        const results = await this.#fetchBatch(batch)
        statements += results.statements
        if (this.#closed) return
        batch.forEach((cohort, j) => {
          const response = results.responses[j]
          if (response === undefined || response === cohort.last) return
          cohort.last = response
          for (const sink of cohort.sinks) sink.next(response)
          pushed += cohort.sinks.size
        })
      }),
    )
    this.options.onRefetch?.({ statements, cohorts: cohorts.length, pushed, ms: performance.now() - started })
  }

  /**
   * One statement for the batch. If it fails (one cohort's value may not cast, a permission
   * function may raise), each cohort runs alone so the error reaches only the cohorts it concerns;
   * a statement past its time limit answers every cohort of the batch with the timeout.
   */
  async #fetchBatch(batch: Cohort[]): Promise<{ responses: (string | undefined)[]; statements: number }> {
    try {
      return { responses: await this.#query(batch), statements: 1 }
    } catch (error) {
      if (isCanceled(error)) {
        return { responses: batch.map(() => this.options.errorResponse(error, this.role === 'admin')), statements: 1 }
      }
      const responses = await Promise.all(
        batch.map(async (cohort) => {
          try {
            return (await this.#query([cohort]))[0]
          } catch (error) {
            return this.options.errorResponse(error, this.role === 'admin')
          }
        }),
      )
      return { responses, statements: 1 + batch.length }
    }
  }

  async #query(batch: Cohort[]): Promise<(string | undefined)[]> {
    const rows = await this.options.statements.query<{ cohort: number; response: string | null }>(this.role, this.statement.text, [
      `[${batch.map((cohort) => cohort.key).join(',')}]`,
      ...this.statement.constants,
    ])
    const responses: (string | undefined)[] = new Array(batch.length)
    for (const row of rows) responses[row.cohort - 1] = row.response ?? undefined
    return responses
  }
}
