import { createClient, type Client } from 'graphql-ws'
import pg from 'pg'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabaseTarget } from '../support/test-database.ts'
import { metadata, runSql, tableWithEventTrigger } from './admin-api.ts'
import { ADMIN_SECRET, startBackendProcess, type BackendProcess } from './backend-process.ts'
import { startCountingReceiver, waitUntil, type CountingReceiver } from './counting-receiver.ts'
import { freePort, startHaproxy, type LoadBalancer } from './haproxy.ts'

/**
 * The production layout in small: three instances (`npm run backend`) on one PostgreSQL behind
 * HAProxy, round robin, no sticky sessions. Each check goes through the proxy or straight to a
 * chosen instance, to prove that what one instance does the others see.
 *
 * Two checks join this file with the work they need:
 * - storage on S3 (the S3 blob store): upload through the proxy, download through every instance;
 * - a permission change seen by every instance within 2 s (metadata reload on LISTEN reconnect).
 */
let databaseUrl: string
let drop: () => Promise<void>
let instances: BackendProcess[] = []
let proxy: LoadBalancer
let hook: CountingReceiver

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

beforeAll(async () => {
  const { target, drop: dropDatabase } = await createTestDatabaseTarget()
  if (target.kind !== 'postgres') throw new Error('the cluster tests need PostgreSQL: set TEST_DATABASE_URL')
  databaseUrl = target.url
  drop = dropDatabase
  hook = await startCountingReceiver(1_000)
  const ports = [await freePort(), await freePort(), await freePort()]
  // One after the other: the first applies the schemas and migrations, the others find them done.
  for (const port of ports) {
    instances.push(await startBackendProcess(databaseUrl, { port, env: { HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL: '200' } }))
  }
  proxy = await startHaproxy(ports)
})

afterAll(async () => {
  if (proxy) console.log(`HAProxy:\n${proxy.log()}`)
  await proxy?.stop()
  for (const instance of instances) instance.dispose()
  await Promise.all(instances.map((i) => i.exited))
  instances = []
  await hook?.close()
  await drop?.()
})

describe('three instances behind HAProxy on one PostgreSQL', () => {
  it('signs up and signs in through the proxy, each request on any instance', async () => {
    const credentials = { email: 'cluster@example.com', password: 'a long enough password' }
    const signUp = await postJson(`${proxy.url}/v1/auth/signup/email-password`, credentials)
    expect(signUp.status, JSON.stringify(signUp.json)).toBe(200)
    for (let i = 0; i < 3; i++) {
      const signIn = await postJson(`${proxy.url}/v1/auth/signin/email-password`, credentials)
      expect(signIn.status, JSON.stringify(signIn.json)).toBe(200)
      // The refresh token one instance issued is taken by whichever answers next.
      const refreshed = await postJson(`${proxy.url}/v1/auth/token`, { refreshToken: signIn.json.session.refreshToken })
      expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200)
    }
  })

  it('sends a subscriber on one instance the writes made through the others', async () => {
    // Schema changes go to one instance: another may not have read the new table's catalog yet.
    await runSql(instances[0]!.url, 'CREATE TABLE public.notes (id serial PRIMARY KEY, body text NOT NULL)')
    await metadata(instances[0]!.url, { type: 'pg_track_table', args: { source: 'default', table: { schema: 'public', name: 'notes' } } })
    const client: Client = createClient({
      url: `${instances[0]!.url.replace('http', 'ws')}/v1/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { 'x-hasura-admin-secret': ADMIN_SECRET } },
    })
    const seen: string[][] = []
    const unsubscribe = client.subscribe<{ notes: { body: string }[] }>(
      { query: 'subscription { notes(order_by: {id: asc}) { body } }' },
      {
        next: (result) => seen.push(result.data!.notes.map((n) => n.body)),
        error: (error) => seen.push([`error: ${JSON.stringify(error)}`]),
        complete: () => {},
      },
    )
    try {
      await waitUntil(() => seen.length > 0, 'the first result', 20_000)
      for (const [i, instance] of instances.slice(1).entries()) {
        const insert = await postJson(
          `${instance.url}/v1/graphql`,
          { query: `mutation { insert_notes_one(object: {body: "from instance ${i + 2}"}) { id } }` },
          { 'x-hasura-admin-secret': ADMIN_SECRET },
        )
        expect(insert.json.errors).toBeUndefined()
      }
      await waitUntil(() => seen.at(-1)?.length === 2, 'both writes on the subscriber', 20_000)
      expect(seen.at(-1)).toEqual(['from instance 2', 'from instance 3'])
    } finally {
      unsubscribe()
      await client.dispose()
    }
  })

  it('counts limits across instances: failed sign-ins of one account, and a role rate limit', async () => {
    const account = { email: 'guessed@example.com', password: 'the right password' }
    expect((await postJson(`${proxy.url}/v1/auth/signup/email-password`, account)).status).toBe(200)
    // nhost.toml's rateLimit.bruteForce allows 20 sign-ins per 5 minutes per address (the proxy's,
    // which the sign-ins above used too) and 20 failures per account; counted per instance, round
    // robin over three would allow 60.
    const statuses: number[] = []
    for (let i = 0; i < 24; i++) {
      statuses.push((await postJson(`${proxy.url}/v1/auth/signin/email-password`, { ...account, password: `wrong guess ${i}` })).status)
    }
    expect(statuses.indexOf(429)).toBeGreaterThan(10)
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(20)
    expect(statuses.slice(21)).toEqual([429, 429, 429])

    await metadata(proxy.url, {
      type: 'set_api_limits',
      args: { disabled: false, rate_limit: { global: { max_reqs_per_min: 5, unique_params: 'IP' } } },
    })
    // Give every instance time to follow the metadata change.
    await new Promise((done) => setTimeout(done, 2_000))
    const answers: number[] = []
    for (let i = 0; i < 8; i++) {
      answers.push((await postJson(`${proxy.url}/v1/graphql`, { query: '{ __typename }' })).status)
    }
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(answers.slice(5)).toEqual([429, 429, 429])
    await metadata(proxy.url, { type: 'remove_api_limits', args: {} })
  })

  it('delivers 2,000 events while one instance is killed -9 and another stopped with SIGTERM: none twice but what the killed one held', async () => {
    const [killed, stopped, survivor] = instances
    await tableWithEventTrigger(survivor!.url, 'deliveries', hook.url)
    // Every instance delivers once it has followed the metadata change.
    await new Promise((done) => setTimeout(done, 2_000))
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query('INSERT INTO public.deliveries (n) SELECT generate_series(1, 2000)')
    await waitUntil(() => hook.received >= 300, 'deliveries under way on every instance')
    const killedPid = killed!.nodePid()
    killed!.signalGroup('SIGKILL')
    const killedAt = Date.now()
    stopped!.signalGroup('SIGTERM')
    // What the killed instance held: a webhook may have answered one of these just before the
    // kill, unrecorded, and gets it again from another instance (at least once, as Hasura).
    const held = await client.query<{ id: string }>(
      `SELECT l.id FROM hdb_catalog.event_log l JOIN hdb_catalog.pulseboard_instance_heartbeats i ON i.instance_id = l.locked_by
       WHERE l.locked IS NOT NULL AND NOT l.delivered AND i.description LIKE '% pid ${killedPid}'`,
    )
    await client.end()
    const heldByKilled = new Set(held.rows.map((row) => row.id))
    expect(await stopped!.exited, stopped!.output()).toEqual({ code: 0, signal: null })
    await waitUntil(() => hook.acknowledged.size === 2000, 'all 2,000 events acknowledged', 120_000)
    await new Promise((done) => setTimeout(done, 1_500))
    const twice = [...hook.acknowledged].filter(([, times]) => times !== 1).map(([id]) => id)
    console.log(
      `2,000 events: all acknowledged ${Math.max(...hook.acknowledgedAt.values()) - killedAt} ms after the kill; ` +
        `${heldByKilled.size} held by the killed instance, ${twice.length} of them acknowledged twice`,
    )
    expect(twice.filter((id) => !heldByKilled.has(id))).toEqual([])
    // The survivor still answers through the proxy, which took the other two out of rotation.
    for (let i = 0; i < 3; i++) expect((await fetch(`${proxy.url}/v1/auth/healthz`)).status).toBe(200)
  }, 240_000)
})
