import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Dashboard layout (issue 24 item 4) over the real backend: the grid's layout saved in one
 * update_panels_many, duplicate_dashboard and import_dashboard as editors call them, with the
 * 24-panel limit, the height rule, and an import's refusals naming their field.
 */
let t: StorageTestBackend
let editor: StorageUser
let viewer: StorageUser
let outsider: StorageUser
let workspaceId: string
let dashboardId: string

const DUPLICATE = 'mutation ($id: uuid!) { duplicate_dashboard(args: {dashboard_id: $id}) { id title description share_token } }'
const IMPORT = 'mutation ($w: uuid!, $doc: jsonb!) { import_dashboard(args: {workspace_id: $w, document: $doc}) { id title } }'
const PANELS =
  'query ($d: uuid!) { panels(where: {dashboard_id: {_eq: $d}}, order_by: {position: asc}) { title position width height kind aggregation bucket_seconds thresholds metric { name } series(order_by: {position: asc}) { position metric { name } } } }'

const panelDoc = (metric: string, extra: Record<string, unknown> = {}) => ({
  title: '',
  metric,
  kind: 'line',
  aggregation: 'avg',
  bucketSeconds: 60,
  layout: { width: 2, height: 4 },
  ...extra,
})
const importAs = (user: StorageUser, doc: unknown) => t.userGraphql(user, IMPORT, { w: workspaceId, doc })
const firstError = (answer: { errors?: unknown[] }) => (answer.errors?.[0] as { message: string } | undefined)?.message ?? ''
const panelsOf = async (id: string) => (await t.userGraphql(editor, PANELS, { d: id })).data!.panels as Record<string, unknown>[]

beforeAll(async () => {
  t = await startStorageTestBackend()
  ;[editor, viewer, outsider] = [
    await t.signUp('editor@example.com'),
    await t.signUp('viewer@example.com'),
    await t.signUp('out@example.com'),
  ]
  workspaceId = await t.createWorkspace(editor, 'lab', [{ user: viewer, role: 'viewer' }])
  await t.createWorkspace(outsider, 'elsewhere')
  const made = await t.adminGraphql<{ a: { id: string }; b: { id: string }; d: { id: string } }>(
    `mutation ($w: uuid!) {
      a: insert_metrics_one(object: {workspace_id: $w, key: "cpu.load", name: "CPU load"}) { id }
      b: insert_metrics_one(object: {workspace_id: $w, key: "latency", name: "Latency"}) { id }
      d: insert_dashboards_one(object: {workspace_id: $w, title: "Service health", description: "Front door"}) { id }
    }`,
    { w: workspaceId },
  )
  dashboardId = made.d.id
  await t.adminGraphql(
    `mutation ($d: uuid!, $a: uuid!, $b: uuid!) { insert_panels(objects: [
      {dashboard_id: $d, metric_id: $a, title: "Load", position: 0, width: 2, series: {data: [{metric_id: $b}]}},
      {dashboard_id: $d, metric_id: $b, title: "Latency", kind: "stat", aggregation: "last", bucket_seconds: 10, position: 1, width: 1, height: 6,
       thresholds: [{value: 100, colour: "yellow"}, {value: 250, colour: "red"}]}
    ]) { affected_rows } }`,
    { d: dashboardId, a: made.a.id, b: made.b.id },
  )
}, 60_000)

afterAll(async () => {
  await t?.stop()
})

describe('the grid layout', () => {
  it('is saved by an editor in one update_panels_many, heights within 3 to 12 rows', async () => {
    const ids = (
      (await t.userGraphql(editor, `query ($d: uuid!) { panels(where: {dashboard_id: {_eq: $d}}) { id title } }`, { d: dashboardId })).data!
        .panels as { id: string; title: string }[]
    ).reduce<Record<string, string>>((byTitle, p) => ({ ...byTitle, [p.title]: p.id }), {})
    const save = (updates: unknown) =>
      t.userGraphql(editor, 'mutation ($u: [panels_updates!]!) { update_panels_many(updates: $u) { affected_rows } }', { u: updates })
    const tooTall = await save([
      { where: { id: { _eq: ids.Latency } }, _set: { position: 0 } },
      { where: { id: { _eq: ids.Load } }, _set: { position: 1, height: 13 } },
    ])
    expect(firstError(tooTall)).toContain('panels_height_range')
    // Nothing of the refused request was kept.
    expect((await panelsOf(dashboardId)).map((p) => [p.title, p.position, p.height])).toEqual([
      ['Load', 0, 4],
      ['Latency', 1, 6],
    ])
    expect(
      (
        await save([
          { where: { id: { _eq: ids.Latency } }, _set: { position: 0, width: 2, height: 5 } },
          { where: { id: { _eq: ids.Load } }, _set: { position: 1, width: 4, height: 3 } },
        ])
      ).errors,
    ).toBeUndefined()
    expect((await panelsOf(dashboardId)).map((p) => [p.title, p.position, p.width, p.height])).toEqual([
      ['Latency', 0, 2, 5],
      ['Load', 1, 4, 3],
    ])
  })
})

describe('duplicate_dashboard', () => {
  it('copies a dashboard with every panel, its other series and thresholds, " (copy)" after its title, for an editor', async () => {
    const answer = await t.userGraphql(editor, DUPLICATE, { id: dashboardId })
    const [copy] = answer.data!.duplicate_dashboard as { id: string; title: string; description: string; share_token: null }[]
    expect(copy).toMatchObject({ title: 'Service health (copy)', description: 'Front door', share_token: null })
    const original = await panelsOf(dashboardId)
    expect(Object.fromEntries(original.map((p) => [p.title, [p.series, p.thresholds]]))).toEqual({
      Load: [[{ position: 1, metric: { name: 'Latency' } }], []],
      Latency: [
        [],
        [
          { value: 100, colour: 'yellow' },
          { value: 250, colour: 'red' },
        ],
      ],
    })
    expect(await panelsOf(copy!.id)).toEqual(original)
  })

  it('is refused to a viewer and answers nothing to an outsider', async () => {
    expect(firstError(await t.userGraphql(viewer, DUPLICATE, { id: dashboardId }))).toContain('dashboards_created_by_editors')
    expect(firstError(await t.userGraphql(outsider, DUPLICATE, { id: dashboardId }))).toContain('dashboards_created_by_editors')
  })
})

describe('import_dashboard', () => {
  it('creates the dashboard and its panels from a document, metrics found by name', async () => {
    const doc = {
      version: 1,
      title: 'Imported',
      panels: [
        panelDoc('Latency', { title: 'p99', kind: 'bar', aggregation: 'max', layout: { width: 4, height: 8 }, series: ['CPU load'] }),
        panelDoc('CPU load', { kind: 'stat', thresholds: [{ value: 0.9, colour: 'red' }] }),
      ],
    }
    const answer = await importAs(editor, doc)
    const [created] = answer.data!.import_dashboard as { id: string; title: string }[]
    expect(created!.title).toBe('Imported')
    expect(await panelsOf(created!.id)).toEqual([
      {
        title: 'p99',
        position: 0,
        width: 4,
        height: 8,
        kind: 'bar',
        aggregation: 'max',
        bucket_seconds: 60,
        thresholds: [],
        metric: { name: 'Latency' },
        series: [{ position: 1, metric: { name: 'CPU load' } }],
      },
      {
        title: '',
        position: 1,
        width: 2,
        height: 4,
        kind: 'stat',
        aggregation: 'avg',
        bucket_seconds: 60,
        thresholds: [{ value: 0.9, colour: 'red' }],
        metric: { name: 'CPU load' },
        series: [],
      },
    ])
  })

  it('names the first wrong field and keeps nothing of a refused document', async () => {
    const before = (
      (await t.userGraphql(editor, 'query { dashboards_aggregate { aggregate { count } } }')).data!.dashboards_aggregate as {
        aggregate: { count: number }
      }
    ).aggregate.count
    const refusal = async (doc: unknown) => firstError(await importAs(editor, doc)).replace(/^.*"dashboard_import_valid": /, '')
    const doc = (panels: unknown[], extra: Record<string, unknown> = {}) => ({ version: 1, title: 'Bad', panels, ...extra })
    expect(await refusal(doc([panelDoc('CPU load'), panelDoc('CPU load'), panelDoc('CPU load'), panelDoc('cpu')]))).toBe(
      'panels[3].metric: no metric named "cpu" in this workspace',
    )
    expect(await refusal(doc([panelDoc('CPU load', { kind: 'pie' })]))).toBe('panels[0].kind: breaks the rule panels_kind_valid')
    expect(await refusal(doc([panelDoc('CPU load', { layout: { width: 2, height: 2 } })]))).toBe(
      'panels[0].layout.height: breaks the rule panels_height_range',
    )
    expect(await refusal(doc([panelDoc('CPU load', { bucketSeconds: '60' })]))).toBe('panels[0].bucketSeconds: a number is needed')
    expect(await refusal(doc([panelDoc('CPU load', { series: ['Latency', 'Disk'] })]))).toBe(
      'panels[0].series[1]: no metric named "Disk" in this workspace',
    )
    expect(await refusal(doc([panelDoc('CPU load', { series: ['Latency', 'Latency'] })]))).toBe(
      'panels[0].series: breaks the rule panel_metrics_panel_id_metric_id_key',
    )
    expect(await refusal(doc([panelDoc('CPU load', { thresholds: [{ value: 1, colour: 'pink' }] })]))).toBe(
      'panels[0].thresholds: breaks the rule panels_thresholds_valid',
    )
    expect(await refusal(doc([], { version: 2 }))).toBe('version: only version 1 is known')
    expect(await refusal(doc(Array(25).fill(panelDoc('CPU load'))))).toBe('panels: a dashboard has at most 24 panels')
    expect(await refusal(doc([], { title: '' }))).toBe('title: breaks the rule dashboards_title_length')
    const after = (
      (await t.userGraphql(editor, 'query { dashboards_aggregate { aggregate { count } } }')).data!.dashboards_aggregate as {
        aggregate: { count: number }
      }
    ).aggregate.count
    expect(after).toBe(before)
  })

  it('is refused to a viewer and to another workspace’s owner', async () => {
    const doc = { version: 1, title: 'Nope', panels: [panelDoc('CPU load')] }
    expect(firstError(await importAs(viewer, doc))).toContain('dashboards_created_by_editors')
    expect(firstError(await importAs(outsider, doc))).toContain('dashboards_created_by_editors')
  })
})
