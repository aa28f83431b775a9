import { isPostgresError } from '../../db/database.ts'
import { EngineError } from '../engine-error.ts'

/**
 * Postgres errors as Hasura reports them on /v1/graphql (`mkPGError` in Hasura.Backends.Postgres
 * .Execute.Types): data exceptions (class 22) and constraint violations (class 23) keep Postgres'
 * message; anything else is a "database query error" whose detail only admins see.
 */
export function engineErrorFromDatabase(error: unknown): EngineError {
  if (error instanceof EngineError) return error
  if (!isPostgresError(error)) return new EngineError('unexpected', 'unexpected error', '$', { message: String(error) })
  const internal = { error: { message: error.message, status_code: error.code, description: error.detail ?? null, hint: error.hint ?? null } }
  const code = error.code ?? ''
  if (code.startsWith('22')) return new EngineError('data-exception', error.message, '$', internal)
  if (code.startsWith('23')) {
    const message = code === '23505' ? `Uniqueness violation. ${error.message}`
      : code === '23503' ? `Foreign key violation. ${error.message}`
      : code === '23502' ? `Not-NULL violation. ${error.message}`
      : code === '23514' ? `Check constraint violation. ${error.message}`
      : error.message
    return new EngineError('constraint-violation', message, '$', internal)
  }
  if (code === '42501') return new EngineError('permission-error', error.message, '$', internal)
  return new EngineError('unexpected', 'database query error', '$', internal)
}
