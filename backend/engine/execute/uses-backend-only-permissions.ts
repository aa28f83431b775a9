import type { Session } from '../../session/session.ts'
import { EngineError } from '../engine-error.ts'

const TRUE_VALUES = ['true', 't', 'yes', 'y']
const FALSE_VALUES = ['false', 'f', 'no', 'n']

/**
 * Hasura applies `backend_only` permissions only to requests that carry the admin secret and
 * `x-hasura-use-backend-only-permissions: true`; a value that is no boolean is refused with
 * Hasura's message (graphql_mutation/insert/permissions/backend_user_insert_invalid_bool).
 */
export function usesBackendOnlyPermissions(session: Session): boolean {
  const value = session.variables['x-hasura-use-backend-only-permissions']
  if (!session.adminSecretUsed || value === undefined) return false
  const text = value.toLowerCase()
  if (TRUE_VALUES.includes(text)) return true
  if (FALSE_VALUES.includes(text)) return false
  throw new EngineError(
    'bad-request',
    `x-hasura-use-backend-only-permissions:  Not a valid boolean text. True values are ${JSON.stringify(TRUE_VALUES)} and  False values are ${JSON.stringify(FALSE_VALUES)}. All values are case insensitive`,
  )
}
