import pg from 'pg'
import type { BoundStatement } from './database.ts'
import type { StatementPlan } from './named-statements.ts'

/** The part of node-postgres' connection a pipeline writes to (its extended-protocol messages). */
interface ProtocolConnection {
  stream: { cork(): void; uncork(): void }
  parse(message: { text: string; name: string; types: number[] }): void
  bind(message: { statement: string; values: readonly unknown[]; valueMapper: (value: unknown) => unknown }): void
  execute(message: Record<string, never>): void
  close(message: { type: 'S'; name: string }): void
  sync(): void
}

/** node-postgres' own conversion of a JS value to a parameter (Dates, arrays, Buffers, objects), as its queries bind them. */
const toParameter = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue

const EXECUTE = {} as Record<string, never>

/**
 * Several statements in one round trip and one implicit transaction: for each, Parse (unless
 * its connection has it prepared), Bind and Execute, then one Sync, written in one `write`.
 * Postgres runs them in order and commits at the Sync; after an error it skips the rest and
 * rolls back. Rows come back as text (no Describe: node-postgres hands each DataRow's fields
 * over as strings), and only the last statement's rows are kept.
 *
 * A "submittable" as node-postgres calls it (pg-cursor is one): `client.query(pipeline)` queues
 * it like a query, and the client hands it the backend's messages until ReadyForQuery, or the
 * error that ends it. Only the engine's statements go through it: never empty, never a COPY, all
 * rows at once, so no EmptyQueryResponse, CopyInResponse or PortalSuspended can arrive (nor a
 * RowDescription, which answers only Describe).
 */
export class StatementPipeline {
  /** The last statement's rows once Postgres has committed, or the error that ended the pipeline. */
  readonly done: Promise<(string | null)[][]>
  readonly #rows: (string | null)[][] = []
  /** Statements whose CommandComplete has arrived; rows belong to the statement at this index. */
  #completed = 0
  readonly #last: number
  #resolve!: (rows: (string | null)[][]) => void
  #reject!: (error: Error) => void

  constructor(
    private readonly statements: readonly BoundStatement[],
    private readonly plans: readonly StatementPlan[],
    private readonly closing: readonly string[],
  ) {
    this.#last = statements.length - 1
    this.done = new Promise((resolve, reject) => {
      this.#resolve = resolve
      this.#reject = reject
    })
  }

  submit(connection: ProtocolConnection): void {
    connection.stream.cork()
    try {
      for (const name of this.closing) connection.close({ type: 'S', name })
      for (const [i, statement] of this.statements.entries()) {
        const plan = this.plans[i] as StatementPlan
        if (plan.closeFirst) connection.close({ type: 'S', name: plan.name })
        if (plan.parse) connection.parse({ text: statement.text, name: plan.name, types: [] })
        connection.bind({ statement: plan.name, values: statement.values, valueMapper: toParameter })
        connection.execute(EXECUTE)
      }
      connection.sync()
    } finally {
      connection.stream.uncork()
    }
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.#completed === this.#last) this.#rows.push(message.fields)
  }

  handleCommandComplete(): void {
    this.#completed++
  }

  handleReadyForQuery(): void {
    this.#resolve(this.#rows)
  }

  /** The backend's error (the rest of the pipeline was skipped and rolled back), or the connection's. */
  handleError(error: Error): void {
    this.#reject(error)
  }
}
