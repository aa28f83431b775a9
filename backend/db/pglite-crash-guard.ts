import { PGlite, type PGliteOptions } from '@electric-sql/pglite'

/**
 * SQLSTATE XX000 (`internal_error`): the statement crashed PGlite's WebAssembly Postgres, which
 * was then replaced (pglite-database.ts) — the statement's own error, and that of any statement
 * that was waiting behind it on the crashed instance.
 */
export class PGliteCrashedError extends Error {
  readonly code = 'XX000'

  constructor(override readonly cause: unknown) {
    super(`the embedded database (PGlite) crashed and was restarted: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.name = 'PGliteCrashedError'
  }
}

/** The status of the exception PGlite's own Postgres error path throws (pglitec.c's `POSTGRES_MAIN_LONGJMP`). */
const POSTGRES_MAIN_LONGJMP = 100

interface PostgresLoop {
  _PostgresMainLoopOnce: () => void
}

/**
 * PGlite that reports a crash instead of hiding it. Postgres' `check_stack_depth` measures
 * Emscripten's stack in linear memory, but recursion such as a deeply nested `::jsonb` or a
 * recursive SQL function mostly grows the JavaScript engine's native stack, which overflows
 * first, at any `max_stack_depth` (measured: `repeat('[', 1000000)::jsonb` crashes at 100kB).
 * PGlite 0.5 catches that RangeError in `execProtocolRawSync` and carries on: the statement
 * "succeeds" with no rows, and every later one answers `ERRORDATA_STACK_SIZE exceeded` or
 * nothing at all, or waits forever inside an unfinished transaction. Here the first such
 * exception marks the instance as crashed, and every statement on it from then on, this one
 * included, fails with `PGliteCrashedError`.
 */
export class CrashGuardedPGlite extends PGlite {
  #crash: PGliteCrashedError | undefined

  static async open(options: PGliteOptions): Promise<CrashGuardedPGlite> {
    const pg = new CrashGuardedPGlite(options)
    await pg.waitReady
    return pg
  }

  /** Why this instance crashed, once it has. */
  get crash(): PGliteCrashedError | undefined {
    return this.#crash
  }

  override execProtocolRawSync(message: Uint8Array): Uint8Array {
    if (this.#crash) throw this.#crash
    const loop = this.mod as unknown as PostgresLoop
    const runOnce = loop._PostgresMainLoopOnce
    loop._PostgresMainLoopOnce = () => {
      try {
        runOnce()
      } catch (error) {
        if ((error as { status?: unknown } | null)?.status !== POSTGRES_MAIN_LONGJMP) this.#crash ??= new PGliteCrashedError(error)
        throw error
      }
    }
    try {
      const answer = super.execProtocolRawSync(message)
      if (this.#crash) throw this.#crash
      return answer
    } finally {
      loop._PostgresMainLoopOnce = runOnce
    }
  }
}
