import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Database } from '../../backend/db/database.ts'
import { openDatabase, type DatabaseTarget } from '../../backend/db/open-database.ts'

/**
 * Tests run against an in-memory PGlite, or, when TEST_DATABASE_URL points at a PostgreSQL
 * server (CI does this), against a fresh database created on it for each call and dropped after.
 */
export async function createTestDatabaseTarget(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return { target: { kind: 'memory' }, drop: async () => {} }
  const name = `pulseboard_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'

export async function openTestDatabase(): Promise<Database & { dispose: () => Promise<void> }> {
  const { target, drop } = await createTestDatabaseTarget()
  const db = await openDatabase(target)
  return Object.assign(db, {
    dispose: async () => {
      await db.close()
      await drop()
    },
  })
}
