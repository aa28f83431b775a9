import type { Logger } from '../../lib/logger.ts'
import type { EngineError } from '../engine-error.ts'
import { engineErrorFromDatabase } from './database-error.ts'

/** Hasura's GraphQL error response; `internal` (the SQL error) only for admins. */
export function errorResponse(error: EngineError, isAdmin: boolean): string {
  return `{"errors":${errorsJson(error, isAdmin)}}`
}

/** The `errors` array of Hasura's error response, as the WebSocket's `error` message carries it. */
export function errorsJson(error: EngineError, isAdmin: boolean): string {
  const extensions: Record<string, unknown> = { path: error.path, code: error.code }
  if (isAdmin && error.internal !== undefined) extensions.internal = error.internal
  return JSON.stringify([{ extensions, message: error.message }])
}

/**
 * What went wrong, as the engine's error: a database error classified as Hasura does, anything
 * else `unexpected`, and every `unexpected` logged with the request id the client was given (each
 * is a bug to find).
 */
export function engineFailure(log: Logger, error: unknown, requestId: string | undefined): EngineError {
  const engineError = engineErrorFromDatabase(error)
  if (engineError.code === 'unexpected') {
    log.error('graphql execution failed', { requestId, error: String(error), stack: (error as Error).stack })
  }
  return engineError
}
