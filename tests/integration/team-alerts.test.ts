import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Alert rules, alerts and their threads (issue 12 item 2) over the real backend: rules written by
 * editors and owners, evaluated by POST /v1/functions/evaluate-alerts in one statement, alerts
 * acknowledged by any member and resolved by editors and owners, threads for members only.
 */
/** A function's JSON answer as these tests read it (an error body or a result). */
type FunctionBody = { error: { code: string }; accessToken: string; [key: string]: unknown }

let t: StorageTestBackend
let owner: StorageUser
let editor: StorageUser
let viewer: StorageUser
let outsider: StorageUser
let metricId: string

const evaluate = (headers: Record<string, string>, body: unknown = {}) =>
  fetch(`${t.url}/v1/functions/evaluate-alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as FunctionBody }))
const asAdmin = { 'x-hasura-admin-secret': '' }

const createRule = (user: StorageUser, rule: Record<string, unknown>) =>
  t.userGraphql(user, 'mutation ($r: alert_rules_insert_input!) { insert_alert_rules_one(object: $r) { id state } }', {
    r: { metric_id: metricId, name: 'High', comparator: 'gt', threshold: 10, window_seconds: 60, for_seconds: 0, ...rule },
  })

const writePoint = (value: number) =>
  t.userGraphql(
    editor,
    'mutation ($m: uuid!, $v: float8!, $ts: timestamptz!) { insert_points_one(object: {metric_id: $m, value: $v, ts: $ts}) { id } }',
    { m: metricId, v: value, ts: new Date().toISOString() },
  )

const ruleState = async (id: string) =>
  (
    await t.adminGraphql<{ alert_rules_by_pk: { state: string; alerts: { id: string; state: string }[] } }>(
      'query ($id: uuid!) { alert_rules_by_pk(id: $id) { state alerts(order_by: {opened_at: asc}) { id state } } }',
      { id },
    )
  ).alert_rules_by_pk

const setAlertState = (user: StorageUser, id: string, state: string) =>
  t.userGraphql(
    user,
    'mutation ($id: uuid!, $s: String!) { update_alerts_by_pk(pk_columns: {id: $id}, _set: {state: $s}) { state acknowledged_by resolved_by } }',
    { id, s: state },
  )

beforeAll(async () => {
  // Workers load the functions in the background; on a loaded machine the first call waits longer
  // than the default limit for them (as in invitation-mail.test.ts).
  t = await startStorageTestBackend({ env: { PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '60000' } })
  asAdmin['x-hasura-admin-secret'] = t.adminSecret
  ;[owner, editor, viewer, outsider] = [
    await t.signUp('owner@example.com'),
    await t.signUp('editor@example.com'),
    await t.signUp('viewer@example.com'),
    await t.signUp('outsider@example.com'),
  ]
  const lab = await t.createWorkspace(owner, 'lab', [
    { user: editor, role: 'editor' },
    { user: viewer, role: 'viewer' },
  ])
  const { insert_metrics_one } = await t.adminGraphql<{ insert_metrics_one: { id: string } }>(
    'mutation ($w: uuid!) { insert_metrics_one(object: {workspace_id: $w, key: "api.latency_ms", name: "Latency"}) { id } }',
    { w: lab },
  )
  metricId = insert_metrics_one.id
}, 400_000)

afterAll(async () => {
  await t?.stop()
})

describe('alert rules', () => {
  it('are written by editors and owners only, within SPEC §5', async () => {
    expect((await createRule(viewer, {})).errors).toBeDefined()
    expect((await createRule(outsider, {})).errors).toBeDefined()
    expect(JSON.stringify((await createRule(editor, { window_seconds: 5 })).errors)).toContain('alert_rules_window_seconds_range')
    expect(JSON.stringify((await createRule(editor, { for_seconds: 86_401 })).errors)).toContain('alert_rules_for_seconds_range')
    expect(JSON.stringify((await createRule(editor, { comparator: 'eq' })).errors)).toContain('alert_rules_comparator_value')
    const made = await createRule(owner, { name: 'Owner rule', enabled: false })
    expect(made.errors).toBeUndefined()
    const seen = (u: StorageUser) => t.userGraphql(u, 'query { alert_rules { id } }').then((a) => (a.data!.alert_rules as unknown[]).length)
    expect(await seen(viewer)).toBeGreaterThan(0)
    expect(await seen(outsider)).toBe(0)
  })
})

describe('evaluation', { timeout: 120_000 }, () => {
  it('is only for the project: no session and user sessions are refused', async () => {
    expect((await evaluate({})).status).toBe(401)
    expect((await evaluate({ authorization: `Bearer ${owner.token}` })).status).toBe(401)
    expect((await t.userGraphql(owner, 'mutation { evaluate_alert_rules { id } }')).errors).toBeDefined()
  })

  it('fires, opens one alert, and resolves it when the condition stops', async () => {
    const rule = (await createRule(editor, {})).data!.insert_alert_rules_one as { id: string }
    const pending = (await createRule(editor, { name: 'Held', for_seconds: 3600 })).data!.insert_alert_rules_one as { id: string }
    const disabled = (await createRule(editor, { name: 'Off', enabled: false })).data!.insert_alert_rules_one as { id: string }
    await writePoint(50)
    expect((await evaluate(asAdmin)).status).toBe(200)
    expect(await ruleState(rule.id)).toMatchObject({ state: 'firing', alerts: [{ state: 'firing' }] })
    expect((await ruleState(pending.id)).state).toBe('pending')
    expect(await ruleState(disabled.id)).toEqual({ state: 'ok', alerts: [] })
    await evaluate(asAdmin)
    expect((await ruleState(rule.id)).alerts).toHaveLength(1)

    // At most one unresolved alert per rule, whoever writes.
    const second = await fetch(`${t.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asAdmin },
      body: JSON.stringify({
        query: 'mutation ($r: uuid!) { insert_alerts_one(object: {rule_id: $r}) { id } }',
        variables: { r: rule.id },
      }),
    })
    expect(JSON.stringify(await second.json())).toContain('alerts_one_unresolved_per_rule')

    await t.userGraphql(editor, 'mutation ($r: uuid!) { update_alert_rules_by_pk(pk_columns: {id: $r}, _set: {threshold: 1000}) { id } }', {
      r: rule.id,
    })
    await evaluate(asAdmin)
    expect(await ruleState(rule.id)).toMatchObject({ state: 'ok', alerts: [{ state: 'resolved' }] })
  })

  it('schedules the five runs between two cron minutes when called with fanOut', async () => {
    const answer = await evaluate(asAdmin, { payload: { fanOut: true }, scheduled_time: new Date().toISOString() })
    expect(answer).toMatchObject({ status: 200, body: { scheduled: 5 } })
    const events = await fetch(`${t.url}/v1/metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asAdmin },
      body: JSON.stringify({ type: 'get_scheduled_events', args: { type: 'one_off' } }),
    })
    const { events: list } = (await events.json()) as { events: { webhook_conf: string }[] }
    expect(list.filter((e) => JSON.stringify(e).includes('evaluate-alerts')).length).toBeGreaterThanOrEqual(5)
  })
})

describe('alerts and threads', () => {
  let alertId: string
  beforeAll(async () => {
    const rule = (await createRule(editor, { name: 'Thread', threshold: -1 })).data!.insert_alert_rules_one as { id: string }
    await writePoint(5)
    await evaluate(asAdmin)
    alertId = (await ruleState(rule.id)).alerts[0]!.id
  })

  it('lets a viewer acknowledge (the server records who) but not resolve; an editor resolves', async () => {
    expect((await setAlertState(outsider, alertId, 'acknowledged')).data!.update_alerts_by_pk).toBeNull()
    const ack = await setAlertState(viewer, alertId, 'acknowledged')
    expect(ack.data!.update_alerts_by_pk).toEqual({ state: 'acknowledged', acknowledged_by: viewer.id, resolved_by: null })
    expect(JSON.stringify((await setAlertState(viewer, alertId, 'resolved')).errors)).toContain('alerts_resolve_by_editors')
    expect((await setAlertState(editor, alertId, 'firing')).errors).toBeDefined()
    expect((await setAlertState(editor, alertId, 'resolved')).data!.update_alerts_by_pk).toMatchObject({
      state: 'resolved',
      resolved_by: editor.id,
    })
    expect(JSON.stringify((await setAlertState(owner, alertId, 'acknowledged')).errors)).toContain('alerts_transition')
  })

  it('lets every member post, with the author set by the server, and nobody else read or post', async () => {
    const post = (u: StorageUser, body: string) =>
      t.userGraphql(
        u,
        'mutation ($a: uuid!, $b: String!) { insert_alert_messages_one(object: {alert_id: $a, body: $b}) { id author_id } }',
        { a: alertId, b: body },
      )
    expect((await post(viewer, 'Looking')).data!.insert_alert_messages_one).toMatchObject({ author_id: viewer.id })
    expect((await post(outsider, 'Hi')).errors).toBeDefined()
    expect(JSON.stringify((await post(viewer, '   ')).errors)).toContain('alert_messages_body_length')
    expect(JSON.stringify((await post(viewer, 'x'.repeat(2001))).errors)).toContain('alert_messages_body_length')
    const read = (u: StorageUser) =>
      t.userGraphql(u, 'query ($a: uuid!) { alert_messages(where: {alert_id: {_eq: $a}}) { body author { displayName } } }', { a: alertId })
    expect(((await read(editor)).data!.alert_messages as unknown[]).length).toBe(1)
    expect((await read(outsider)).data!.alert_messages).toEqual([])
  })
})
