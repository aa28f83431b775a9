/** How many statements one connection keeps prepared: mutation shapes come and go with variables. */
const MAX_NAMED = 200

/** How a statement goes to Postgres in a pipeline (statement-pipeline.ts). */
export interface StatementPlan {
  /** The name it is prepared under; '' runs it as the unnamed statement, parsed this once. */
  readonly name: string
  /** Whether Parse is sent: the statement is not known to be prepared under `name` yet. */
  readonly parse: boolean
  /**
   * A Parse under this name was sent before and its outcome is unknown (that pipeline failed):
   * Close it first, which Postgres accepts whether or not it exists.
   */
  readonly closeFirst: boolean
}

interface Entry {
  name: string
  /** Postgres answered a pipeline that parsed it: it exists on the connection. */
  confirmed: boolean
}

const UNNAMED: StatementPlan = { name: '', parse: true, closeFirst: false }

/**
 * The statements one PostgreSQL connection has prepared through the extended protocol, by text,
 * so that the engine's statements are parsed and planned once per connection and then only
 * bound and executed. A statement is named on its second use, so that a shape seen once (a
 * batch of an unusual size) leaves nothing behind; past `MAX_NAMED` the least recently used is
 * closed in the next pipeline. A name is trusted only once a pipeline that parsed it succeeded:
 * after a failure it is closed and parsed again, so that neither a missing nor a leftover
 * statement can break a later request.
 */
export class NamedStatements {
  /** Statement text → its entry, least recently used first. */
  readonly #entries = new Map<string, Entry>()
  /** Texts run once, unnamed: named if they come again. */
  readonly #seen = new Set<string>()
  /** Names evicted since the last pipeline, for it to close. */
  #evicted: string[] = []
  #counter = 0

  /** `enabled` false (PostgreSQL behind a pooler that moves sessions between connections): every statement runs unnamed. */
  constructor(private readonly enabled = true) {}

  plan(text: string): StatementPlan {
    if (!this.enabled) return UNNAMED
    const entry = this.#entries.get(text)
    if (entry) {
      this.#entries.delete(text)
      this.#entries.set(text, entry)
      return entry.confirmed ? { name: entry.name, parse: false, closeFirst: false } : { name: entry.name, parse: true, closeFirst: true }
    }
    if (!this.#seen.has(text)) {
      if (this.#seen.size >= MAX_NAMED) this.#seen.clear()
      this.#seen.add(text)
      return UNNAMED
    }
    this.#seen.delete(text)
    const [oldest] = this.#entries
    if (oldest && this.#entries.size >= MAX_NAMED) {
      this.#entries.delete(oldest[0])
      this.#evicted.push(oldest[1].name)
    }
    const name = `pulseboard_${++this.#counter}`
    this.#entries.set(text, { name, confirmed: false })
    return { name, parse: true, closeFirst: false }
  }

  /** Names to close in the next pipeline (each returned once). */
  takeEvicted(): string[] {
    if (this.#evicted.length === 0) return this.#evicted
    const evicted = this.#evicted
    this.#evicted = []
    return evicted
  }

  /** The pipeline that sent these statements with these plans succeeded: the ones it parsed under a name exist. */
  confirm(statements: readonly { text: string }[], plans: readonly StatementPlan[]): void {
    for (const [i, plan] of plans.entries()) {
      if (!plan.parse || plan.name === '') continue
      const entry = this.#entries.get((statements[i] as { text: string }).text)
      if (entry) entry.confirmed = true
    }
  }
}
