import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Several metrics per panel and stat thresholds (issue 24 item 3), through the GraphQL API as the
 * app uses it: panel_metrics' rules (at most 5 series, same workspace, each metric once, cascades),
 * who may change a panel's series, what a share link reads of them, and the thresholds' shape.
 */
let t: StorageTestBackend
let owner: StorageUser
let viewer: StorageUser
let workspaceId: string
let dashboardId: string
let panelId: string
let metrics: string[]
let otherWorkspaceMetric: string
let unshownMetric: string
let temporaryMetric: string

const since = new Date(Date.now() - 86_400_000).toISOString()
const SERIES =
  'query ($m: uuid!, $since: timestamptz!) { metric_series(args: {metric_id: $m, bucket_seconds: 86400, since: $since, aggregation: "avg"}) { value } }'
const ADD_SERIES =
  'mutation ($p: uuid!, $m: uuid!, $position: Int!) { insert_panel_metrics_one(object: {panel_id: $p, metric_id: $m, position: $position}) { id } }'
const SET_THRESHOLDS =
  'mutation ($id: uuid!, $steps: jsonb!) { update_panels_by_pk(pk_columns: {id: $id}, _set: {thresholds: $steps}) { thresholds } }'

/** Metrics of a workspace by key, each with one point now (its value given). */
const newMetrics = async (workspace: string, values: Record<string, number>): Promise<Record<string, string>> => {
  const made = await t.adminGraphql<{ m: { returning: { id: string; key: string }[] } }>(
    'mutation ($rows: [metrics_insert_input!]!) { m: insert_metrics(objects: $rows) { returning { id key } } }',
    { rows: Object.keys(values).map((key) => ({ workspace_id: workspace, key, name: key })) },
  )
  const ids = Object.fromEntries(made.m.returning.map((m) => [m.key, m.id]))
  const ts = new Date().toISOString()
  await t.adminGraphql('mutation ($rows: [points_insert_input!]!) { insert_points(objects: $rows) { affected_rows } }', {
    rows: Object.entries(values).map(([key, value]) => ({ metric_id: ids[key], ts, value })),
  })
  return ids
}
const newPanel = async (metricId: string): Promise<string> =>
  (
    await t.adminGraphql<{ p: { id: string } }>(
      'mutation ($d: uuid!, $m: uuid!) { p: insert_panels_one(object: {dashboard_id: $d, metric_id: $m, kind: "line"}) { id } }',
      { d: dashboardId, m: metricId },
    )
  ).p.id
const errorText = (answer: { errors?: unknown[] }) => JSON.stringify(answer.errors ?? null)

beforeAll(async () => {
  t = await startStorageTestBackend()
  ;[owner, viewer] = [await t.signUp('owner@example.com'), await t.signUp('viewer@example.com')]
  workspaceId = await t.createWorkspace(owner, 'lab', [{ user: viewer, role: 'viewer' }])
  const elsewhere = await t.createWorkspace(await t.signUp('other@example.com'), 'elsewhere')
  const ours = await newMetrics(workspaceId, { m0: 1, m1: 2, m2: 3, m3: 4, m4: 5, m5: 6, unshown: 99, temporary: 1 })
  metrics = [0, 1, 2, 3, 4, 5].map((i) => ours[`m${i}`]!)
  ;[unshownMetric, temporaryMetric] = [ours.unshown!, ours.temporary!]
  otherWorkspaceMetric = (await newMetrics(elsewhere, { theirs: 42 })).theirs!
  dashboardId = (
    await t.adminGraphql<{ d: { id: string } }>(
      'mutation ($w: uuid!) { d: insert_dashboards_one(object: {workspace_id: $w, title: "Ops"}) { id } }',
      {
        w: workspaceId,
      },
    )
  ).d.id
  panelId = await newPanel(metrics[0]!)
}, 120_000)

afterAll(async () => {
  await t?.stop()
})

describe('a panel with several series', () => {
  it('takes up to 4 more metrics of its workspace from an editor, each once, and reads them back in order', async () => {
    for (const [i, m] of metrics.slice(1, 5).entries()) {
      const answer = await t.userGraphql(owner, ADD_SERIES, { p: panelId, m, position: i + 1 })
      expect(answer.errors, errorText(answer)).toBeUndefined()
    }
    expect(errorText(await t.userGraphql(owner, ADD_SERIES, { p: panelId, m: metrics[5], position: 5 }))).toContain('panel_metrics_limit')
    const read = await t.userGraphql(
      viewer,
      'query ($id: uuid!) { panels_by_pk(id: $id) { metric { key } series(order_by: {position: asc}) { metric { key } } } }',
      { id: panelId },
    )
    expect(read.data).toEqual({
      panels_by_pk: { metric: { key: 'm0' }, series: ['m1', 'm2', 'm3', 'm4'].map((key) => ({ metric: { key } })) },
    })
  })

  it('is created with its series and thresholds in one request, as the panel form sends it, or not at all', async () => {
    const add = (series: string[]) =>
      t.userGraphql(
        owner,
        `mutation ($d: uuid!, $m: uuid!, $series: [panel_metrics_insert_input!]!, $thresholds: jsonb!) {
          insert_panels_one(object: {dashboard_id: $d, metric_id: $m, kind: "bar", thresholds: $thresholds, series: {data: $series}}) {
            thresholds series(order_by: {position: asc}) { metric { key } }
          }
        }`,
        { d: dashboardId, m: metrics[0], thresholds: [], series: series.map((m, i) => ({ metric_id: m, position: i + 1 })) },
      )
    expect((await add([metrics[2]!, metrics[1]!])).data).toEqual({
      insert_panels_one: { thresholds: [], series: [{ metric: { key: 'm2' } }, { metric: { key: 'm1' } }] },
    })
    expect((await add([])).data).toEqual({ insert_panels_one: { thresholds: [], series: [] } })
    const panels = async () =>
      (
        await t.adminGraphql<{ panels_aggregate: { aggregate: { count: number } } }>(
          'query ($d: uuid!) { panels_aggregate(where: {dashboard_id: {_eq: $d}}) { aggregate { count } } }',
          { d: dashboardId },
        )
      ).panels_aggregate.aggregate.count
    const before = await panels()
    expect(errorText(await add(metrics.slice(1, 6)))).toContain('panel_metrics_limit')
    expect(await panels()).toBe(before)
  })

  it("refuses another workspace's metric, the panel's own metric and a repeated one", async () => {
    const panel = await newPanel(metrics[0]!)
    // The owner is no editor elsewhere: the permission refuses it before the trigger would.
    expect((await t.userGraphql(owner, ADD_SERIES, { p: panel, m: otherWorkspaceMetric, position: 1 })).errors).toBeDefined()
    await expect(t.adminGraphql(ADD_SERIES, { p: panel, m: otherWorkspaceMetric, position: 1 })).rejects.toThrow(
      'panel_metrics_same_workspace',
    )
    expect(errorText(await t.userGraphql(owner, ADD_SERIES, { p: panel, m: metrics[0], position: 1 }))).toContain('panel_metrics_distinct')
    await t.userGraphql(owner, ADD_SERIES, { p: panel, m: metrics[1], position: 1 })
    expect(errorText(await t.userGraphql(owner, ADD_SERIES, { p: panel, m: metrics[1], position: 2 }))).toContain(
      'panel_metrics_panel_id_metric_id_key',
    )
    // Nor may the panel's own metric become one it already shows as another series.
    const swap = await t.userGraphql(
      owner,
      'mutation ($id: uuid!, $m: uuid!) { update_panels_by_pk(pk_columns: {id: $id}, _set: {metric_id: $m}) { id } }',
      {
        id: panel,
        m: metrics[1],
      },
    )
    expect(errorText(swap)).toContain('panel_metrics_distinct')
  })

  it('lets viewers read series but not change them, and goes with its panel or metric', async () => {
    const panel = await newPanel(metrics[0]!)
    expect((await t.userGraphql(viewer, ADD_SERIES, { p: panel, m: metrics[2], position: 1 })).errors).toBeDefined()
    await t.userGraphql(owner, ADD_SERIES, { p: panel, m: metrics[2], position: 1 })
    const removed = await t.userGraphql(
      viewer,
      'mutation ($p: uuid!) { delete_panel_metrics(where: {panel_id: {_eq: $p}}) { affected_rows } }',
      {
        p: panel,
      },
    )
    expect(removed.data).toEqual({ delete_panel_metrics: { affected_rows: 0 } })
    await t.userGraphql(owner, ADD_SERIES, { p: panel, m: temporaryMetric, position: 2 })
    await t.adminGraphql('mutation ($m: uuid!) { delete_metrics_by_pk(id: $m) { id } }', { m: temporaryMetric })
    const count = async () =>
      (
        await t.adminGraphql<{ panel_metrics_aggregate: { aggregate: { count: number } } }>(
          'query ($p: uuid!) { panel_metrics_aggregate(where: {panel_id: {_eq: $p}}) { aggregate { count } } }',
          { p: panel },
        )
      ).panel_metrics_aggregate.aggregate.count
    expect(await count()).toBe(1)
    await t.adminGraphql('mutation ($p: uuid!) { delete_panels_by_pk(id: $p) { id } }', { p: panel })
    expect(await count()).toBe(0)
  })

  it("gives a share link the series of its panels' other metrics, and no other metric", async () => {
    const token = (
      (await t.userGraphql(
        owner,
        'mutation ($id: uuid!) { update_dashboards_by_pk(pk_columns: {id: $id}, _set: {share_token: "new"}) { share_token } }',
        {
          id: dashboardId,
        },
      )) as { data: { update_dashboards_by_pk: { share_token: string } } }
    ).data.update_dashboards_by_pk.share_token
    // The share role as share-session's JWT gives it (team-sharing.test.ts covers that function).
    const asShare = async (query: string, variables: Record<string, unknown> = {}) =>
      (await (
        await fetch(`${t.url}/v1/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-hasura-admin-secret': t.adminSecret,
            'x-hasura-role': 'share',
            'x-hasura-dashboard-id': dashboardId,
            'x-hasura-share-token': token,
          },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as { data?: Record<string, unknown>; errors?: unknown[] }
    const panels = await asShare(
      'query ($p: uuid!) { panels(where: {id: {_eq: $p}}) { series(order_by: {position: asc}) { metric { key last_value } } } }',
      { p: panelId },
    )
    expect(panels.data, JSON.stringify(panels.errors)).toEqual({
      panels: [{ series: [1, 2, 3, 4].map((i) => ({ metric: { key: `m${i}`, last_value: i + 1 } })) }],
    })
    expect((await asShare(SERIES, { m: metrics[3], since })).data).toEqual({ metric_series: [{ value: 4 }] })
    for (const m of [unshownMetric, otherWorkspaceMetric]) {
      expect((await asShare(SERIES, { m, since })).data).toEqual({ metric_series: [] })
      expect((await asShare('query ($m: uuid!) { metrics_by_pk(id: $m) { key } }', { m })).data).toEqual({ metrics_by_pk: null })
    }
    for (const mutation of [ADD_SERIES, 'mutation { delete_panel_metrics(where: {}) { affected_rows } }']) {
      expect((await asShare(mutation, { p: panelId, m: unshownMetric, position: 1 })).errors).toBeDefined()
    }
  })
})

describe('stat thresholds', () => {
  it('keeps up to 5 ascending steps, each a number and a named colour', async () => {
    const steps = [
      { value: 0, colour: 'green' },
      { value: 50.5, colour: 'orange' },
      { value: 90, colour: 'red' },
    ]
    const saved = await t.userGraphql(owner, SET_THRESHOLDS, { id: panelId, steps })
    expect(saved.data).toEqual({ update_panels_by_pk: { thresholds: steps } })
    const colours = ['green', 'blue', 'yellow', 'orange', 'red', 'purple']
    const refused = [
      colours.map((colour, i) => ({ value: i, colour })),
      [
        { value: 10, colour: 'green' },
        { value: 10, colour: 'red' },
      ],
      [
        { value: 10, colour: 'green' },
        { value: 5, colour: 'red' },
      ],
      [{ value: 1, colour: '#ff0000' }],
      [{ value: '1', colour: 'red' }],
      [{ value: 1, colour: 'red', label: 'x' }],
      [{ colour: 'red' }],
      { value: 1, colour: 'red' },
    ]
    for (const bad of refused) {
      expect(errorText(await t.userGraphql(owner, SET_THRESHOLDS, { id: panelId, steps: bad })), JSON.stringify(bad)).toContain(
        'panels_thresholds_valid',
      )
    }
    expect((await t.userGraphql(viewer, 'query ($id: uuid!) { panels_by_pk(id: $id) { thresholds } }', { id: panelId })).data).toEqual({
      panels_by_pk: { thresholds: steps },
    })
  })
})
