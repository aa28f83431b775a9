import { randomBytes } from 'node:crypto'

/** The secrets a backend generates when its configuration sets none, named by their variable. */
export type GeneratedSecretName = 'HASURA_GRAPHQL_JWT_SECRET' | 'NHOST_WEBHOOK_SECRET'

/** An HS256 key of 256 random bits, in Hasura's JSON form. */
export function randomJwtSecretText(): string {
  return JSON.stringify({ type: 'HS256', key: randomBytes(32).toString('base64url') })
}

export function randomWebhookSecret(): string {
  return randomBytes(32).toString('base64url')
}
