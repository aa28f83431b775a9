import type { Database } from '../../db/database.ts'
import type { CompiledSql } from '../../lib/sql.ts'
import type { ErrorResponse, LiveQuerySink } from './live-query-plan.ts'
import { buildMultiplexedStatement, buildSingleStatement } from './multiplexed-statement.ts'
import { toParameterText } from './parameter-text.ts'
import { parameterTypes } from './parameter-types.ts'

/**
 * Terminology (as in Hasura's `Hasura.GraphQL.Execute.Subscription.Poll`):
 * - a **poller** serves every live query of one role whose statement has the same text: they
 *   differ only in parameter values (variables, session variables);
 * - a **cohort** is the poller's subscribers whose values are all equal: they share one result,
 *   one row of the multiplexed statement, and the last result sent;
 * - a **batch** is up to `batchSize` cohorts refetched by ONE multiplexed statement.
 */
export interface PollerOptions {
  db: Database
  batchSize: number
  /** Batches of one refetch in flight at once. */
  concurrency: number
  errorResponse: ErrorResponse
  /** Called with the number of statements each refetch ran (metrics and the benchmark). */
  onRefetch?: (stats: { statements: number; cohorts: number; pushed: number; ms: number }) => void
}

interface Cohort {
  /** The values as the JSON array of texts that is this cohort's element of a batch's parameter. */
  readonly key: string
  readonly values: unknown[]
  readonly sinks: Set<LiveQuerySink>
  /** The last result sent; undefined until the first fetch. */
  last: string | undefined
}

export class LiveQueryPoller {
  readonly #cohorts = new Map<string, Cohort>()
  #multiplexed: Promise<string> | undefined
  #running = false
  /** What arrived during a run: a change (fetch everything again) or only new cohorts. */
  #pending: 'all' | 'new' | undefined
  #closed = false
  #newcomersScheduled = false

  constructor(
    private readonly template: string,
    private readonly role: string,
    readonly tables: ReadonlySet<string> | null,
    private readonly options: PollerOptions,
  ) {}

  /**
   * Adds a subscriber. A cohort that already has a result gives it at once; a new cohort is
   * fetched in the next run, batched with any other newcomers.
   */
  add(statement: CompiledSql, sink: LiveQuerySink): () => void {
    const values = statement.values
    const key = JSON.stringify(values.map(toParameterText))
    let cohort = this.#cohorts.get(key)
    if (!cohort) {
      cohort = { key, values, sinks: new Set(), last: undefined }
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
    let next = 0
    // A few batches in flight at once: a Postgres pool runs them in parallel; PGlite, one
    // connection, queues them at no cost. Each batch's results are sent as soon as it returns.
    const worker = async () => {
      while (next < cohorts.length && !this.#closed) {
        const batch = cohorts.slice(next, next + this.options.batchSize)
        next += this.options.batchSize
        const results = await this.#fetchBatch(batch)
        statements += results.statements
        batch.forEach((cohort, j) => {
          const response = results.responses[j]
          if (response === undefined || response === cohort.last) return
          cohort.last = response
          for (const sink of cohort.sinks) sink.next(response)
          pushed += cohort.sinks.size
        })
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, Math.ceil(cohorts.length / this.options.batchSize)) }, worker))
    this.options.onRefetch?.({ statements, cohorts: cohorts.length, pushed, ms: performance.now() - started })
  }

  /**
   * One statement for the batch. If it fails (one cohort's value may not cast, a permission
   * function may raise), each cohort runs alone so the error reaches only the cohorts it concerns.
   */
  async #fetchBatch(batch: Cohort[]): Promise<{ responses: (string | undefined)[]; statements: number }> {
    try {
      const text = await this.#multiplexedText()
      const { rows } = await this.options.db.query<{ cohort: number; response: string | null }>(text, [
        `[${batch.map((cohort) => cohort.key).join(',')}]`,
      ])
      const responses: (string | undefined)[] = new Array(batch.length)
      for (const row of rows) responses[row.cohort - 1] = row.response ?? undefined
      return { responses, statements: 1 }
    } catch {
      const responses = await Promise.all(batch.map((cohort) => this.#fetchAlone(cohort)))
      return { responses, statements: 1 + batch.length }
    }
  }

  async #fetchAlone(cohort: Cohort): Promise<string> {
    try {
      const { rows } = await this.options.db.query<{ response: string | null }>(buildSingleStatement(this.template), cohort.values)
      return rows[0]?.response ?? 'null'
    } catch (error) {
      return this.options.errorResponse(error, this.role === 'admin')
    }
  }

  #multiplexedText(): Promise<string> {
    this.#multiplexed ??= parameterTypes(this.options.db, this.template).then(
      (types) => buildMultiplexedStatement(this.template, types),
      (error: unknown) => {
        this.#multiplexed = undefined
        throw error
      },
    )
    return this.#multiplexed
  }
}
