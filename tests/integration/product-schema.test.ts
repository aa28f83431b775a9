import { describe, expect, it } from 'vitest'
import { testDatabaseKind } from '../support/test-database.ts'
import {
  db,
  newUser,
  newWorkspace,
  newMetric,
  newDashboard,
  violation,
  failure,
  asHasuraUser,
  openProductSchemaPerFile,
} from '../support/product-schema-db.ts'

/**
 * The product schema's migrations (nhost/migrations/default) at the SQL level: the CHECKs and
 * triggers of workspaces, their members and metrics, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL.
 */
openProductSchemaPerFile()

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
      const members = await db.query(
        `select role from workspace_members m join workspaces w on w.id = m.workspace_id where w.slug = 'from-session' and m.user_id = $1`,
        [user],
      )
      expect(members.rows).toEqual([{ role: 'owner' }])
    })

    it('requires a creator', async () => {
      expect(await violation(db.query(`insert into workspaces (name, slug) values ('Orphan', 'orphan')`))).toBe(
        'workspaces_created_by_required',
      )
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
        expect(
          await violation(db.query(`insert into workspaces (name, slug, created_by) values ($1, $2, $3)`, [name, `bad-name-${i}`, user])),
        ).toBe('workspaces_name_length')
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
      expect(
        await violation(db.query(`update workspace_members set role = 'owner' where workspace_id = $1 and user_id = $2`, [ws, user])),
      ).toBe('workspace_members_owner_limit')
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
      const error = await failure(
        db.query(`insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'admin')`, [ws, await newUser()]),
      )
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
      await db.query(`insert into workspace_members (workspace_id, user_id) select $1, unnest($2::uuid[])`, [
        ws,
        rows.slice(0, 49).map((r) => r.id),
      ])
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
        await violation(
          db.query(`insert into workspace_members (workspace_id, user_id) select $1, unnest($2::uuid[])`, [ws, rows.map((r) => r.id)]),
        ),
      ).toBe('workspace_members_limit')
    })
  })

  describe('metrics', () => {
    it('checks key, name, unit and description', async () => {
      const ws = await newWorkspace(await newUser())
      const insert = (key: string, name = 'Name', unit = '', description = '') =>
        db.query(`insert into metrics (workspace_id, key, name, unit, description) values ($1, $2, $3, $4, $5)`, [
          ws,
          key,
          name,
          unit,
          description,
        ])
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
        await violation(
          db.query(`insert into metrics (workspace_id, key, name) select $1, 'k' || g, 'n' from generate_series(1, 501) g`, [ws]),
        ),
      ).toBe('metrics_limit')
      await db.query(`insert into metrics (workspace_id, key, name) select $1, 'k' || g, 'n' from generate_series(1, 500) g`, [ws])
      expect(await violation(newMetric(ws, 'one-more'))).toBe('metrics_limit')
    })
  })
})
