import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPostgresError, type Database, type Queryable } from '../../backend/db/database.ts'
import { openTestDatabase, testDatabaseKind } from '../support/test-database.ts'

/**
 * The product schema's migrations (nhost/migrations/default) at the SQL level: every CHECK and
 * trigger, and metric_series, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL.
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
let users = 0

beforeAll(async () => {
  db = await openTestDatabase()
  await applyProductSchema(db)
})
afterAll(async () => {
  await db?.dispose()
})

async function newUser(): Promise<string> {
  users += 1
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (locale, email) values ('en', $1) returning id`,
    [`user${users}@example.com`],
  )
  return rows[0]!.id
}

let workspaces = 0
async function newWorkspace(owner: string): Promise<string> {
  workspaces += 1
  const { rows } = await db.query<{ id: string }>(
    `insert into workspaces (name, slug, created_by) values ($1, $2, $3) returning id`,
    [`Workspace ${workspaces}`, `ws-${workspaces}`, owner],
  )
  return rows[0]!.id
}

async function newMetric(workspaceId: string, key = `m${Math.random().toString(36).slice(2, 10)}`): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into metrics (workspace_id, key, name) values ($1, $2, $2) returning id`,
    [workspaceId, key],
  )
  return rows[0]!.id
}

async function newDashboard(workspaceId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into dashboards (workspace_id, title) values ($1, 'Ops') returning id`,
    [workspaceId],
  )
  return rows[0]!.id
}

/** The rule a statement breaks, as the UI reads it: SQLSTATE 23514 and `check constraint "<name>"`. */
async function violation(work: Promise<unknown>): Promise<string> {
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

async function failure(work: Promise<unknown>): Promise<{ code?: string; message: string; constraint?: string }> {
  try {
    await work
  } catch (error) {
    if (!isPostgresError(error)) throw error
    return { code: error.code, message: error.message, constraint: error.constraint }
  }
  throw new Error('expected an error, the statement succeeded')
}

/** Runs `work` in a transaction as a Hasura mutation would, with `hasura.user` set. */
function asHasuraUser<T>(userId: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('hasura.user', $1, true)`, [
      JSON.stringify({ 'x-hasura-role': 'user', 'x-hasura-user-id': userId }),
    ])
    return work(tx)
  })
}

describe(`product schema on ${testDatabaseKind}`, () => {
  describe('workspaces', () => {
    it('makes the creator its owner', async () => {
      const user = await newUser()
      const ws = await newWorkspace(user)
      const { rows } = await db.query(`select user_id, role from workspace_members where workspace_id = $1`, [ws])
      expect(rows).toEqual([{ user_id: user, role: 'owner' }])
    })

    it('takes created_by from the Hasura session when not given', async () => {
      const user = await newUser()
      const { rows } = await asHasuraUser(user, (tx) =>
        tx.query<{ created_by: string }>(`insert into workspaces (name, slug) values ('Mine', 'from-session') returning created_by`),
      )
      expect(rows[0]!.created_by).toBe(user)
      const members = await db.query(`select role from workspace_members m join workspaces w on w.id = m.workspace_id where w.slug = 'from-session' and m.user_id = $1`, [user])
      expect(members.rows).toEqual([{ role: 'owner' }])
    })

    it('requires a creator', async () => {
      expect(await violation(db.query(`insert into workspaces (name, slug) values ('Orphan', 'orphan')`))).toBe('workspaces_created_by_required')
    })

    it('checks the slug format and length', async () => {
      const user = await newUser()
      for (const slug of ['ab', 'a'.repeat(41), '-abc', 'abc-', 'Abc', 'a_b', 'a b c', 'é-abc']) {
        expect(await violation(db.query(`insert into workspaces (name, slug, created_by) values ('x', $1, $2)`, [slug, user]))).toBe(
          'workspaces_slug_format',
        )
      }
      for (const slug of ['abc', 'a'.repeat(40), 'a-b', '0-9', 'team-42']) {
        await db.query(`insert into workspaces (name, slug, created_by) values ('x', $1, $2)`, [slug, user])
      }
    })

    it('keeps slugs unique', async () => {
      const user = await newUser()
      await db.query(`insert into workspaces (name, slug, created_by) values ('x', 'taken', $1)`, [user])
      const error = await failure(db.query(`insert into workspaces (name, slug, created_by) values ('y', 'taken', $1)`, [user]))
      expect(error.code).toBe('23505')
      expect(error.message).toContain('workspaces_slug_key')
    })

    it('checks the name length after trimming', async () => {
      const user = await newUser()
      for (const [i, name] of ['', '   ', ' \t\n ', 'x'.repeat(81)].entries()) {
        expect(await violation(db.query(`insert into workspaces (name, slug, created_by) values ($1, $2, $3)`, [name, `bad-name-${i}`, user]))).toBe(
          'workspaces_name_length',
        )
      }
      await db.query(`insert into workspaces (name, slug, created_by) values ($1, 'long-name', $2)`, [`  ${'x'.repeat(80)}  `, user])
    })

    it('lets a user own at most 20 workspaces', async () => {
      const user = await newUser()
      await db.query(`insert into workspaces (name, slug, created_by) select 'w', 'own-' || g, $1 from generate_series(1, 20) g`, [user])
      expect(await violation(db.query(`insert into workspaces (name, slug, created_by) values ('w', 'own-21', $1)`, [user]))).toBe(
        'workspace_members_owner_limit',
      )
      // Being made owner of someone else's workspace counts too.
      const other = await newUser()
      const ws = await newWorkspace(other)
      await db.query(`insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'editor')`, [ws, user])
      expect(await violation(db.query(`update workspace_members set role = 'owner' where workspace_id = $1 and user_id = $2`, [ws, user]))).toBe(
        'workspace_members_owner_limit',
      )
    })

    it('deletes everything in it', async () => {
      const user = await newUser()
      const ws = await newWorkspace(user)
      const metric = await newMetric(ws)
      await db.query(`insert into points (metric_id, ts, value) values ($1, now(), 1)`, [metric])
      const dashboard = await newDashboard(ws)
      await db.query(`insert into panels (dashboard_id, metric_id) values ($1, $2)`, [dashboard, metric])
      await db.query(`delete from workspaces where id = $1`, [ws])
      const { rows } = await db.query<{ n: number }>(
        `select ((select count(*) from workspace_members where workspace_id = $1) + (select count(*) from metrics where workspace_id = $1)
          + (select count(*) from points where metric_id = $2) + (select count(*) from dashboards where workspace_id = $1)
          + (select count(*) from panels where dashboard_id = $3))::int as n`,
        [ws, metric, dashboard],
      )
      expect(rows[0]!.n).toBe(0)
    })
  })

  describe('workspace members', () => {
    it('has the three roles as an enum table', async () => {
      const { rows } = await db.query<{ value: string }>(`select value from workspace_roles order by value`)
      expect(rows.map((r) => r.value)).toEqual(['editor', 'owner', 'viewer'])
      const ws = await newWorkspace(await newUser())
      const error = await failure(db.query(`insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'admin')`, [ws, await newUser()]))
      expect(error.code).toBe('23503')
    })

    it('keeps the last owner', async () => {
      const owner = await newUser()
      const ws = await newWorkspace(owner)
      expect(await violation(db.query(`delete from workspace_members where workspace_id = $1 and user_id = $2`, [ws, owner]))).toBe(
        'workspace_members_last_owner',
      )
      expect(await violation(db.query(`update workspace_members set role = 'editor' where workspace_id = $1`, [ws]))).toBe(
        'workspace_members_last_owner',
      )
      // With a second owner, one of them may step down or leave, but not both in one statement.
      const second = await newUser()
      await db.query(`insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'owner')`, [ws, second])
      expect(await violation(db.query(`delete from workspace_members where workspace_id = $1 and role = 'owner'`, [ws]))).toBe(
        'workspace_members_last_owner',
      )
      expect(await violation(db.query(`update workspace_members set role = 'viewer' where workspace_id = $1`, [ws]))).toBe(
        'workspace_members_last_owner',
      )
      await db.query(`update workspace_members set role = 'viewer' where workspace_id = $1 and user_id = $2`, [ws, owner])
      await db.query(`delete from workspace_members where workspace_id = $1 and user_id = $2`, [ws, owner])
      const { rows } = await db.query(`select user_id, role from workspace_members where workspace_id = $1`, [ws])
      expect(rows).toEqual([{ user_id: second, role: 'owner' }])
    })

    it('keeps the last owner when that user is deleted', async () => {
      const owner = await newUser()
      await newWorkspace(owner)
      expect(await violation(db.query(`delete from auth.users where id = $1`, [owner]))).toBe('workspace_members_last_owner')
    })

    it('allows at most 50 members', async () => {
      const owner = await newUser()
      const ws = await newWorkspace(owner)
      const { rows } = await db.query<{ id: string }>(
        `insert into auth.users (locale, email) select 'en', 'bulk' || g || '-' || $1 || '@example.com' from generate_series(1, 50) g returning id`,
        [ws],
      )
      // 49 more fit in one statement (the owner is the 50th) …
      await db.query(`insert into workspace_members (workspace_id, user_id) select $1, unnest($2::uuid[])`, [ws, rows.slice(0, 49).map((r) => r.id)])
      // … and the 51st does not.
      expect(await violation(db.query(`insert into workspace_members (workspace_id, user_id) values ($1, $2)`, [ws, rows[49]!.id]))).toBe(
        'workspace_members_limit',
      )
    })

    it('counts a multi-row insert against the member limit', async () => {
      const ws = await newWorkspace(await newUser())
      const { rows } = await db.query<{ id: string }>(
        `insert into auth.users (locale, email) select 'en', 'many' || g || '-' || $1 || '@example.com' from generate_series(1, 50) g returning id`,
        [ws],
      )
      expect(
        await violation(db.query(`insert into workspace_members (workspace_id, user_id) select $1, unnest($2::uuid[])`, [ws, rows.map((r) => r.id)])),
      ).toBe('workspace_members_limit')
    })
  })

  describe('metrics', () => {
    it('checks key, name, unit and description', async () => {
      const ws = await newWorkspace(await newUser())
      const insert = (key: string, name = 'Name', unit = '', description = '') =>
        db.query(`insert into metrics (workspace_id, key, name, unit, description) values ($1, $2, $3, $4, $5)`, [ws, key, name, unit, description])
      for (const key of ['', 'Signups', '_x', '.x', '-x', 'a b', 'a/b', 'é', 'a'.repeat(65)]) {
        expect(await violation(insert(key)), key).toBe('metrics_key_format')
      }
      for (const key of ['signups', 'api.latency_ms', 'greenhouse.temp_c', '0', 'a-b_c.d', 'a'.repeat(64)]) await insert(key)
      expect(await violation(insert('k1', ' '))).toBe('metrics_name_length')
      expect(await violation(insert('k2', 'n'.repeat(81)))).toBe('metrics_name_length')
      expect(await violation(insert('k3', 'n', 'u'.repeat(17)))).toBe('metrics_unit_length')
      await insert('k4', 'n'.repeat(80), 'u'.repeat(16))
      expect(await violation(insert('k5', 'n', '', 'd'.repeat(1001)))).toBe('metrics_description_length')
    })

    it('keeps keys unique in a workspace only', async () => {
      const user = await newUser()
      const [a, b] = [await newWorkspace(user), await newWorkspace(user)]
      await newMetric(a, 'signups')
      await newMetric(b, 'signups')
      const error = await failure(newMetric(a, 'signups'))
      expect(error.code).toBe('23505')
      expect(error.message).toContain('metrics_workspace_id_key_key')
    })

    it('allows at most 500 per workspace', async () => {
      const ws = await newWorkspace(await newUser())
      expect(
        await violation(db.query(`insert into metrics (workspace_id, key, name) select $1, 'k' || g, 'n' from generate_series(1, 501) g`, [ws])),
      ).toBe('metrics_limit')
      await db.query(`insert into metrics (workspace_id, key, name) select $1, 'k' || g, 'n' from generate_series(1, 500) g`, [ws])
      expect(await violation(newMetric(ws, 'one-more'))).toBe('metrics_limit')
    })
  })

  describe('points', () => {
    let metric: string
    beforeAll(async () => {
      metric = await newMetric(await newWorkspace(await newUser()))
    })

    it('rejects values that are not finite', async () => {
      for (const value of ['NaN', 'Infinity', '-Infinity']) {
        expect(await violation(db.query(`insert into points (metric_id, ts, value) values ($1, now(), $2::float8)`, [metric, value]))).toBe(
          'points_value_finite',
        )
      }
      await db.query(`insert into points (metric_id, ts, value) values ($1, now() - interval '1 hour', 1.7976931348623157e308)`, [metric])
    })

    it('accepts ts from 5 years ago to 1 day ahead', async () => {
      for (const offset of ['-5 years -1 minute', '1 day 1 minute']) {
        expect(
          await violation(db.query(`insert into points (metric_id, ts, value) values ($1, now() + $2::interval, 1)`, [metric, offset])),
        ).toBe('points_ts_window')
      }
      await db.query(`insert into points (metric_id, ts, value) values ($1, now() - interval '5 years' + interval '1 minute', 1)`, [metric])
      await db.query(`insert into points (metric_id, ts, value) values ($1, now() + interval '23 hours', 1)`, [metric])
      // A batch with one bad point is rejected whole.
      expect(
        await violation(
          db.query(`insert into points (metric_id, ts, value) values ($1, now() - interval '3 hours', 1), ($1, now() - interval '6 years', 2)`, [metric]),
        ),
      ).toBe('points_ts_window')
      const { rows } = await db.query(`select 1 from points where metric_id = $1 and ts = now() - interval '3 hours'`, [metric])
      expect(rows).toHaveLength(0)
      // Moving a point out of the window is rejected as well.
      expect(
        await violation(db.query(`update points set ts = ts - interval '10 years' where metric_id = $1`, [metric])),
      ).toBe('points_ts_window')
    })

    it('makes re-sending a point idempotent', async () => {
      const m = await newMetric(await newWorkspace(await newUser()))
      const send = () =>
        db.query(`insert into points (metric_id, ts, value) values ($1, '2026-11-01T10:00:00Z'::timestamptz, 5) on conflict (metric_id, ts) do nothing`, [m])
      expect((await send()).rowCount).toBe(1)
      expect((await send()).rowCount).toBe(0)
      const duplicate = await failure(db.query(`insert into points (metric_id, ts, value) values ($1, '2026-11-01T10:00:00Z', 6)`, [m]))
      expect(duplicate.code).toBe('23505')
      expect(duplicate.message).toContain('points_metric_id_ts_key')
      const { rows } = await db.query(`select value from points where metric_id = $1`, [m])
      expect(rows).toEqual([{ value: 5 }])
    })

    it('keeps last_value and last_ts, moving forward in time only', async () => {
      const m = await newMetric(await newWorkspace(await newUser()))
      const last = async () => (await db.query(`select last_value, to_char(last_ts at time zone 'UTC', 'HH24:MI') as at from metrics where id = $1`, [m])).rows[0]
      expect(await last()).toEqual({ last_value: null, at: null })
      // A batch: the newest point wins, whatever its place in the batch.
      await db.query(
        `insert into points (metric_id, ts, value) values ($1, '2026-11-01T10:00Z', 1), ($1, '2026-11-01T12:00Z', 3), ($1, '2026-11-01T11:00Z', 2)`,
        [m],
      )
      expect(await last()).toEqual({ last_value: 3, at: '12:00' })
      // A backfill of older points leaves it alone.
      await db.query(`insert into points (metric_id, ts, value) values ($1, '2026-11-01T09:00Z', 9)`, [m])
      expect(await last()).toEqual({ last_value: 3, at: '12:00' })
      // A newer point moves it.
      await db.query(`insert into points (metric_id, ts, value) values ($1, '2026-11-01T13:00Z', 4)`, [m])
      expect(await last()).toEqual({ last_value: 4, at: '13:00' })
      // An upsert of the newest point refreshes the value; one of an older point does not.
      await db.query(`insert into points (metric_id, ts, value) values ($1, '2026-11-01T13:00Z', 5) on conflict (metric_id, ts) do update set value = excluded.value`, [m])
      expect(await last()).toEqual({ last_value: 5, at: '13:00' })
      await db.query(`update points set value = 42 where metric_id = $1 and ts = '2026-11-01T10:00Z'`, [m])
      expect(await last()).toEqual({ last_value: 5, at: '13:00' })
      // Re-sending with on conflict do nothing changes nothing.
      await db.query(`insert into points (metric_id, ts, value) values ($1, '2026-11-01T13:00Z', 99) on conflict do nothing`, [m])
      expect(await last()).toEqual({ last_value: 5, at: '13:00' })
      // Points of two metrics in one batch each update their own metric.
      const other = await newMetric(await newWorkspace(await newUser()))
      await db.query(`insert into points (metric_id, ts, value) values ($1, '2026-11-01T14:00Z', 6), ($2, '2026-11-01T15:00Z', 7)`, [m, other])
      expect(await last()).toEqual({ last_value: 6, at: '14:00' })
      const { rows } = await db.query(`select last_value from metrics where id = $1`, [other])
      expect(rows).toEqual([{ last_value: 7 }])
    })
  })

  describe('dashboards and panels', () => {
    it('checks title, description and share token', async () => {
      const ws = await newWorkspace(await newUser())
      expect(await violation(db.query(`insert into dashboards (workspace_id, title) values ($1, ' ')`, [ws]))).toBe('dashboards_title_length')
      expect(await violation(db.query(`insert into dashboards (workspace_id, title) values ($1, $2)`, [ws, 't'.repeat(81)]))).toBe(
        'dashboards_title_length',
      )
      expect(
        await violation(db.query(`insert into dashboards (workspace_id, title, description) values ($1, 't', $2)`, [ws, 'd'.repeat(1001)])),
      ).toBe('dashboards_description_length')
      const dashboard = await newDashboard(ws)
      expect(await violation(db.query(`update dashboards set share_token = 'short' where id = $1`, [dashboard]))).toBe(
        'dashboards_share_token_format',
      )
      const token = Buffer.alloc(32, 7).toString('base64url')
      await db.query(`update dashboards set share_token = $2 where id = $1`, [dashboard, token])
      const other = await newDashboard(ws)
      const error = await failure(db.query(`update dashboards set share_token = $2 where id = $1`, [other, token]))
      expect(error.code).toBe('23505')
    })

    it('moves updated_at on every change, panels included', async () => {
      const ws = await newWorkspace(await newUser())
      const dashboard = await newDashboard(ws)
      const metric = await newMetric(ws)
      const updatedAt = async () => (await db.query<{ t: string }>(`select updated_at::text as t from dashboards where id = $1`, [dashboard])).rows[0]!.t
      const changes = [
        () => db.query(`update dashboards set title = 'Renamed' where id = $1`, [dashboard]),
        () => db.query(`insert into panels (dashboard_id, metric_id) values ($1, $2)`, [dashboard, metric]),
        () => db.query(`update panels set width = 3 where dashboard_id = $1`, [dashboard]),
        () => db.query(`delete from panels where dashboard_id = $1`, [dashboard]),
      ]
      for (const change of changes) {
        // updated_at is now(), the transaction's start: each change runs in its own.
        const before = await updatedAt()
        await db.query(`select pg_sleep(0.002)`)
        await change()
        expect(await updatedAt() > before).toBe(true)
      }
    })

    it('lets only owners share, when a Hasura user session makes the change', async () => {
      const owner = await newUser()
      const editor = await newUser()
      const ws = await newWorkspace(owner)
      await db.query(`insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'editor')`, [ws, editor])
      const dashboard = await newDashboard(ws)
      const token = Buffer.alloc(32, 1).toString('base64url')
      expect(
        await violation(asHasuraUser(editor, (tx) => tx.query(`update dashboards set share_token = $2 where id = $1`, [dashboard, token]))),
      ).toBe('dashboards_share_by_owners_only')
      expect(
        await violation(
          asHasuraUser(editor, (tx) => tx.query(`insert into dashboards (workspace_id, title, share_token) values ($1, 'x', $2)`, [ws, token])),
        ),
      ).toBe('dashboards_share_by_owners_only')
      // Editors still edit everything else.
      await asHasuraUser(editor, (tx) => tx.query(`update dashboards set title = 'Edited' where id = $1`, [dashboard]))
      await asHasuraUser(owner, (tx) => tx.query(`update dashboards set share_token = $2 where id = $1`, [dashboard, token]))
      expect(
        await violation(asHasuraUser(editor, (tx) => tx.query(`update dashboards set share_token = null where id = $1`, [dashboard]))),
      ).toBe('dashboards_share_by_owners_only')
      await asHasuraUser(owner, (tx) => tx.query(`update dashboards set share_token = null where id = $1`, [dashboard]))
      const { rows } = await db.query(`select title, share_token, created_by from dashboards where id = $1`, [dashboard])
      expect(rows).toEqual([{ title: 'Edited', share_token: null, created_by: null }])
    })

    it('checks panel kind, aggregation, bucket, position, width and title', async () => {
      const ws = await newWorkspace(await newUser())
      const dashboard = await newDashboard(ws)
      const metric = await newMetric(ws)
      const insert = (column: string, value: unknown) =>
        db.query(`insert into panels (dashboard_id, metric_id, ${column}) values ($1, $2, $3)`, [dashboard, metric, value])
      const cases: [string, unknown, string][] = [
        ['kind', 'pie', 'panels_kind_valid'],
        ['aggregation', 'median', 'panels_aggregation_valid'],
        ['bucket_seconds', 30, 'panels_bucket_seconds_valid'],
        ['bucket_seconds', 0, 'panels_bucket_seconds_valid'],
        ['position', -1, 'panels_position_valid'],
        ['width', 0, 'panels_width_range'],
        ['width', 5, 'panels_width_range'],
        ['title', 't'.repeat(81), 'panels_title_length'],
      ]
      for (const [column, value, rule] of cases) expect(await violation(insert(column, value)), `${column}=${value}`).toBe(rule)
      for (const kind of ['line', 'bar', 'stat', 'table']) await insert('kind', kind)
      for (const aggregation of ['avg', 'sum', 'min', 'max', 'count', 'last']) await insert('aggregation', aggregation)
      for (const bucket of [10, 60, 300, 900, 3600, 86400]) await insert('bucket_seconds', bucket)
      for (const width of [1, 4]) await insert('width', width)
    })

    it('allows at most 24 panels per dashboard', async () => {
      const ws = await newWorkspace(await newUser())
      const metric = await newMetric(ws)
      const full = await newDashboard(ws)
      expect(
        await violation(db.query(`insert into panels (dashboard_id, metric_id, position) select $1, $2, g from generate_series(0, 24) g`, [full, metric])),
      ).toBe('panels_limit')
      await db.query(`insert into panels (dashboard_id, metric_id, position) select $1, $2, g from generate_series(0, 23) g`, [full, metric])
      expect(await violation(db.query(`insert into panels (dashboard_id, metric_id) values ($1, $2)`, [full, metric]))).toBe('panels_limit')
      // Nor can a panel move onto a full dashboard.
      const other = await newDashboard(ws)
      const { rows } = await db.query<{ id: string }>(`insert into panels (dashboard_id, metric_id) values ($1, $2) returning id`, [other, metric])
      expect(await violation(db.query(`update panels set dashboard_id = $2 where id = $1`, [rows[0]!.id, full]))).toBe('panels_limit')
    })

    it('shows only a metric of the dashboard’s own workspace', async () => {
      const user = await newUser()
      const [mine, theirs] = [await newWorkspace(user), await newWorkspace(await newUser())]
      const dashboard = await newDashboard(mine)
      const foreign = await newMetric(theirs)
      expect(await violation(db.query(`insert into panels (dashboard_id, metric_id) values ($1, $2)`, [dashboard, foreign]))).toBe(
        'panels_metric_same_workspace',
      )
      const { rows } = await db.query<{ id: string }>(`insert into panels (dashboard_id, metric_id) values ($1, $2) returning id`, [
        dashboard,
        await newMetric(mine),
      ])
      expect(await violation(db.query(`update panels set metric_id = $2 where id = $1`, [rows[0]!.id, foreign]))).toBe(
        'panels_metric_same_workspace',
      )
    })

    it('goes with its metric', async () => {
      const ws = await newWorkspace(await newUser())
      const dashboard = await newDashboard(ws)
      const metric = await newMetric(ws)
      await db.query(`insert into panels (dashboard_id, metric_id) values ($1, $2)`, [dashboard, metric])
      await db.query(`delete from metrics where id = $1`, [metric])
      const { rows } = await db.query(`select 1 from panels where dashboard_id = $1`, [dashboard])
      expect(rows).toHaveLength(0)
    })
  })
})
