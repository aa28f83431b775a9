import { requiredEnv } from './required-env.ts'

/**
 * GraphQL calls of the functions, as a function on Nhost makes them: with the admin secret, or as
 * the caller by passing their Authorization on, so that Hasura verifies the token and applies the
 * caller's permissions.
 */
export interface GraphqlErrorEntry {
  message: string
  extensions?: { code?: string }
}

export class GraphqlCallError extends Error {
  constructor(readonly errors: GraphqlErrorEntry[]) {
    super(errors.map((e) => e.message).join('; '))
  }

  /** The Hasura code of the first error, e.g. `invalid-jwt`, `permission-error`. */
  get code(): string {
    return this.errors[0]?.extensions?.code ?? 'unexpected'
  }
}

async function post<T>(headers: Record<string, string>, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(requiredEnv('NHOST_GRAPHQL_URL'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  })
  const answer = (await response.json()) as { data?: T; errors?: GraphqlErrorEntry[] }
  if (answer.errors?.length) throw new GraphqlCallError(answer.errors)
  return answer.data as T
}

export function adminGraphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return post<T>({ 'x-hasura-admin-secret': requiredEnv('NHOST_ADMIN_SECRET') }, query, variables)
}

/** Runs as the caller; `authorization` is their `Bearer <access token>` header. */
export function callerGraphql<T>(authorization: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return post<T>({ authorization }, query, variables)
}
