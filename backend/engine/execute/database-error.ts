import { isPostgresError } from '../../db/database.ts'
import { EngineError, type EngineErrorCode } from '../engine-error.ts'

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
 * Postgres errors as Hasura reports them (`mkPGError`/`defaultTxErrorHandler` in
 * Hasura.Backends.Postgres.Connection): integrity violations (class 23) with Hasura's prefixes,
 * data exceptions (22; an invalid LIKE escape is a bad request), syntax or access-rule violations
 * (42) as constraint errors, serialization failures (40) as concurrent updates, all keeping
 * Postgres' message; anything else is a "database query error" whose detail only admins see.
 */
export function engineErrorFromDatabase(error: unknown): EngineError {
  if (error instanceof EngineError) return error
  if (!isPostgresError(error)) return new EngineError('unexpected', 'unexpected error', '$', { message: String(error) })
  const internal = { error: { message: error.message, status_code: error.code, description: error.detail ?? null, hint: error.hint ?? null } }
  const code = error.code ?? ''
  const constraint = CONSTRAINT_MESSAGES[code]
  if (constraint) return new EngineError(constraint[0], `${constraint[1]}${error.message}`, '$', internal)
  if (code.startsWith('23')) return new EngineError('constraint-violation', error.message, '$', internal)
  if (code === '22025') return new EngineError('bad-request', error.message, '$', internal)
  if (code.startsWith('22')) return new EngineError('data-exception', error.message, '$', internal)
  if (code === '42830') return new EngineError('constraint-error', 'there is no unique or exclusion constraint on target column(s)', '$', internal)
  if (code.startsWith('42')) return new EngineError('constraint-error', error.message, '$', internal)
  if (code === '40001') return new EngineError('concurrent-update', 'serialization failure due to concurrent update', '$', internal)
  if (code.startsWith('40')) return new EngineError('concurrent-update', error.message, '$', internal)
  // Hasura CE answers a statement timeout as `unexpected`/"database query error" (hasura/graphql-engine
  // issue 7839); its `time_limit` (Cloud/EE) and this engine say what happened, with `TimeoutErrorCode`.
  if (code === '57014') return new EngineError('timeout', 'the database query exceeded its time limit', '$', internal)
  return new EngineError('unexpected', 'database query error', '$', internal)
}
