import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { isPostgresError, type Database, type Queryable } from '../../backend/db/database.ts'
import { openTestDatabase } from './test-database.ts'

/**
 * A database with the product schema's migrations (nhost/migrations/default) applied, and the rows
 * and error readers the SQL-level product schema tests share.
 */

const root = join(import.meta.dirname, '..', '..')
const migrationsDir = join(root, 'nhost', 'migrations', 'default')

export async function applyProductSchema(db: Queryable): Promise<void> {
  await db.script(readFileSync(join(root, 'backend', 'db', 'system', '10-auth.sql'), 'utf8'))
  // The product's storage migration fills storage.buckets, which Nhost Storage creates.
  await db.script(readFileSync(join(root, 'backend', 'db', 'system', '20-storage.sql'), 'utf8'))
  for (const folder of readdirSync(migrationsDir).sort()) {
    await db.script(readFileSync(join(migrationsDir, folder, 'up.sql'), 'utf8'))
  }
}

/** The calling test file's database (a live binding: set in its beforeAll). */
export let db: Database & { dispose: () => Promise<void> }
let users = 0

/** Registers the test file's hooks: opens the database with the product schema before all, closes it after. */
export function openProductSchemaPerFile(): void {
  beforeAll(async () => {
    db = await openTestDatabase()
    await applyProductSchema(db)
  })
  afterAll(async () => {
    await db?.dispose()
  })
}

export async function newUser(): Promise<string> {
  users += 1
  const { rows } = await db.query<{ id: string }>(`insert into auth.users (locale, email) values ('en', $1) returning id`, [
    `user${users}@example.com`,
  ])
  return rows[0]!.id
}

let workspaces = 0
export async function newWorkspace(owner: string): Promise<string> {
  workspaces += 1
  const { rows } = await db.query<{ id: string }>(`insert into workspaces (name, slug, created_by) values ($1, $2, $3) returning id`, [
    `Workspace ${workspaces}`,
    `ws-${workspaces}`,
    owner,
  ])
  return rows[0]!.id
}

export async function newMetric(workspaceId: string, key = `m${Math.random().toString(36).slice(2, 10)}`): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`insert into metrics (workspace_id, key, name) values ($1, $2, $2) returning id`, [
    workspaceId,
    key,
  ])
  return rows[0]!.id
}

export async function newDashboard(workspaceId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`insert into dashboards (workspace_id, title) values ($1, 'Ops') returning id`, [
    workspaceId,
  ])
  return rows[0]!.id
}

/** The rule a statement breaks, as the UI reads it: SQLSTATE 23514 and `check constraint "<name>"`. */
export async function violation(work: Promise<unknown>): Promise<string> {
  try {
    await work
  } catch (error) {
    if (!isPostgresError(error)) throw error
    expect(error.code, error.message).toBe('23514')
    const name = /check constraint "([a-z0-9_]+)"/.exec(error.message)?.[1]
    expect(name, error.message).toBeDefined()
    return name!
  }
  throw new Error('expected a check violation, the statement succeeded')
}

export async function failure(work: Promise<unknown>): Promise<{ code?: string; message: string; constraint?: string }> {
  try {
    await work
  } catch (error) {
    if (!isPostgresError(error)) throw error
    return { code: error.code, message: error.message, constraint: error.constraint }
  }
  throw new Error('expected an error, the statement succeeded')
}

/** Runs `work` in a transaction as a Hasura mutation would, with `hasura.user` set. */
export function asHasuraUser<T>(userId: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('hasura.user', $1, true)`, [JSON.stringify({ 'x-hasura-role': 'user', 'x-hasura-user-id': userId })])
    return work(tx)
  })
}
