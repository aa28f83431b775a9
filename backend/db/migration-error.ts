import { isPostgresError } from './database.ts'

/**
 * A SQL file that could not be applied. The message names the file and carries what Postgres
 * said (message, line and column, detail, hint) so the developer can fix it without a debugger.
 */
export class MigrationError extends Error {
  constructor(
    /** The file as the project knows it, e.g. `nhost/migrations/default/1700000000000_init/up.sql`. */
    readonly file: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${reason}`, options)
    this.name = 'MigrationError'
  }

  /** Wraps what running `text` threw, placing Postgres' error position in that text. */
  static fromFailure(file: string, text: string, error: unknown): MigrationError {
    if (!isPostgresError(error)) {
      return new MigrationError(file, error instanceof Error ? error.message : String(error), { cause: error })
    }
    const parts = [error.message]
    const where = lineAndColumn(text, (error as { position?: unknown }).position)
    if (where) parts[0] += ` (line ${where.line}, column ${where.column})`
    if (error.detail) parts.push(`detail: ${error.detail}`)
    if (error.hint) parts.push(`hint: ${error.hint}`)
    if (error.code) parts.push(`code: ${error.code}`)
    return new MigrationError(file, parts.join('; '), { cause: error })
  }
}

/** Postgres reports `position` as a 1-based character offset into the statement text it was sent. */
function lineAndColumn(text: string, position: unknown): { line: number; column: number } | undefined {
  const offset = typeof position === 'string' || typeof position === 'number' ? Number(position) : NaN
  if (!Number.isInteger(offset) || offset < 1 || offset > text.length + 1) return undefined
  const before = text.slice(0, offset - 1)
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') - 1 }
}
