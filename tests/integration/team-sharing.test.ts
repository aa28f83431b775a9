import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Sharing (issue 12 item 3): owners share, regenerate and stop sharing a dashboard; POST
 * /v1/functions/share-session trades a link's token for a `share` session that reads that one
 * dashboard, its panels and their series, and stops at once when the link changes.
 */
/** A function's JSON answer as these tests read it (an error body or a result). */
type FunctionBody = { error: { code: string }; accessToken: string; [key: string]: unknown }

let t: StorageTestBackend
let owner: StorageUser
let editor: StorageUser
let dashboardId: string
let otherDashboardId: string
let metricId: string

const newToken = () => randomBytes(32).toString('base64url')
const setToken = (user: StorageUser, id: string, token: string | null) =>
  t.userGraphql(
    user,
    'mutation ($id: uuid!, $t: String) { update_dashboards_by_pk(pk_columns: {id: $id}, _set: {share_token: $t}) { share_token } }',
    { id, t: token },
  )
/** Asks for a new link as the owner; the database makes the token, which the mutation answers. */
const shareAnew = async (id: string): Promise<string> =>
  ((await setToken(owner, id, 'new')).data!.update_dashboards_by_pk as { share_token: string }).share_token
const shareSession = (token: unknown) =>
  fetch(`${t.url}/v1/functions/share-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as FunctionBody }))
const asShare = (accessToken: string, query: string, variables: Record<string, unknown> = {}) =>
  fetch(`${t.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query, variables }),
  }).then(async (r) => (await r.json()) as { data?: Record<string, { id: string }[] | null>; errors?: unknown[] })
const SERIES =
  'query ($m: uuid!, $since: timestamptz!) { metric_series(args: {metric_id: $m, bucket_seconds: 86400, since: $since, aggregation: "avg"}) { value } }'
const SERIES_BETWEEN =
  'query ($m: uuid!, $since: timestamptz!, $until: timestamptz!) { metric_series(args: {metric_id: $m, bucket_seconds: 86400, since: $since, until: $until, aggregation: "avg"}) { value } }'
const since = new Date(Date.now() - 86_400_000).toISOString()

beforeAll(async () => {
  t = await startStorageTestBackend()
  ;[owner, editor] = [await t.signUp('owner@example.com'), await t.signUp('editor@example.com')]
  const lab = await t.createWorkspace(owner, 'lab', [{ user: editor, role: 'editor' }])
  const made = await t.adminGraphql<{ m: { id: string }; d: { id: string }; o: { id: string } }>(
    `mutation ($w: uuid!, $u: uuid!) {
      m: insert_metrics_one(object: {workspace_id: $w, key: "signups", name: "Signups"}) { id }
      d: insert_dashboards_one(object: {workspace_id: $w, title: "Public", created_by: $u}) { id }
      o: insert_dashboards_one(object: {workspace_id: $w, title: "Private", created_by: $u}) { id }
    }`,
    { w: lab, u: owner.id },
  )
  ;[metricId, dashboardId, otherDashboardId] = [made.m.id, made.d.id, made.o.id]
  await t.adminGraphql(
    'mutation ($d: uuid!, $m: uuid!) { insert_panels_one(object: {dashboard_id: $d, metric_id: $m, title: "S", kind: "line", aggregation: "avg", bucket_seconds: 60, position: 0, width: 2}) { id } }',
    { d: dashboardId, m: metricId },
  )
  await t.adminGraphql('mutation ($m: uuid!, $ts: timestamptz!) { insert_points_one(object: {metric_id: $m, ts: $ts, value: 7}) { id } }', {
    m: metricId,
    ts: new Date().toISOString(),
  })
}, 60_000)

afterAll(async () => {
  await t?.stop()
})

describe('sharing a dashboard', () => {
  it('is for owners only', async () => {
    expect(JSON.stringify((await setToken(editor, dashboardId, newToken())).errors)).toContain('dashboards_share_by_owners_only')
  })

  it('gives a share session that reads that dashboard, its panels and series, and nothing else', async () => {
    // The token the client sent is not the one kept: the server makes every link.
    const chosen = newToken()
    const { share_token: token } = (await setToken(owner, dashboardId, chosen)).data!.update_dashboards_by_pk as { share_token: string }
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(token).not.toBe(chosen)
    expect((await shareSession(chosen)).status).toBe(404)
    const session = await shareSession(token)
    expect(session.status).toBe(200)
    expect(session.body).toMatchObject({ accessTokenExpiresIn: 900, dashboard: { id: dashboardId, title: 'Public' } })
    const { accessToken } = session.body as { accessToken: string }
    const read = await asShare(accessToken, '{ dashboards { id panels { title metric { key } } } }')
    expect(read.data).toEqual({ dashboards: [{ id: dashboardId, panels: [{ title: 'S', metric: { key: 'signups' } }] }] })
    const series = await asShare(accessToken, SERIES, { m: metricId, since })
    expect(series, JSON.stringify(series)).toMatchObject({ data: { metric_series: [{ value: 7 }] } })
    // The shared view's custom ranges reach as far as retention: the permission filters by dashboard, not time.
    const yearAgo = new Date(Date.now() - 400 * 86_400_000).toISOString()
    const longRange = await asShare(accessToken, SERIES_BETWEEN, {
      m: metricId,
      since: yearAgo,
      until: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect(longRange, JSON.stringify(longRange)).toMatchObject({ data: { metric_series: [{ value: 7 }] } })
    for (const query of ['{ workspaces { id } }', '{ alert_rules { id } }', '{ points { id } }', '{ users { id } }']) {
      expect((await asShare(accessToken, query)).errors).toBeDefined()
    }
    expect(
      (await asShare(accessToken, '{ dashboards(where: {id: {_neq: "00000000-0000-0000-0000-000000000000"}}) { id } }')).data!.dashboards,
    ).toHaveLength(1)
    expect(
      (
        await asShare(accessToken, 'mutation ($id: uuid!) { update_dashboards_by_pk(pk_columns: {id: $id}, _set: {title: "x"}) { id } }', {
          id: otherDashboardId,
        })
      ).errors,
    ).toBeDefined()
  })

  it('ends every session of the old link when regenerated, and all of them when sharing stops', async () => {
    const first = await shareAnew(dashboardId)
    const old = (await shareSession(first)).body.accessToken as string
    const second = await shareAnew(dashboardId)
    expect(second).not.toBe(first)
    expect((await asShare(old, '{ dashboards { id } }')).data!.dashboards).toEqual([])
    expect((await asShare(old, SERIES, { m: metricId, since })).data!.metric_series).toEqual([])
    expect((await shareSession(first)).body.error.code).toBe('share/link-invalid')
    const current = (await shareSession(second)).body.accessToken as string
    expect((await asShare(current, '{ dashboards { id } }')).data!.dashboards).toHaveLength(1)
    await setToken(owner, dashboardId, null)
    expect((await asShare(current, '{ dashboards { id } }')).data!.dashboards).toEqual([])
    expect((await shareSession(second)).status).toBe(404)
  })

  it('refuses malformed tokens and gives nothing without a session', async () => {
    expect((await shareSession('short')).status).toBe(404)
    expect((await shareSession(undefined)).status).toBe(404)
    const anonymous = await fetch(`${t.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ dashboards { id } }' }),
    })
    expect(((await anonymous.json()) as { errors?: unknown[] }).errors).toBeDefined()
  })
})
