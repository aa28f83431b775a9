import { isPostgresError } from '../../db/database.ts'
import { EngineError, type EngineErrorCode } from '../engine-error.ts'
import { PERMISSION_CHECK_FAILED } from '../sql/permission-check.ts'

/** SQLSTATE → Hasura's prefix for integrity-constraint violations (class 23). */
const CONSTRAINT_MESSAGES: Record<string, [EngineErrorCode, string]> = {
  '23001': ['constraint-violation', 'Can not delete or update due to data being referred. '],
  '23502': ['constraint-violation', 'Not-NULL violation. '],
  '23503': ['constraint-violation', 'Foreign key violation. '],
  '23505': ['constraint-violation', 'Uniqueness violation. '],
  '23514': ['permission-error', 'Check constraint violation. '],
  '23P01': ['constraint-violation', 'Exclusion violation. '],
}

/**
 * SQLSTATE classes outside Hasura's own table, each with the Hasura code that says whose problem it
 * is, answered with Postgres' message: the request asked for more than Postgres allows (54), a
 * lock or another transaction is in the way (55P03), the server is short of resources (53) or
 * going away (57P, 08), or the project's own function refused (P0, `RAISE EXCEPTION`).
 */
const CLASS_CODES: [prefix: string, code: EngineErrorCode][] = [
  ['53300', 'postgres-max-connections-error'],
  ['55P03', 'concurrent-update'],
  ['0A', 'not-supported'],
  ['21', 'bad-request'],
  ['44', 'permission-error'],
  ['54', 'bad-request'],
  ['P0', 'postgres-error'],
  ['08', 'postgres-error'],
  ['25', 'postgres-error'],
  ['53', 'postgres-error'],
  ['55', 'postgres-error'],
  ['57', 'postgres-error'],
  ['58', 'postgres-error'],
  ['2F', 'postgres-error'],
  ['38', 'postgres-error'],
  ['39', 'postgres-error'],
  ['3D', 'postgres-error'],
  ['3F', 'postgres-error'],
  ['F0', 'postgres-error'],
]

/**
 * Messages written by the project's own functions (P0: as in Hasura, only admins see them, in
 * `internal`) or naming the server's files (58): the code still says what kind of failure it was.
 */
const HIDDEN_MESSAGES = ['P0', '58']

/** Node's socket errors and the pg driver's own: the connection to Postgres failed, nothing in the request did. */
const CONNECTION_ERROR = /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)$|^Connection terminated/

/**
 * Postgres errors as Hasura reports them (`mkPGError`/`defaultTxErrorHandler` in
 * Hasura.Backends.Postgres.Connection): integrity violations (class 23) with Hasura's prefixes,
 * data exceptions (22; an invalid LIKE escape is a bad request), syntax or access-rule violations
 * (42) as constraint errors, serialization failures (40) as concurrent updates, statement timeouts
 * (57014) as `timeout`, the other classes by `CLASS_CODES`, all keeping Postgres' message.
 * `unexpected` is left for what only a bug explains: Postgres' internal errors (XX), a statement
 * the engine prepared wrongly (26) and errors that are not Postgres'.
 */
export function engineErrorFromDatabase(error: unknown): EngineError {
  if (error instanceof EngineError) return error
  if (!isPostgresError(error)) {
    if (isConnectionError(error)) return new EngineError('postgres-error', 'connection error', '$', { message: String(error) })
    return new EngineError('unexpected', 'unexpected error', '$', { message: String(error) })
  }
  const internal = {
    error: { message: error.message, status_code: error.code, description: error.detail ?? null, hint: error.hint ?? null },
  }
  const code = error.code ?? ''
  // A row that failed a permission's check (permission-check.ts): Hasura's error, no SQL detail.
  if (code === '23514' && error.message === PERMISSION_CHECK_FAILED) return new EngineError('permission-error', PERMISSION_CHECK_FAILED)
  const constraint = CONSTRAINT_MESSAGES[code]
  if (constraint) return new EngineError(constraint[0], `${constraint[1]}${error.message}`, '$', internal)
  if (code.startsWith('23')) return new EngineError('constraint-violation', error.message, '$', internal)
  if (code === '22025') return new EngineError('bad-request', error.message, '$', internal)
  if (code.startsWith('22')) return new EngineError('data-exception', error.message, '$', internal)
  if (code === '42830')
    return new EngineError('constraint-error', 'there is no unique or exclusion constraint on target column(s)', '$', internal)
  if (code.startsWith('42')) return new EngineError('constraint-error', error.message, '$', internal)
  if (code === '40001') return new EngineError('concurrent-update', 'serialization failure due to concurrent update', '$', internal)
  if (code.startsWith('40')) return new EngineError('concurrent-update', error.message, '$', internal)
  // Hasura CE answers a statement timeout as `unexpected`/"database query error" (hasura/graphql-engine
  // issue 7839); its `time_limit` (Cloud/EE) and this engine say what happened, with `TimeoutErrorCode`.
  if (code === '57014') return new EngineError('timeout', 'the database query exceeded its time limit', '$', internal)
  const byClass = CLASS_CODES.find(([prefix]) => code.startsWith(prefix))
  if (byClass) {
    const message = HIDDEN_MESSAGES.some((prefix) => code.startsWith(prefix)) ? 'database query error' : error.message
    return new EngineError(byClass[1], message, '$', internal)
  }
  return new EngineError('unexpected', 'database query error', '$', internal)
}

function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  return CONNECTION_ERROR.test(typeof code === 'string' ? code : '') || CONNECTION_ERROR.test(error.message)
}
