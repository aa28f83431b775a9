import { inlineLiterals } from '../lib/sql.ts'

/**
 * What to send for one run of a statement: `prepare` first, in a round trip of its own, when the
 * statement is being prepared now (`onPrepared` records it once Postgres has accepted it); then
 * `script`, whose last result is the statement's.
 */
export interface PreparedRun {
  prepare?: { text: string; onPrepared: () => void }
  script: string
}

/** How many statements one connection keeps prepared: mutation shapes come and go with variables. */
const MAX_PREPARED = 200

/**
 * The statements PGlite's one connection has prepared with SQL's `PREPARE`, so that requests run
 * them with `EXECUTE name(literals…)` in a simple-protocol script that also carries `setup` (such
 * as `set_config`), with Postgres parsing and planning the statement once rather than per
 * request. A statement is prepared on its second use, so that a shape seen once (a batch of an
 * unusual size) costs nothing more; past `MAX_PREPARED` the least recently used is deallocated.
 * Prepared statements outlive transactions, rolled back or not, so this record stays true
 * whatever the scripts do. (A PostgreSQL server's connections prepare through the extended
 * protocol instead: named-statements.ts.)
 */
export class PreparedStatements {
  /** Statement text → its name, least recently used first. */
  readonly #names = new Map<string, string>()
  /** Texts run once, unprepared: prepared if they come again. */
  readonly #seen = new Set<string>()
  #counter = 0

  /**
   * After PGlite was restarted (pglite-database.ts), whose new connection has prepared nothing.
   * The counter goes on, so that no name is used twice.
   */
  forget(): void {
    this.#names.clear()
    this.#seen.clear()
  }

  run(text: string, literals: readonly string[], setup = ''): PreparedRun {
    const known = this.#names.get(text)
    if (known) {
      this.#names.delete(text)
      this.#names.set(text, known)
      return { script: setup + execute(known, literals) }
    }
    if (!this.#seen.has(text)) {
      if (this.#seen.size >= MAX_PREPARED) this.#seen.clear()
      this.#seen.add(text)
      return { script: setup + inlineLiterals(text, literals) }
    }
    const name = `pulseboard_${++this.#counter}`
    let evict = ''
    const [oldest] = this.#names
    if (oldest && this.#names.size >= MAX_PREPARED) {
      // Forgotten before it is sent: DEALLOCATE takes effect even if the rest of the message fails.
      this.#names.delete(oldest[0])
      evict = `DEALLOCATE ${oldest[1]};\n`
    }
    return {
      prepare: {
        text: `${evict}PREPARE ${name} AS ${text}`,
        onPrepared: () => {
          this.#seen.delete(text)
          this.#names.set(text, name)
        },
      },
      script: setup + execute(name, literals),
    }
  }
}

function execute(name: string, literals: readonly string[]): string {
  return literals.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${literals.join(', ')})`
}
