import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseTarget } from '../../backend/db/open-database.ts'
import { createLogger } from '../../backend/lib/logger.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import { createTestDatabaseTarget, testDatabaseKind } from '../support/test-database.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'

/**
 * Cron triggers, one-off scheduled events, a restart in the middle of a retry, and two backends
 * sharing one PostgreSQL. Backends here are started directly, so that two can share a database
 * and one can be stopped and started again over the same data.
 */
const ADMIN_SECRET = 'scheduled-triggers-test-secret'
let hook: WebhookReceiver
let dataDir: string
let target: DatabaseTarget
let drop: () => Promise<void>
const running: RunningBackend[] = []

async function start(): Promise<RunningBackend> {
  const backend = await startBackend({
    projectDir: dataDir,
    env: {
      PORT: '0',
      PULSEBOARD_DATA_DIR: dataDir,
      HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET,
      HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL: '200',
    },
    database: target,
    log: createLogger('silent'),
  })
  running.push(backend)
  return backend
}

async function stop(backend: RunningBackend): Promise<void> {
  running.splice(running.indexOf(backend), 1)
  await backend.stop()
}

async function admin(backend: RunningBackend, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
    body: JSON.stringify(body),
  })
  const json = await response.json()
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

const runSql = (backend: RunningBackend, sql: string) => admin(backend, '/v2/query', { type: 'run_sql', args: { sql } })

beforeAll(async () => {
  hook = await startWebhookReceiver()
  dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-scheduled-'))
  const created = await createTestDatabaseTarget()
  target = created.target.kind === 'memory' ? { kind: 'pglite', dataDir } : created.target
  drop = created.drop
})

afterAll(async () => {
  for (const backend of [...running]) await stop(backend)
  await hook?.close()
  await drop?.()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('scheduled triggers', () => {
  it('schedules cron events, delivers a due one with Hasura payload, and refuses a bad expression', async () => {
    const backend = await start()
    await admin(backend, '/v1/metadata', {
      type: 'create_cron_trigger',
      args: {
        name: 'every_minute',
        webhook: `${hook.url}/cron`,
        schedule: '* * * * *',
        payload: { k: 'v' },
        include_in_metadata: true,
        comment: 'c',
        headers: [{ name: 'x-h', value: '1' }],
      },
    })
    const { events, count } = await admin(backend, '/v1/metadata', {
      type: 'get_scheduled_events',
      args: { type: 'cron', trigger_name: 'every_minute', get_rows_count: true, limit: 2 },
    })
    expect(count).toBe(100)
    expect(events).toHaveLength(2)
    // Make the first event due now rather than wait for the minute to turn.
    await runSql(
      backend,
      `UPDATE hdb_catalog.hdb_cron_events SET scheduled_time = date_trunc('second', now()) WHERE id = '${events[0].id}'`,
    )
    const [call] = await hook.waitFor((c) => c.path === '/cron')
    expect(call!.headers['x-h']).toBe('1')
    expect(call!.body).toMatchObject({ id: events[0].id, name: 'every_minute', payload: { k: 'v' }, comment: 'c' })
    expect(call!.body.scheduled_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    const bad = await fetch(`${backend.url}/v1/metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body: JSON.stringify({
        type: 'create_cron_trigger',
        args: { name: 'bad', webhook: hook.url, schedule: '61 * * * *', include_in_metadata: true },
      }),
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      code: 'parse-failed',
      path: '$.args.schedule',
      error: expect.stringMatching(/invalid cron expression "61 \* \* \* \*"/),
    })
    const { cron_triggers } = await admin(backend, '/v1/metadata', { type: 'get_cron_triggers', args: {} })
    expect(cron_triggers.map((t: { name: string }) => t.name)).toEqual(['every_minute'])
    await admin(backend, '/v1/metadata', { type: 'delete_cron_trigger', args: { name: 'every_minute' } })
    const after = await admin(backend, '/v1/metadata', {
      type: 'get_scheduled_events',
      args: { type: 'cron', trigger_name: 'every_minute', status: ['scheduled'], get_rows_count: true },
    })
    expect(after.count).toBe(0)
    await stop(backend)
  })

  it('delivers a one-off event, and one whose retry was pending when the backend restarted', async () => {
    let first = true
    hook.respond = (call, res) => {
      if (call.path === '/restart' && first) {
        first = false
        return void res.writeHead(500).end('down')
      }
      res.writeHead(200).end('ok')
    }
    let backend = await start()
    const { event_id } = await admin(backend, '/v1/metadata', {
      type: 'create_scheduled_event',
      args: {
        webhook: `${hook.url}/restart`,
        schedule_at: new Date().toISOString(),
        payload: { n: 1 },
        retry_conf: { num_retries: 2, retry_interval_seconds: 2 },
        comment: 'one-off',
      },
    })
    const [call] = await hook.waitFor((c) => c.path === '/restart')
    expect(call!.body).toMatchObject({ id: event_id, payload: { n: 1 }, comment: 'one-off' })
    await stop(backend)
    backend = await start()
    const calls = await hook.waitFor((c) => c.path === '/restart', 2)
    expect(calls[1]!.body.id).toBe(event_id)
    await expect
      .poll(
        async () => {
          const { events } = await admin(backend, '/v1/metadata', { type: 'get_scheduled_events', args: { type: 'one_off' } })
          return events.find((e: { id: string }) => e.id === event_id)?.status
        },
        { timeout: 10_000 },
      )
      .toBe('delivered')
    await stop(backend)
  })

  it.skipIf(testDatabaseKind === 'pglite')(
    'delivers each of 1,000 events once with two backends on one PostgreSQL',
    async () => {
      const [a, b] = [await start(), await start()]
      await runSql(a, 'CREATE TABLE public.pings (id serial PRIMARY KEY)')
      await admin(a, '/v1/metadata', { type: 'pg_track_table', args: { table: { schema: 'public', name: 'pings' } } })
      await admin(a, '/v1/metadata', {
        type: 'pg_create_event_trigger',
        args: { name: 'pings', table: { schema: 'public', name: 'pings' }, insert: { columns: '*' }, webhook: `${hook.url}/pings` },
      })
      await runSql(b, 'INSERT INTO public.pings SELECT FROM generate_series(1, 500)')
      await runSql(a, 'INSERT INTO public.pings SELECT FROM generate_series(1, 500)')
      const calls = await hook.waitFor((c) => c.path === '/pings', 1_000, 60_000)
      await new Promise((r) => setTimeout(r, 1_000))
      const received = hook.calls.filter((c) => c.path === '/pings').map((c) => c.body.event.data.new.id as number)
      expect(calls.length).toBe(1_000)
      expect(received.length).toBe(1_000)
      expect(new Set(received).size).toBe(1_000)
      await stop(a)
      await stop(b)
    },
    120_000,
  )

  it('keeps cron triggers created with include_in_metadata: false out of export_metadata, and through replace_metadata', async () => {
    const backend = await start()
    const create = (name: string, include: boolean) =>
      admin(backend, '/v1/metadata', {
        type: 'create_cron_trigger',
        args: { name, webhook: `${hook.url}/${name}`, schedule: '0 0 1 1 *', include_in_metadata: include },
      })
    await create('in_metadata', true)
    await create('api_only', false)
    const { cron_triggers: listed } = await admin(backend, '/v1/metadata', { type: 'get_cron_triggers', args: {} })
    const defaults = { num_retries: 0, retry_interval_seconds: 10, timeout_seconds: 60, tolerance_seconds: 21600 }
    expect(listed.map((t: { name: string; retry_conf: unknown }) => [t.name, t.retry_conf])).toEqual([
      ['in_metadata', defaults],
      ['api_only', defaults],
    ])
    const exported = await admin(backend, '/v1/metadata', { type: 'export_metadata', args: {} })
    expect(exported.cron_triggers.map((t: { name: string }) => t.name)).toEqual(['in_metadata'])
    expect(exported.cron_triggers[0].retry_conf).toBeUndefined()
    await admin(backend, '/v1/metadata', { type: 'replace_metadata', args: { metadata: exported } })
    const after = await admin(backend, '/v1/metadata', { type: 'get_cron_triggers', args: {} })
    expect(after.cron_triggers.map((t: { name: string }) => t.name)).toEqual(['in_metadata', 'api_only'])
    for (const name of ['in_metadata', 'api_only']) await admin(backend, '/v1/metadata', { type: 'delete_cron_trigger', args: { name } })
    await stop(backend)
  })
})
