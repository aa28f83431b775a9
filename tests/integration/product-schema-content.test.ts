import { beforeAll, describe, expect, it } from 'vitest'
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
 * The product schema at the SQL level, continued: points (and metric_series), dashboards and panels.
 */
openProductSchemaPerFile()

describe(`product schema on ${testDatabaseKind}`, () => {
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
          db.query(
            `insert into points (metric_id, ts, value) values ($1, now() - interval '3 hours', 1), ($1, now() - interval '6 years', 2)`,
            [metric],
          ),
        ),
      ).toBe('points_ts_window')
      const { rows } = await db.query(`select 1 from points where metric_id = $1 and ts = now() - interval '3 hours'`, [metric])
      expect(rows).toHaveLength(0)
      // Moving a point out of the window is rejected as well.
      expect(await violation(db.query(`update points set ts = ts - interval '10 years' where metric_id = $1`, [metric]))).toBe(
        'points_ts_window',
      )
    })

    it('makes re-sending a point idempotent', async () => {
      const m = await newMetric(await newWorkspace(await newUser()))
      const send = () =>
        db.query(
          `insert into points (metric_id, ts, value) values ($1, '2026-11-01T10:00:00Z'::timestamptz, 5) on conflict (metric_id, ts) do nothing`,
          [m],
        )
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
      const last = async () =>
        (await db.query(`select last_value, to_char(last_ts at time zone 'UTC', 'HH24:MI') as at from metrics where id = $1`, [m])).rows[0]
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
      await db.query(
        `insert into points (metric_id, ts, value) values ($1, '2026-11-01T13:00Z', 5) on conflict (metric_id, ts) do update set value = excluded.value`,
        [m],
      )
      expect(await last()).toEqual({ last_value: 5, at: '13:00' })
      await db.query(`update points set value = 42 where metric_id = $1 and ts = '2026-11-01T10:00Z'`, [m])
      expect(await last()).toEqual({ last_value: 5, at: '13:00' })
      // Re-sending with on conflict do nothing changes nothing.
      await db.query(`insert into points (metric_id, ts, value) values ($1, '2026-11-01T13:00Z', 99) on conflict do nothing`, [m])
      expect(await last()).toEqual({ last_value: 5, at: '13:00' })
      // Points of two metrics in one batch each update their own metric.
      const other = await newMetric(await newWorkspace(await newUser()))
      await db.query(`insert into points (metric_id, ts, value) values ($1, '2026-11-01T14:00Z', 6), ($2, '2026-11-01T15:00Z', 7)`, [
        m,
        other,
      ])
      expect(await last()).toEqual({ last_value: 6, at: '14:00' })
      const { rows } = await db.query(`select last_value from metrics where id = $1`, [other])
      expect(rows).toEqual([{ last_value: 7 }])
    })
  })

  describe('dashboards and panels', () => {
    it('checks title, description and share token', async () => {
      const ws = await newWorkspace(await newUser())
      expect(await violation(db.query(`insert into dashboards (workspace_id, title) values ($1, ' ')`, [ws]))).toBe(
        'dashboards_title_length',
      )
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
      const updatedAt = async () =>
        (await db.query<{ t: string }>(`select updated_at::text as t from dashboards where id = $1`, [dashboard])).rows[0]!.t
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
        expect((await updatedAt()) > before).toBe(true)
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
          asHasuraUser(editor, (tx) =>
            tx.query(`insert into dashboards (workspace_id, title, share_token) values ($1, 'x', $2)`, [ws, token]),
          ),
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
        await violation(
          db.query(`insert into panels (dashboard_id, metric_id, position) select $1, $2, g from generate_series(0, 24) g`, [full, metric]),
        ),
      ).toBe('panels_limit')
      await db.query(`insert into panels (dashboard_id, metric_id, position) select $1, $2, g from generate_series(0, 23) g`, [
        full,
        metric,
      ])
      expect(await violation(db.query(`insert into panels (dashboard_id, metric_id) values ($1, $2)`, [full, metric]))).toBe('panels_limit')
      // Nor can a panel move onto a full dashboard.
      const other = await newDashboard(ws)
      const { rows } = await db.query<{ id: string }>(`insert into panels (dashboard_id, metric_id) values ($1, $2) returning id`, [
        other,
        metric,
      ])
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
