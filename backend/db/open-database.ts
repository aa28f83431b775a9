import { join } from 'node:path'
import type { Database } from './database.ts'
import { openPGlite } from './pglite-database.ts'
import { openPostgres } from './postgres-database.ts'

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory' }

/** The one place that picks the implementation. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  switch (target.kind) {
    case 'postgres':
      return openPostgres(target.url)
    case 'pglite':
      return openPGlite({ dataDir: join(target.dataDir, 'pglite') })
    case 'memory':
      return openPGlite({})
  }
}
