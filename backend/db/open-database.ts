import { join } from 'node:path'
import type { Database } from './database.ts'

/**
 * Where PGlite runs: in a worker thread (the default), so that the thread serving HTTP and
 * WebSockets never waits for a statement, or on the calling thread, which saves a message per
 * statement (bench/RESULTS.md, "pglite-thread", measures both).
 */
export type PGliteThread = 'worker' | 'main'

export type DatabaseTarget =
  /**
   * `graphqlConnections`: the most connections GraphQL requests hold at once
   * (HASURA_GRAPHQL_PG_CONNECTIONS); `serviceConnections`: the most every other service holds,
   * LISTEN included (the two are PULSEBOARD_PG_CONNECTIONS split, config/connection-budget.ts);
   * `preparedStatements`: false behind a pooler that moves sessions between connections
   * (HASURA_GRAPHQL_USE_PREPARED_STATEMENTS).
   */
  | { kind: 'postgres'; url: string; graphqlConnections?: number; serviceConnections?: number; preparedStatements?: boolean }
  | { kind: 'pglite'; dataDir: string; thread?: PGliteThread }
  | { kind: 'memory'; thread?: PGliteThread }

/**
 * The one place that picks the implementation. Only the chosen one is loaded: with PGlite in a
 * worker thread, this thread never loads PGlite itself.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return (await import('./postgres-database.ts')).openPostgres(target.url, target)
  const dataDir = target.kind === 'pglite' ? join(target.dataDir, 'pglite') : undefined
  if (target.thread === 'main') return (await import('./pglite-database.ts')).openPGlite({ dataDir })
  return (await import('./pglite-worker-database.ts')).openPGliteInWorker({ dataDir })
}
