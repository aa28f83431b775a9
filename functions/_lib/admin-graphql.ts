/** GraphQL with the admin secret, as every function that acts for the project (NHOST_* as on Nhost). */
export class AdminGraphqlError extends Error {
  constructor(readonly errors: { message: string; extensions?: { code?: string } }[]) {
    super(errors.map((e) => e.message).join('; '))
  }
}

export async function adminGraphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(requiredEnv('NHOST_GRAPHQL_URL'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': requiredEnv('NHOST_ADMIN_SECRET') },
    body: JSON.stringify({ query, variables }),
  })
  const answer = (await response.json()) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] }
  if (answer.errors) throw new AdminGraphqlError(answer.errors)
  return answer.data as T
}

export function requiredEnv(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}
