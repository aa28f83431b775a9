import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopCronTriggers } from '../support/stop-cron-triggers.ts'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Alerts that reach people (issue 24 item 5) over the real backend: notification channels checked
 * by the database, deliveries queued by evaluate_alert_rules() when an alert fires or resolves and
 * sent by POST /v1/functions/evaluate-alerts to a real HTTP server and to the development outbox,
 * retried after a failure, sent once by two runs at a time; silences and the `no_data` state.
 */
interface WebhookCall {
  path: string
  body: { text: string; alert: { id: string; event: string; rule: string; metric: string; value: number; url: string } }
}

let t: StorageTestBackend
let owner: StorageUser
let editor: StorageUser
let viewer: StorageUser
let outsider: StorageUser
let workspaceId: string
let metricId: string
let receiver: Server
let receiverUrl: string
const calls: WebhookCall[] = []
/** How many more times /flaky answers 503 before it takes a call. */
let flakyFailuresLeft = 0

const evaluate = () =>
  fetch(`${t.url}/v1/functions/evaluate-alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': t.adminSecret },
    body: '{}',
  }).then(async (r) => {
    const body = (await r.json()) as { changed: number; delivered: number; failed: number }
    expect(r.status, JSON.stringify(body)).toBe(200)
    return body
  })

const addChannel = (user: StorageUser, channel: Record<string, unknown>, workspace = workspaceId) =>
  t.userGraphql(user, 'mutation ($c: notification_channels_insert_input!) { insert_notification_channels_one(object: $c) { id } }', {
    c: { workspace_id: workspace, name: 'Team', ...channel },
  })

const createRule = async (rule: Record<string, unknown>) => {
  const answer = await t.userGraphql(editor, 'mutation ($r: alert_rules_insert_input!) { insert_alert_rules_one(object: $r) { id } }', {
    r: { metric_id: metricId, name: 'High latency', comparator: 'gt', threshold: 10, window_seconds: 600, for_seconds: 0, ...rule },
  })
  expect(answer.errors).toBeUndefined()
  return (answer.data!.insert_alert_rules_one as { id: string }).id
}

const writePoint = (value: number) =>
  t.adminGraphql(
    'mutation ($m: uuid!, $v: float8!, $ts: timestamptz!) { insert_points_one(object: {metric_id: $m, value: $v, ts: $ts}) { id } }',
    {
      m: metricId,
      v: value,
      ts: new Date().toISOString(),
    },
  )
const setRule = (id: string, set: Record<string, unknown>) =>
  t.userGraphql(
    editor,
    'mutation ($id: uuid!, $s: alert_rules_set_input!) { update_alert_rules_by_pk(pk_columns: {id: $id}, _set: $s) { id } }',
    {
      id,
      s: set,
    },
  )

interface Delivery {
  id: string
  event: string
  status: string
  attempts: number
  response_code: number | null
  last_error: string | null
  next_attempt_at: string
  channel: { name: string }
}
const deliveriesOf = async (ruleId: string) =>
  (
    await t.adminGraphql<{ alert_deliveries: Delivery[] }>(
      `query ($r: uuid!) { alert_deliveries(where: {alert: {rule_id: {_eq: $r}}}, order_by: [{created_at: asc}, {channel: {name: asc}}]) {
        id event status attempts response_code last_error next_attempt_at channel { name } } }`,
      { r: ruleId },
    )
  ).alert_deliveries
const ruleState = async (id: string) =>
  (
    await t.adminGraphql<{ alert_rules_by_pk: { state: string; alerts: { id: string; state: string }[] } }>(
      'query ($id: uuid!) { alert_rules_by_pk(id: $id) { state alerts(order_by: {opened_at: asc}) { id state } } }',
      { id },
    )
  ).alert_rules_by_pk
const outbox = (to: string) =>
  fetch(`${t.url}/auth/v1/_dev/outbox?to=${encodeURIComponent(to)}`, { headers: { 'x-hasura-admin-secret': t.adminSecret } })
    .then((r) => r.json() as Promise<{ messages: { subject: string; template: string; data: { link?: string } }[] }>)
    .then((answer) => answer.messages.filter((m) => m.template === 'alert'))
/** Time passing for the retries: every pending delivery is due now. */
const makeRetriesDue = () =>
  t.adminGraphql(
    'mutation { update_alert_deliveries(where: {status: {_eq: "pending"}}, _set: {next_attempt_at: "2000-01-01T00:00:00Z"}) { affected_rows } }',
  )
const deleteChannels = () => t.adminGraphql('mutation { delete_notification_channels(where: {}) { affected_rows } }')
const deletePoints = () =>
  t.adminGraphql('mutation ($m: uuid!) { delete_points(where: {metric_id: {_eq: $m}}) { affected_rows } }', { m: metricId })
const deleteRules = () => t.adminGraphql('mutation { delete_alert_rules(where: {}) { affected_rows } }')

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      if (req.url === '/flaky' && flakyFailuresLeft > 0) {
        flakyFailuresLeft -= 1
        res.writeHead(503).end('busy')
        return
      }
      calls.push({ path: req.url ?? '', body: JSON.parse(text) as WebhookCall['body'] })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`

  // Workers load the functions in the background; on a loaded machine the first calls wait longer
  // than the default limit for them.
  t = await startStorageTestBackend({ env: { PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '60000' } })
  // The tests call evaluate-alerts and retain-points themselves and count what each call sends.
  await stopCronTriggers(t, ['evaluate-alerts', 'retain_points'])
  ;[owner, editor, viewer, outsider] = [
    await t.signUp('owner@example.com'),
    await t.signUp('editor@example.com'),
    await t.signUp('viewer@example.com'),
    await t.signUp('outsider@example.com'),
  ]
  workspaceId = await t.createWorkspace(owner, 'lab', [
    { user: editor, role: 'editor' },
    { user: viewer, role: 'viewer' },
  ])
  const { insert_metrics_one } = await t.adminGraphql<{ insert_metrics_one: { id: string } }>(
    'mutation ($w: uuid!) { insert_metrics_one(object: {workspace_id: $w, key: "api.latency_ms", name: "Latency", unit: "ms"}) { id } }',
    { w: workspaceId },
  )
  metricId = insert_metrics_one.id
}, 420_000)

afterAll(async () => {
  await t?.stop()
  receiver?.close()
})

describe('notification channels', () => {
  it('are read and written by editors and owners only, and checked by the database', async () => {
    expect((await addChannel(viewer, { kind: 'webhook', url: `${receiverUrl}/x` })).errors).toBeDefined()
    expect((await addChannel(outsider, { kind: 'webhook', url: `${receiverUrl}/x` })).errors).toBeDefined()
    const rejected = async (channel: Record<string, unknown>, rule: string) =>
      expect(JSON.stringify((await addChannel(editor, channel)).errors)).toContain(rule)
    await rejected({ kind: 'webhook', url: 'ftp://example.com/hook' }, 'notification_channels_url_format')
    await rejected({ kind: 'webhook', url: 'javascript:alert(1)' }, 'notification_channels_url_format')
    await rejected({ kind: 'webhook', url: `https://example.com/${'a'.repeat(2000)}` }, 'notification_channels_url_format')
    await rejected({ kind: 'email', recipients: 'not-an-address' }, 'notification_channels_recipients_format')
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@example.com`).join(', ')
    await rejected({ kind: 'email', recipients: eleven }, 'notification_channels_recipients_format')
    await rejected({ kind: 'email', url: `${receiverUrl}/x` }, 'notification_channels_target')
    await rejected({ kind: 'sms', recipients: 'a@example.com' }, 'notification_channels_kind_value')
    await rejected({ kind: 'webhook', url: `${receiverUrl}/x`, name: ' ' }, 'notification_channels_name_length')

    const made = await addChannel(owner, { kind: 'email', recipients: 'a@example.com, b@example.com' })
    expect(made.errors).toBeUndefined()
    const seen = (u: StorageUser) =>
      t.userGraphql(u, 'query { notification_channels { id recipients } }').then((a) => a.data!.notification_channels)
    expect(await seen(editor)).toEqual([{ id: expect.any(String), recipients: 'a@example.com, b@example.com' }])
    // A webhook URL is a secret and addresses are personal: viewers do not read channels.
    expect(await seen(viewer)).toEqual([])
    expect(await seen(outsider)).toEqual([])
    const id = (made.data!.insert_notification_channels_one as { id: string }).id
    const disable = (u: StorageUser) =>
      t.userGraphql(
        u,
        'mutation ($id: uuid!) { update_notification_channels_by_pk(pk_columns: {id: $id}, _set: {enabled: false}) { id } }',
        { id },
      )
    expect((await disable(viewer)).data?.update_notification_channels_by_pk ?? null).toBeNull()
    expect((await disable(editor)).data!.update_notification_channels_by_pk).toEqual({ id })
    await deleteChannels()
  })

  it('number at most 20 per workspace', async () => {
    for (let i = 0; i < 20; i += 1)
      expect((await addChannel(editor, { kind: 'webhook', url: `${receiverUrl}/${i}` })).errors).toBeUndefined()
    expect(JSON.stringify((await addChannel(editor, { kind: 'webhook', url: `${receiverUrl}/21` })).errors)).toContain(
      'notification_channels_per_workspace',
    )
    await deleteChannels()
  })
})

describe('deliveries', { timeout: 300_000 }, () => {
  it('tell a webhook and an email channel when an alert fires and resolves, retrying a failing webhook', async () => {
    await addChannel(editor, { name: 'a-hook', kind: 'webhook', url: `${receiverUrl}/hook` })
    await addChannel(editor, { name: 'b-flaky', kind: 'webhook', url: `${receiverUrl}/flaky` })
    await addChannel(editor, { name: 'c-mail', kind: 'email', recipients: 'oncall@example.com, Lead@Example.com' })
    await addChannel(editor, { name: 'd-off', kind: 'webhook', url: `${receiverUrl}/off`, enabled: false })
    flakyFailuresLeft = 2
    const rule = await createRule({})
    await writePoint(50)

    expect(await evaluate()).toMatchObject({ changed: 1, delivered: 2, failed: 1 })
    const alertId = (await ruleState(rule)).alerts[0]!.id
    const hook = calls.filter((c) => c.path === '/hook')
    expect(hook).toHaveLength(1)
    expect(hook[0]!.body.text).toContain('Firing: High latency (api.latency_ms avg 50 ms over 600 s, threshold > 10 ms)')
    expect(hook[0]!.body.alert).toMatchObject({ id: alertId, event: 'firing', rule: 'High latency', metric: 'api.latency_ms', value: 50 })
    expect(hook[0]!.body.alert.url).toMatch(new RegExp(`/w/lab/alerts/${alertId}$`))
    for (const address of ['oncall@example.com', 'lead@example.com']) {
      const mails = await outbox(address)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.subject).toContain('Firing: High latency')
      expect(mails[0]!.data.link).toMatch(new RegExp(`/w/lab/alerts/${alertId}$`))
    }
    expect(calls.filter((c) => c.path === '/off')).toHaveLength(0)

    // The flaky webhook: attempt 1 failed with 503 and waits its backoff; a run before then sends nothing.
    let flaky = (await deliveriesOf(rule)).find((d) => d.channel.name === 'b-flaky')!
    expect(flaky).toMatchObject({ status: 'pending', attempts: 1, response_code: 503 })
    expect(flaky.last_error).toContain('503')
    expect(Date.parse(flaky.next_attempt_at)).toBeGreaterThan(Date.now() + 5_000)
    expect(await evaluate()).toMatchObject({ delivered: 0, failed: 0 })
    await makeRetriesDue()
    expect(await evaluate()).toMatchObject({ delivered: 0, failed: 1 })
    await makeRetriesDue()
    expect(await evaluate()).toMatchObject({ delivered: 1, failed: 0 })
    flaky = (await deliveriesOf(rule)).find((d) => d.channel.name === 'b-flaky')!
    expect(flaky).toMatchObject({ status: 'delivered', attempts: 3, response_code: 200, last_error: null })
    expect(calls.filter((c) => c.path === '/flaky')).toHaveLength(1)

    await setRule(rule, { threshold: 1000 })
    expect(await evaluate()).toMatchObject({ changed: 1, delivered: 3, failed: 0 })
    expect(calls.filter((c) => c.path === '/hook').map((c) => c.body.alert.event)).toEqual(['firing', 'resolved'])
    expect((await outbox('oncall@example.com'))[0]!.subject).toContain('Resolved: High latency')
    expect((await deliveriesOf(rule)).map((d) => [d.event, d.channel.name, d.status])).toEqual([
      ['firing', 'a-hook', 'delivered'],
      ['firing', 'b-flaky', 'delivered'],
      ['firing', 'c-mail', 'delivered'],
      ['resolved', 'a-hook', 'delivered'],
      ['resolved', 'b-flaky', 'delivered'],
      ['resolved', 'c-mail', 'delivered'],
    ])
    const log = (u: StorageUser) =>
      t.userGraphql(u, 'query { alert_deliveries { id } }').then((a) => (a.data!.alert_deliveries as unknown[]).length)
    expect(await log(editor)).toBe(6)
    expect(await log(viewer)).toBe(0)
    expect(await log(outsider)).toBe(0)
    await deleteRules()
    await deletePoints()
  })

  it('give up after the fifth failed attempt', async () => {
    flakyFailuresLeft = 100
    const rule = await createRule({ name: 'Always failing' })
    await writePoint(50)
    await evaluate()
    for (let attempt = 2; attempt <= 6; attempt += 1) {
      await makeRetriesDue()
      await evaluate()
    }
    const flaky = (await deliveriesOf(rule)).find((d) => d.channel.name === 'b-flaky')!
    expect(flaky).toMatchObject({ status: 'failed', attempts: 5, response_code: 503 })
    expect(flakyFailuresLeft).toBe(95)
    flakyFailuresLeft = 0
    await deleteRules()
    await deletePoints()
  })

  it('are given up, not sent, when their channel is turned off before they go out', async () => {
    flakyFailuresLeft = 100
    const rule = await createRule({ name: 'Turned off' })
    await writePoint(50)
    await evaluate()
    expect((await deliveriesOf(rule)).find((d) => d.channel.name === 'b-flaky')).toMatchObject({ status: 'pending', attempts: 1 })
    const turn = (enabled: boolean) =>
      t.userGraphql(
        editor,
        'mutation ($on: Boolean!) { update_notification_channels(where: {name: {_eq: "b-flaky"}}, _set: {enabled: $on}) { affected_rows } }',
        {
          on: enabled,
        },
      )
    await turn(false)
    await makeRetriesDue()
    await evaluate()
    expect((await deliveriesOf(rule)).find((d) => d.channel.name === 'b-flaky')).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'not sent: the channel was turned off',
    })
    expect(flakyFailuresLeft).toBe(99)
    flakyFailuresLeft = 0
    await turn(true)
    await deleteRules()
    await deletePoints()
  })

  it('are deleted by the hourly retention job once 90 days old', async () => {
    const rule = await createRule({ name: 'Old news' })
    await writePoint(50)
    await evaluate()
    const hook = (await deliveriesOf(rule)).find((d) => d.channel.name === 'a-hook')!
    await t.adminGraphql(
      'mutation ($id: uuid!, $at: timestamptz!) { update_alert_deliveries_by_pk(pk_columns: {id: $id}, _set: {created_at: $at}) { id } }',
      {
        id: hook.id,
        at: new Date(Date.now() - 91 * 86_400_000).toISOString(),
      },
    )
    const retention = await fetch(`${t.url}/v1/functions/retain-points`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pulseboard-webhook-secret': t.backend.context.config.webhookSecret },
      body: '{}',
    })
    expect(retention.status).toBe(200)
    expect(await retention.json()).toMatchObject({ deletedDeliveries: 1 })
    expect((await deliveriesOf(rule)).map((d) => d.channel.name)).toEqual(['b-flaky', 'c-mail'])
    await deleteRules()
    await deletePoints()
  })

  it('are sent once when two runs overlap', async () => {
    const before = calls.length
    await createRule({ name: 'Raced' })
    await writePoint(50)
    const runs = await Promise.all([evaluate(), evaluate(), evaluate()])
    expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(3)
    const raced = calls.slice(before).filter((c) => c.body.alert.rule === 'Raced')
    expect(raced.map((c) => c.path).sort()).toEqual(['/flaky', '/hook'])
    await deleteRules()
    await deletePoints()
  })
})

describe('silences', { timeout: 300_000 }, () => {
  it('keep a rule evaluating but send nothing until their end', async () => {
    const rule = await createRule({ name: 'Silenced', silenced_until: undefined })
    expect((await setRule(rule, { silenced_until: new Date(Date.now() + 3_600_000).toISOString() })).errors).toBeUndefined()
    expect(
      (
        await t.userGraphql(
          viewer,
          'mutation ($id: uuid!) { update_alert_rules_by_pk(pk_columns: {id: $id}, _set: {silenced_until: null}) { id } }',
          { id: rule },
        )
      ).data?.update_alert_rules_by_pk ?? null,
    ).toBeNull()
    await writePoint(50)
    await evaluate()
    expect(await ruleState(rule)).toMatchObject({ state: 'firing', alerts: [{ state: 'firing' }] })
    expect(await deliveriesOf(rule)).toEqual([])

    // The silence ends: the resolution is told.
    await setRule(rule, { silenced_until: new Date(Date.now() - 1000).toISOString(), threshold: 1000 })
    await evaluate()
    expect((await deliveriesOf(rule)).map((d) => [d.event, d.status])).toEqual([
      ['resolved', 'delivered'],
      ['resolved', 'delivered'],
      ['resolved', 'delivered'],
    ])
    await deleteRules()
    await deletePoints()
  })
})

describe('no data', { timeout: 300_000 }, () => {
  it('is the state of a rule whose window has no points; it keeps an open alert open and tells nobody', async () => {
    const quiet = await createRule({ name: 'Quiet' })
    await evaluate()
    expect(await ruleState(quiet)).toEqual({ state: 'no_data', alerts: [] })

    await writePoint(50)
    await evaluate()
    expect((await ruleState(quiet)).state).toBe('firing')
    await deletePoints()
    await evaluate()
    expect(await ruleState(quiet)).toMatchObject({ state: 'no_data', alerts: [{ state: 'firing' }] })
    expect((await deliveriesOf(quiet)).map((d) => d.event)).toEqual(['firing', 'firing', 'firing'])

    // Data again, above the threshold: the same alert, no second firing notice.
    await writePoint(60)
    await evaluate()
    expect(await ruleState(quiet)).toMatchObject({ state: 'firing', alerts: [{ state: 'firing' }] })
    expect(await deliveriesOf(quiet)).toHaveLength(3)
  })
})
