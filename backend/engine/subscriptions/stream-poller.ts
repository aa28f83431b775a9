import type { Database } from '../../db/database.ts'
import type { ErrorResponse } from './live-query-plan.ts'
import type { StreamPlan } from './plan-stream-subscription.ts'

/** A streaming subscription's subscriber: unlike a live query's, it must receive every batch. */
export interface StreamSink {
  /** One batch (`{"data":…}`), or a result with `errors`; sent in order, never dropped. */
  append(response: string): void
}

/**
 * One streaming subscription. The server keeps its cursor, as Hasura does (hasura/graphql-engine
 * `Hasura.GraphQL.Execute.Subscription.Poll.StreamingQuery`): each run fetches ONE batch after
 * the cursor, sends it and advances the cursor to its last row's value; an empty batch sends
 * nothing. One batch per run bounds what a client that reads slowly can be sent, as Hasura's
 * one batch per poll does. Runs never overlap; triggers during a run coalesce into one more.
 *
 * Unlike live queries, streams are not multiplexed: each subscriber's cursor moves on its own,
 * so its statement runs alone.
 */
export class StreamPoller {
  readonly #values: unknown[]
  #running = false
  #pending = false
  #closed = false
  /** The last batch was not empty: more rows may wait, so the next poll runs it whatever changed. */
  #behind = true
  /** The last error sent: a statement that keeps failing reports its error once. */
  #lastError: string | undefined

  constructor(
    private readonly plan: StreamPlan,
    private readonly sink: StreamSink,
    private readonly db: Database,
    private readonly errorResponse: ErrorResponse,
  ) {
    this.#values = [...plan.statement.values]
  }

  get tables(): ReadonlySet<string> | null {
    return this.plan.tables
  }

  get isBehind(): boolean {
    return this.#behind
  }

  close(): void {
    this.#closed = true
  }

  refetch(): void {
    if (this.#closed) return
    if (this.#running) {
      this.#pending = true
      return
    }
    this.#running = true
    void this.#run().finally(() => {
      this.#running = false
      if (this.#pending) {
        this.#pending = false
        this.refetch()
      }
    })
  }

  async #run(): Promise<void> {
    let rows: { root: string; cursor: string | null }[]
    try {
      rows = (await this.db.query<{ root: string; cursor: string | null }>(this.plan.statement.text, this.#values)).rows
    } catch (error) {
      const response = this.errorResponse(error, this.plan.role === 'admin')
      if (!this.#closed && response !== this.#lastError) this.sink.append(response)
      this.#lastError = response
      this.#behind = false
      return
    }
    this.#lastError = undefined
    const row = rows[0]
    this.#behind = row !== undefined && row.cursor !== null
    if (this.#closed || row === undefined || row.cursor === null) return
    this.#values[this.plan.cursorParameter] = row.cursor
    this.sink.append(this.plan.respond(row.root))
  }
}
