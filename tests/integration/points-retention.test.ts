import { afterAll, beforeAll, expect, it } from 'vitest'
import { stopCronTriggers } from '../support/stop-cron-triggers.ts'
import { startStorageTestBackend, type StorageTestBackend } from '../support/storage-test-backend.ts'

/**
 * SPEC §9's 400-day retention: the cron trigger `retain_points` of the project's metadata calls
 * functions/retain-points.ts with the webhook secret, which deletes the older points.
 */
let t: StorageTestBackend

beforeAll(async () => {
  // Workers load the functions in the background; on a loaded machine the first call waits longer
  // than the default limit for them.
  t = await startStorageTestBackend({ env: { PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '60000' } })
}, 60_000)

afterAll(async () => {
  await t?.stop()
})

it('is scheduled hourly by a cron trigger and deletes points older than 400 days, only with the webhook secret', async () => {
  const exported = await fetch(`${t.url}/v1/metadata`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': t.adminSecret },
    body: JSON.stringify({ type: 'export_metadata', args: {} }),
  })
  const metadata = (await exported.json()) as { cron_triggers?: { name: string; webhook: string; schedule: string }[] }
  expect(metadata.cron_triggers).toContainEqual(
    expect.objectContaining({ name: 'retain_points', webhook: '{{NHOST_FUNCTIONS_URL}}/retain-points', schedule: '17 * * * *' }),
  )
  // Called by hand below: a scheduled run between the insert and the call would delete first.
  await stopCronTriggers(t, ['retain_points'])

  const owner = await t.signUp('ada@example.com')
  const workspaceId = await t.createWorkspace(owner, 'lab')
  const { insert_metrics_one: metric } = await t.adminGraphql<{ insert_metrics_one: { id: string } }>(
    'mutation ($w: uuid!) { insert_metrics_one(object: {workspace_id: $w, key: "temp", name: "Temp"}) { id } }',
    { w: workspaceId },
  )
  const day = 86_400_000
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString()
  await t.adminGraphql('mutation ($p: [points_insert_input!]!) { insert_points(objects: $p) { affected_rows } }', {
    p: [401, 500, 399, 1].map((daysAgo) => ({ metric_id: metric.id, ts: at(daysAgo), value: daysAgo })),
  })
  const call = (secret?: string) =>
    fetch(`${t.url}/v1/functions/retain-points`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret ? { 'x-pulseboard-webhook-secret': secret } : {}) },
      body: '{}',
    })
  expect((await call()).status).toBe(401)
  expect((await call('wrong')).status).toBe(401)
  expect((await call('nhost-webhook-secret')).status).toBe(401)
  const done = await call(t.backend.context.config.webhookSecret)
  expect(done.status).toBe(200)
  expect(await done.json()).toMatchObject({ deleted: 2 })
  const { points } = await t.adminGraphql<{ points: { value: number }[] }>('{ points(order_by: {ts: asc}) { value } }')
  expect(points).toEqual([{ value: 399 }, { value: 1 }])
})
