import { isPostgresError, type Database } from '../../db/database.ts'

/**
 * Runs the multiplexed statements of every poller, a few at a time: a refetch after a commit
 * that touched many live queries queues its batches here instead of taking every database
 * connection from the HTTP requests. Each statement runs under its role's time limit (Hasura's
 * `time_limit` API limit, else `PULSEBOARD_GRAPHQL_TIME_LIMIT_MS`), as that role's queries do.
 */
export class StatementRunner {
  readonly #waiting: (() => void)[] = []
  #running = 0

  constructor(
    private readonly db: Database,
    private readonly concurrency: number,
    private readonly timeLimitMs: (role: string) => number,
  ) {}

  async query<Row>(role: string, text: string, values: unknown[]): Promise<Row[]> {
    // A finishing statement hands its place straight to the first waiter.
    if (this.#running >= this.concurrency) await new Promise<void>((resolve) => this.#waiting.push(resolve))
    else this.#running++
    try {
      return await this.db.limited({ timeoutMs: this.timeLimitMs(role) }, async (db) => (await db.query<Row>(text, values)).rows)
    } finally {
      const next = this.#waiting.shift()
      if (next) next()
      else this.#running--
    }
  }
}

/**
 * SQLSTATE 57014: a statement past its time limit (or cancelled). Running its batch's cohorts one
 * by one to isolate the failure would only time out as many times over.
 */
export function isCanceled(error: unknown): boolean {
  return isPostgresError(error) && error.code === '57014'
}
