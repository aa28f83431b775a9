import type { Database } from '../db/database.ts'
import { sql } from '../lib/sql.ts'
import { parseJwtSecret } from './jwt-secret.ts'
import type { BackendConfig } from './load-config.ts'
import type { GeneratedSecretName } from './random-secrets.ts'

export interface StoredSecrets {
  config: BackendConfig
  /** The secrets this start stored first; the others were already in the database. */
  created: GeneratedSecretName[]
}

/**
 * Replaces the random secrets `loadConfig` generated with the ones kept in
 * `pulseboard.generated_secrets`, storing this start's own where none is kept yet: every instance
 * on one database then signs and checks with the same values, across restarts too. The insert
 * and the read are separate statements so that the read sees the row a concurrent start committed
 * while this insert waited on it.
 */
export async function useStoredSecrets(db: Database, config: BackendConfig): Promise<StoredSecrets> {
  const created: GeneratedSecretName[] = []
  const keep = async (name: GeneratedSecretName, candidate: string): Promise<string> => {
    const inserted = await db.query(
      sql`insert into pulseboard.generated_secrets (name, value) values (${name}, ${candidate}) on conflict (name) do nothing returning name`,
    )
    if (inserted.rowCount > 0) created.push(name)
    const { rows } = await db.query<{ value: string }>(sql`select value from pulseboard.generated_secrets where name = ${name}`)
    return rows[0]!.value
  }
  let result = config
  if (config.generatedSecrets.includes('HASURA_GRAPHQL_JWT_SECRET')) {
    const text = await keep('HASURA_GRAPHQL_JWT_SECRET', config.jwtSecretText)
    result = { ...result, jwtSecretText: text, jwtSecret: parseJwtSecret(text) }
  }
  if (config.generatedSecrets.includes('NHOST_WEBHOOK_SECRET')) {
    result = { ...result, webhookSecret: await keep('NHOST_WEBHOOK_SECRET', config.webhookSecret) }
  }
  return { config: result, created }
}
