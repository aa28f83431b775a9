import type { Metadata, Source } from './types.ts'

/**
 * The `default` source as Hasura adds it when started with a database URL, and as Nhost's
 * `databases.yaml` declares it; the URL itself comes from the environment, never from metadata.
 */
export const DEFAULT_SOURCE_CONFIGURATION = {
  connection_info: {
    database_url: { from_env: 'HASURA_GRAPHQL_DATABASE_URL' },
    isolation_level: 'read-committed',
    pool_settings: { connection_lifetime: 600, idle_timeout: 180, max_connections: 50, retries: 1 },
    use_prepared_statements: true,
  },
}

/** Metadata with no tracked objects that keeps the default source (Hasura's `clear_metadata`). */
export function clearedMetadata(current?: Metadata): Metadata {
  const existing = current?.sources.find((s) => s.name === 'default')
  if (current && !existing) return { version: 3, sources: [] }
  const source: Source = {
    name: 'default',
    kind: 'postgres',
    tables: [],
    configuration: existing?.configuration ?? DEFAULT_SOURCE_CONFIGURATION,
  }
  return { version: 3, sources: [source] }
}
