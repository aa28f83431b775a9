import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPostgresError, type Database, type Queryable } from '../../backend/db/database.ts'
import { openTestDatabase, testDatabaseKind } from '../support/test-database.ts'

/**
 * The product schema's rules under concurrent transactions, which only a real PostgreSQL has
 * (PGlite is one connection): two owners stepping down at once, two members joining the 50th
 * seat at once. The triggers serialise on transaction-scoped advisory locks; without them both
 * transactions would see the other's row unchanged and both would commit.
 */

const root = join(import.meta.dirname, '..', '..')
const migrationsDir = join(root, 'nhost', 'migrations', 'default')

async function applyProductSchema(db: Queryable): Promise<void> {
  await db.script(readFileSync(join(root, 'backend', 'db', 'system', '10-auth.sql'), 'utf8'))
  // The product's storage migration fills storage.buckets, which Nhost Storage creates.
  await db.script(readFileSync(join(root, 'backend', 'db', 'system', '20-storage.sql'), 'utf8'))
  for (const folder of readdirSync(migrationsDir).sort()) {
    await db.script(readFileSync(join(migrationsDir, folder, 'up.sql'), 'utf8'))
  }
}

let db: Database & { dispose: () => Promise<void> }

beforeAll(async () => {
  if (testDatabaseKind !== 'postgres') return
  db = await openTestDatabase()
  await applyProductSchema(db)
})
afterAll(async () => {
  await db?.dispose()
})

async function newUsers(n: number, tag: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (locale, email) select 'en', $1 || g || '@example.com' from generate_series(1, $2::int) g returning id`,
    [tag, n],
  )
  return rows.map((r) => r.id)
}

/**
 * Runs `first` and `second` in two transactions that overlap: `second` starts once `first` has
 * done its work and commits only after `first` committed. Returns how each one ended.
 */
async function overlapping(first: (tx: Queryable) => Promise<unknown>, second: (tx: Queryable) => Promise<unknown>) {
  let firstDone!: () => void
  const firstWorked = new Promise<void>((resolve) => (firstDone = resolve))
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const a = db.transaction(async (tx) => {
    await first(tx)
    firstDone()
    await released
  })
  await firstWorked
  const b = db.transaction(async (tx) => second(tx))
  // Give the second transaction time to reach the lock it must wait on, then let the first commit.
  await new Promise((resolve) => setTimeout(resolve, 200))
  release()
  const [ra, rb] = await Promise.allSettled([a, b])
  const outcome = (r: PromiseSettledResult<unknown>) =>
    r.status === 'fulfilled'
      ? 'committed'
      : isPostgresError(r.reason)
        ? (/check constraint "([a-z0-9_]+)"/.exec(r.reason.message)?.[1] ?? r.reason.message)
        : String(r.reason)
  return [outcome(ra), outcome(rb)]
}

describe.skipIf(testDatabaseKind !== 'postgres')('product schema under concurrent transactions (PostgreSQL)', () => {
  it('keeps an owner when two owners step down at the same time', async () => {
    const [a, b] = await newUsers(2, 'owners')
    const { rows } = await db.query<{ id: string }>(
      `insert into workspaces (name, slug, created_by) values ('Two', 'two-owners', $1) returning id`,
      [a],
    )
    const ws = rows[0]!.id
    await db.query(`insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'owner')`, [ws, b])
    const outcomes = await overlapping(
      (tx) => tx.query(`update workspace_members set role = 'editor' where workspace_id = $1 and user_id = $2`, [ws, a]),
      (tx) => tx.query(`delete from workspace_members where workspace_id = $1 and user_id = $2`, [ws, b]),
    )
    expect(outcomes).toEqual(['committed', 'workspace_members_last_owner'])
    const owners = await db.query(`select user_id from workspace_members where workspace_id = $1 and role = 'owner'`, [ws])
    expect(owners.rows).toEqual([{ user_id: b }])
  })

  it('gives the 50th seat to one of two members joining at the same time', async () => {
    const [owner, ...others] = await newUsers(51, 'seats')
    const { rows } = await db.query<{ id: string }>(
      `insert into workspaces (name, slug, created_by) values ('Full', 'nearly-full', $1) returning id`,
      [owner],
    )
    const ws = rows[0]!.id
    await db.query(`insert into workspace_members (workspace_id, user_id) select $1, unnest($2::uuid[])`, [ws, others.slice(0, 48)])
    const outcomes = await overlapping(
      (tx) => tx.query(`insert into workspace_members (workspace_id, user_id) values ($1, $2)`, [ws, others[48]]),
      (tx) => tx.query(`insert into workspace_members (workspace_id, user_id) values ($1, $2)`, [ws, others[49]]),
    )
    expect(outcomes).toEqual(['committed', 'workspace_members_limit'])
    const count = await db.query<{ n: number }>(`select count(*)::int as n from workspace_members where workspace_id = $1`, [ws])
    expect(count.rows[0]!.n).toBe(50)
  })
})
