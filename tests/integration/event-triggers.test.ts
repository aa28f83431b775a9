import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startGraphqlTestBackend, type GraphqlTestBackend } from '../support/graphql-test-backend.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'
import { replaceMetadata } from '../support/metadata.ts'

/**
 * Hasura's event triggers end to end: the backend on port 0, rows changed through GraphQL and
 * SQL, a local webhook receiver. Payloads follow https://hasura.io/docs/2.0/event-triggers/payload/.
 */
let server: GraphqlTestBackend
let hook: WebhookReceiver
// The secret graphql-test-backend.ts starts the backend with; error answers are read raw.
const ADMIN_SECRET = 'graphql-test-admin-secret'

async function metadata(body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.url}/v1/metadata`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: await response.json() }
}

const ok = async (body: unknown) => {
  const { status, json } = await metadata(body)
  expect(status, JSON.stringify(json)).toBe(200)
  return json
}

const createTrigger = (args: Record<string, unknown>) =>
  ok({
    type: 'pg_create_event_trigger',
    args: { source: 'default', table: { schema: 'public', name: 'items' }, webhook: `${hook.url}/${args.name}`, ...args },
  })

beforeAll(async () => {
  process.env.EVENT_TRIGGER_TEST_SECRET = 'from-the-environment'
  hook = await startWebhookReceiver()
  process.env.EVENT_TRIGGER_TEST_HOOK = hook.url
  // Set only in the environment the backend is started with, not in the process's.
  server = await startGraphqlTestBackend({ HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL: '200', EVENT_TRIGGER_BACKEND_HOOK: hook.url })
  await server.runSql('CREATE TABLE public.items (id serial PRIMARY KEY, name text NOT NULL, price int NOT NULL DEFAULT 0, note jsonb)')
  await ok(
    replaceMetadata([
      {
        table: { schema: 'public', name: 'items' },
        insert_permissions: [{ role: 'user', permission: { check: {}, columns: ['name', 'price'] } }],
        select_permissions: [{ role: 'user', permission: { columns: ['id'], filter: {} } }],
        update_permissions: [{ role: 'user', permission: { filter: {}, columns: ['name', 'price'] } }],
      },
    ]),
  )
})

afterAll(async () => {
  await server?.stop()
  await hook?.close()
})

beforeEach(async () => {
  hook.calls.length = 0
  hook.respond = (_call, res) => void res.writeHead(200).end('ok')
  await server.runSql('TRUNCATE public.items RESTART IDENTITY')
})

const forTrigger = (name: string) => (call: { body: any }) => call.body?.trigger?.name === name

describe('event triggers', () => {
  it('delivers INSERT, UPDATE and DELETE with Hasura body, session variables and configured headers', async () => {
    await createTrigger({
      name: 'items_all',
      insert: { columns: '*' },
      update: { columns: '*' },
      delete: { columns: '*' },
      webhook: '{{EVENT_TRIGGER_TEST_HOOK}}/all',
      headers: [
        { name: 'x-from-value', value: 'MyValue' },
        { name: 'x-from-env', value_from_env: 'EVENT_TRIGGER_TEST_SECRET' },
      ],
    })
    const token = await server.jwt('user-1')
    const inserted = await server.post(
      '/v1/graphql',
      { query: 'mutation { insert_items_one(object: {name: "a", price: 3}) { id } }' },
      { authorization: `Bearer ${token}` },
    )
    expect(inserted).toEqual({ data: { insert_items_one: { id: 1 } } })
    const [insert] = await hook.waitFor(forTrigger('items_all'))
    expect(insert!.path).toBe('/all')
    expect(insert!.headers['x-from-value']).toBe('MyValue')
    expect(insert!.headers['x-from-env']).toBe('from-the-environment')
    expect(insert!.headers['content-type']).toBe('application/json')
    expect(insert!.body).toMatchObject({
      trigger: { name: 'items_all' },
      table: { schema: 'public', name: 'items' },
      event: {
        op: 'INSERT',
        data: { old: null, new: { id: 1, name: 'a', price: 3, note: null } },
        session_variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': 'user-1' },
      },
      delivery_info: { max_retries: 0, current_retry: 0 },
    })
    expect(insert!.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    await server.runSql(`UPDATE public.items SET price = 4 WHERE id = 1`)
    await server.runSql(`DELETE FROM public.items WHERE id = 1`)
    const calls = await hook.waitFor(forTrigger('items_all'), 3)
    expect(calls.map((c) => c.body.event.op)).toEqual(['INSERT', 'UPDATE', 'DELETE'])
    expect(calls[1]!.body.event.data).toEqual({
      old: { id: 1, name: 'a', price: 3, note: null },
      new: { id: 1, name: 'a', price: 4, note: null },
    })
    expect(calls[2]!.body.event.data).toEqual({ old: { id: 1, name: 'a', price: 4, note: null }, new: null })
    await ok({ type: 'pg_delete_event_trigger', args: { name: 'items_all', source: 'default' } })
  })

  it("carries the writing request's W3C trace: in event.trace_context, the webhook's traceparent and the delivery's log line", async () => {
    await createTrigger({ name: 'items_traced', insert: { columns: '*' }, enable_manual: true })
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736'
    const token = await server.jwt('user-1')
    await server.post(
      '/v1/graphql',
      { query: 'mutation { insert_items_one(object: {name: "traced"}) { id } }' },
      { authorization: `Bearer ${token}`, traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` },
    )
    // Without a traceparent (and in a multi-statement transaction) the request starts a trace of its own.
    await server.post(
      '/v1/graphql',
      { query: 'mutation { a: insert_items_one(object: {name: "untraced"}) { id } b: insert_items(objects: []) { affected_rows } }' },
      { authorization: `Bearer ${token}` },
    )
    await ok({ type: 'pg_invoke_event_trigger', args: { name: 'items_traced', payload: {} } })
    const calls = await hook.waitFor(forTrigger('items_traced'), 3)
    const byName = (name: string | undefined) => calls.find((c) => c.body.event.data.new.name === name)!
    const [traced, untraced, manual] = [byName('traced'), byName('untraced'), byName(undefined)]
    expect(traced.body.event.trace_context).toEqual({ trace_id: callerTrace, span_id: expect.stringMatching(/^[\da-f]{16}$/) })
    // The engine's span is its own, a child of the caller's.
    expect(traced.body.event.trace_context.span_id).not.toBe('00f067aa0ba902b7')
    expect(traced.headers.traceparent).toMatch(new RegExp(`^00-${callerTrace}-[\\da-f]{16}-01$`))
    for (const call of [untraced, manual]) {
      const { trace_id } = call.body.event.trace_context
      expect(trace_id).toMatch(/^[\da-f]{32}$/)
      expect(trace_id).not.toBe(callerTrace)
      expect(call.headers.traceparent).toContain(`-${trace_id}-`)
    }
    await expect
      .poll(() => server.logs.find((line) => line.includes(`"event_id":"${traced.body.id}"`)))
      .toContain(`"trace_id":"${callerTrace}"`)
    await ok({ type: 'pg_delete_event_trigger', args: { name: 'items_traced' } })
  })

  it('fires UPDATE only when a listened column changed, with the selected payload columns', async () => {
    await createTrigger({ name: 'items_price', update: { columns: ['price'], payload: ['id', 'price'] } })
    await server.runSql(`INSERT INTO public.items (name, price) VALUES ('a', 1)`)
    await server.runSql(`UPDATE public.items SET name = 'b'`)
    await server.runSql(`UPDATE public.items SET price = 2`)
    const [call] = await hook.waitFor(forTrigger('items_price'))
    expect(call!.body.event).toMatchObject({ op: 'UPDATE', data: { old: { id: 1, price: 1 }, new: { id: 1, price: 2 } } })
    await new Promise((r) => setTimeout(r, 600))
    expect(hook.calls.filter(forTrigger('items_price'))).toHaveLength(1)
    await ok({ type: 'pg_delete_event_trigger', args: { name: 'items_price' } })
  })

  it('retries by retry_conf, honours Retry-After, and logs every invocation', async () => {
    let attempts = 0
    hook.respond = (call, res) => {
      if (!forTrigger('items_retry')(call)) return void res.writeHead(200).end('ok')
      attempts++
      if (attempts === 1) return void res.writeHead(503, { 'retry-after': '1' }).end('busy')
      if (attempts === 2) return void res.writeHead(500).end('boom')
      res.writeHead(200).end('done')
    }
    await createTrigger({ name: 'items_retry', insert: { columns: '*' }, retry_conf: { num_retries: 2, interval_sec: 1, timeout_sec: 5 } })
    await server.runSql(`INSERT INTO public.items (name) VALUES ('r')`)
    const calls = await hook.waitFor(forTrigger('items_retry'), 3)
    expect(calls.map((c) => c.body.delivery_info)).toEqual([0, 1, 2].map((n) => ({ max_retries: 2, current_retry: n })))
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(900)
    const eventId = calls[0]!.body.id
    const deadline = Date.now() + 10_000
    let byId: any
    do {
      byId = await ok({ type: 'pg_get_event_by_id', args: { event_id: eventId } })
      if (byId.event.delivered) break
      await new Promise((r) => setTimeout(r, 100))
    } while (Date.now() < deadline)
    expect(byId.event).toMatchObject({ delivered: true, error: false, tries: 3 })
    expect(byId.invocations.map((i: any) => i.status).sort()).toEqual([200, 500, 503])
    const logs = await ok({ type: 'pg_get_event_invocation_logs', args: { name: 'items_retry' } })
    expect(logs).toHaveLength(3)
    await ok({ type: 'pg_delete_event_trigger', args: { name: 'items_retry' } })
  })

  it('marks an event as an error once the retries are used up, and redelivers it on request', async () => {
    hook.respond = (_call, res) => void res.writeHead(500).end('no')
    await createTrigger({ name: 'items_fail', insert: { columns: '*' }, retry_conf: { num_retries: 1, interval_sec: 1 } })
    await server.runSql(`INSERT INTO public.items (name) VALUES ('f')`)
    const [first] = await hook.waitFor(forTrigger('items_fail'), 2)
    const eventId = first!.body.id
    await expect
      .poll(async () => (await ok({ type: 'pg_get_event_by_id', args: { event_id: eventId } })).event.error, { timeout: 10_000 })
      .toBe(true)
    const processed = await ok({ type: 'pg_get_event_logs', args: { name: 'items_fail', status: 'processed' } })
    expect(processed.map((e: any) => e.id)).toEqual([eventId])
    hook.respond = (_call, res) => void res.writeHead(200).end('ok')
    await ok({ type: 'pg_redeliver_event', args: { event_id: eventId } })
    const calls = await hook.waitFor(forTrigger('items_fail'), 3)
    expect(calls[2]!.body.delivery_info.current_retry).toBe(0)
    await expect
      .poll(async () => (await ok({ type: 'pg_get_event_by_id', args: { event_id: eventId } })).event.delivered, { timeout: 10_000 })
      .toBe(true)
    await ok({ type: 'pg_delete_event_trigger', args: { name: 'items_fail' } })
  })

  it('invokes a trigger by hand (op MANUAL) only when enable_manual is set', async () => {
    await createTrigger({ name: 'items_manual', enable_manual: true })
    await createTrigger({ name: 'items_not_manual', insert: { columns: '*' } })
    const { event_id } = await ok({ type: 'pg_invoke_event_trigger', args: { name: 'items_manual', payload: { some_key: 'some_value' } } })
    const [call] = await hook.waitFor(forTrigger('items_manual'))
    expect(call!.body.id).toBe(event_id)
    expect(call!.body.event).toMatchObject({ op: 'MANUAL', data: { old: null, new: { some_key: 'some_value' } } })
    const refused = await metadata({ type: 'pg_invoke_event_trigger', args: { name: 'items_not_manual', payload: {} } })
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({ code: 'not-supported', path: '$.args' })
    await ok({
      type: 'bulk',
      args: ['items_manual', 'items_not_manual'].map((name) => ({ type: 'pg_delete_event_trigger', args: { name } })),
    })
  })

  it('accepts a webhook named by a variable of the environment the backend was started with', async () => {
    expect(process.env.EVENT_TRIGGER_BACKEND_HOOK).toBeUndefined()
    await createTrigger({ name: 'items_backend_env', insert: { columns: '*' }, webhook: '{{EVENT_TRIGGER_BACKEND_HOOK}}/backend-env' })
    await server.runSql(`INSERT INTO public.items (name) VALUES ('backend-env')`)
    const [call] = await hook.waitFor(forTrigger('items_backend_env'))
    expect(call!.path).toBe('/backend-env')
    await ok({ type: 'pg_delete_event_trigger', args: { name: 'items_backend_env' } })
  })

  it('refuses run_sql that drops a column an event trigger names (dependency-error, rolled back)', async () => {
    await server.runSql('CREATE TABLE public.dep_items (id int, listened text, sent text, free text)')
    await ok({ type: 'pg_track_table', args: { table: { schema: 'public', name: 'dep_items' } } })
    await ok({
      type: 'pg_create_event_trigger',
      args: {
        name: 'dep_items_cols',
        table: { schema: 'public', name: 'dep_items' },
        webhook: hook.url,
        update: { columns: ['listened'], payload: ['sent'] },
      },
    })
    for (const column of ['listened', 'sent']) {
      const response = await fetch(`${server.url}/v2/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
        body: JSON.stringify({ type: 'run_sql', args: { sql: `ALTER TABLE public.dep_items DROP COLUMN ${column}` } }),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        code: 'dependency-error',
        error: 'cannot drop due to the following dependent objects : event-trigger dep_items.dep_items_cols in source "default"',
      })
    }
    await server.runSql('ALTER TABLE public.dep_items DROP COLUMN free')
    const columns = (await server.runSql(
      `SELECT string_agg(attname, ',' ORDER BY attnum) FROM pg_attribute WHERE attrelid = 'public.dep_items'::regclass AND attnum > 0 AND NOT attisdropped`,
    )) as { result: string[][] }
    expect(columns.result[1]![0]).toBe('id,listened,sent')
    await ok({ type: 'pg_delete_event_trigger', args: { name: 'dep_items_cols' } })
    await ok({ type: 'pg_untrack_table', args: { table: { schema: 'public', name: 'dep_items' } } })
    await server.runSql('DROP TABLE public.dep_items')
  })

  it('refuses bad definitions with Hasura error shape, naming the problem, and creates nothing', async () => {
    const before = await ok({ type: 'export_metadata', version: 2, args: {} })
    const refuse = async (args: Record<string, unknown>, code: string, message: RegExp) => {
      const { status, json } = await metadata({
        type: 'pg_create_event_trigger',
        args: { table: { schema: 'public', name: 'items' }, webhook: hook.url, insert: { columns: '*' }, ...args },
      })
      expect(status).toBe(400)
      expect(json.code).toBe(code)
      expect(json.error).toMatch(message)
      expect(json.path).toMatch(/^\$/)
    }
    await refuse({ name: "bad'name" }, 'parse-failed', /only alphanumeric and underscore and hyphens allowed for name/)
    await refuse(
      { name: 'no_ops', insert: undefined },
      'parse-failed',
      /at least one among the insert\/update\/delete\/manual specs must be provided/,
    )
    await refuse({ name: 'missing_env', webhook: undefined, webhook_from_env: 'NO_SUCH_TRIGGER_VAR' }, 'not-found', /NO_SUCH_TRIGGER_VAR/)
    await refuse({ name: 'missing_template', webhook: '{{NO_SUCH_TEMPLATE_VAR}}/x' }, 'not-found', /NO_SUCH_TEMPLATE_VAR/)
    await refuse(
      { name: 'missing_header', headers: [{ name: 'x', value_from_env: 'NO_SUCH_HEADER_VAR' }] },
      'not-found',
      /NO_SUCH_HEADER_VAR/,
    )
    await refuse({ name: 'bad_column', update: { columns: ['nope'] } }, 'not-exists', /column "nope"/)
    await refuse({ name: 'no_table', table: { schema: 'public', name: 'missing' } }, 'not-exists', /missing/)
    await refuse({ name: 'x'.repeat(43) }, 'parse-failed', /at most 42 characters/)
    const after = await ok({ type: 'export_metadata', version: 2, args: {} })
    expect(after).toEqual(before)
    const functions = (await server.runSql(`SELECT count(*) FROM pg_proc WHERE proname LIKE 'notify_hasura_%'`)) as { result: string[][] }
    expect(functions.result[1]![0]).toBe('0')
  })

  it('exports created event triggers in the metadata, with Hasura defaults', async () => {
    await createTrigger({ name: 'items_export', insert: { columns: '*' } })
    const exported = await ok({ type: 'export_metadata', args: {} })
    const trigger = exported.sources[0].tables[0].event_triggers.find((t: { name: string }) => t.name === 'items_export')
    expect(trigger).toEqual({
      name: 'items_export',
      definition: { enable_manual: false, insert: { columns: '*' } },
      retry_conf: { num_retries: 0, interval_sec: 10, timeout_sec: 60 },
      webhook: `${hook.url}/items_export`,
    })
    await ok({ type: 'pg_delete_event_trigger', args: { name: 'items_export' } })
    const { status, json } = await metadata({ type: 'pg_delete_event_trigger', args: { name: 'items_export' } })
    expect(status).toBe(400)
    expect(json).toMatchObject({ code: 'not-exists' })
  })
})

describe('event payloads with HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES', () => {
  let stringifying: GraphqlTestBackend
  beforeAll(async () => {
    stringifying = await startGraphqlTestBackend({
      HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES: 'true',
      HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL: '200',
    })
  })
  afterAll(async () => {
    await stringifying?.stop()
  })

  it('sends bigint, numeric, float8 and money as strings, other columns as JSON values', async () => {
    await stringifying.runSql(
      'CREATE TABLE public.amounts (id bigint, label text, qty int, price numeric, ratio float8, cost money, extra jsonb)',
    )
    await stringifying.admin('/v1/metadata', { type: 'pg_track_table', args: { table: { schema: 'public', name: 'amounts' } } })
    await stringifying.admin('/v1/metadata', {
      type: 'pg_create_event_trigger',
      args: {
        name: 'amounts_all',
        table: { schema: 'public', name: 'amounts' },
        webhook: `${hook.url}/amounts`,
        insert: { columns: '*' },
        update: { columns: '*', payload: ['price', 'label'] },
      },
    })
    await stringifying.runSql(`INSERT INTO public.amounts VALUES (50755254975729665, 'a', 3, 1.50, 0.25, 2, '{"k": 1}')`)
    await stringifying.runSql(`UPDATE public.amounts SET price = 2.5`)
    const calls = await hook.waitFor(forTrigger('amounts_all'), 2)
    expect(calls[0]!.body.event.data.new).toEqual({
      id: '50755254975729665',
      label: 'a',
      qty: 3,
      price: '1.50',
      ratio: '0.25',
      cost: '$2.00',
      extra: { k: 1 },
    })
    expect(calls[1]!.body.event.data).toEqual({ old: { price: '1.50', label: 'a' }, new: { price: '2.5', label: 'a' } })
  })
})
