import { createHash, randomBytes } from 'node:crypto'
import { createClient, type Client } from 'graphql-ws'
import pg from 'pg'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBlobStoreConfig } from '../../backend/config/blob-store-config.ts'
import { createLogger } from '../../backend/lib/logger.ts'
import { openS3BlobStore } from '../../backend/storage/s3-blob-store.ts'
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'
import { metadata, runSql, tableWithEventTrigger } from './admin-api.ts'
import { ADMIN_SECRET, startBackendProcess, type BackendProcess } from './backend-process.ts'
import { answersAs, msUntilEach, postJson } from './cluster-http.ts'
import { startCountingReceiver, waitUntil, type CountingReceiver } from './counting-receiver.ts'
import { freePort, startHaproxy, type LoadBalancer } from './haproxy.ts'
import { subscribeAs } from './role-subscription.ts'

/**
 * The production layout in small: three instances (`npm run backend`) on one PostgreSQL and one
 * S3-protocol server (s3rver) behind HAProxy, round robin, no sticky sessions. Each check goes
 * through the proxy or straight to a chosen instance, to prove that what one instance does the
 * others see.
 */
let databaseUrl: string
let drop: () => Promise<void>
let s3: S3TestServer
let instances: BackendProcess[] = []
let proxy: LoadBalancer
let hook: CountingReceiver

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

beforeAll(async () => {
  const { target, drop: dropDatabase } = await createTestDatabaseTarget()
  if (target.kind !== 'postgres') throw new Error('the cluster tests need PostgreSQL: set TEST_DATABASE_URL')
  databaseUrl = target.url
  drop = dropDatabase
  hook = await startCountingReceiver(1_000)
  s3 = await startS3TestServer({ rootFolder: 'cluster' })
  const ports = [await freePort(), await freePort(), await freePort()]
  // One after the other: the first applies the schemas and migrations, the others find them done.
  for (const port of ports) {
    instances.push(await startBackendProcess(databaseUrl, { port, env: { HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL: '200', ...s3.env } }))
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
  await s3?.stop()
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

  it('stores a file uploaded through the proxy in the one bucket: every instance serves the same bytes, and a delete is seen by all', async () => {
    const admin = { 'x-hasura-admin-secret': ADMIN_SECRET }
    // Over lib-storage's 5 MiB part: a multipart upload.
    const bytes = randomBytes(6 * 1024 * 1024)
    const form = new FormData()
    form.append('file[]', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'data.bin')
    const upload = await fetch(`${proxy.url}/v1/storage/files`, { method: 'POST', headers: admin, body: form })
    expect(upload.status, await upload.clone().text()).toBe(201)
    const id = ((await upload.json()) as { processedFiles: { id: string }[] }).processedFiles[0]!.id
    const config = readBlobStoreConfig(s3.env)
    if (config.kind !== 's3') throw new Error('s3.env names no bucket')
    // The bucket itself, read apart from the instances.
    const bucket = openS3BlobStore(config, createLogger('silent'))
    expect(await bucket.stat(id)).toEqual({ size: bytes.length })
    for (const instance of instances) {
      const download = await fetch(`${instance.url}/v1/storage/files/${id}`, { headers: admin })
      expect(download.status, instance.url).toBe(200)
      expect(sha256(Buffer.from(await download.arrayBuffer())), instance.url).toBe(sha256(bytes))
    }
    expect((await fetch(`${proxy.url}/v1/storage/files/${id}`, { method: 'DELETE', headers: admin })).status).toBe(204)
    for (const instance of instances) {
      expect((await fetch(`${instance.url}/v1/storage/files/${id}`, { headers: admin })).status, instance.url).toBe(404)
    }
    expect(await bucket.stat(id)).toBeNull()
  })

  it('has every instance follow a permission granted and revoked through one within 2 s, open subscriptions included', async () => {
    await runSql(instances[0]!.url, 'CREATE TABLE public.readings (id serial PRIMARY KEY, value int NOT NULL)')
    await metadata(instances[0]!.url, {
      type: 'pg_track_table',
      args: { source: 'default', table: { schema: 'public', name: 'readings' } },
    })
    const urls = instances.map((i) => i.url)
    const readsAsUser = (url: string) => answersAs(url, 'user', '{ readings { id value } }')
    const table = { schema: 'public', name: 'readings' }
    // Every instance has followed the tracking (admin sees the table) and refuses the role.
    await msUntilEach(urls, (url) => answersAs(url, 'admin', '{ readings { id } }'))
    for (const url of urls) expect(await readsAsUser(url), url).toBe(false)

    // An instance closes its WebSockets (1012, as Hasura) the moment it replaces its metadata, so
    // that open operations are planned again under it: one subscription on each instance tells
    // when that instance followed. Its HTTP answers follow too, each after the role's schema is
    // built anew: slower on a loaded machine (up to 2.1 s seen at a load average of 35 on two
    // cores), hence their wider bound.
    const follow = async (role: string, change: unknown) => {
      const subscriptions = await Promise.all(urls.map((url) => subscribeAs(url, role, 'subscription { readings { id } }')))
      try {
        await metadata(instances[0]!.url, change)
        const changedAt = performance.now()
        const answered = await msUntilEach(urls, async (url) => (await readsAsUser(url)) === (role === 'admin'))
        const closes = await Promise.all(subscriptions.map((s) => s.closedWithin(10_000)))
        expect(closes.map(({ code }) => code)).toEqual([1012, 1012, 1012])
        return { closed: closes.map(({ at }) => Math.round(at - changedAt)), answered }
      } finally {
        await Promise.all(subscriptions.map((s) => s.dispose()))
      }
    }
    const granted = await follow('admin', {
      type: 'pg_create_select_permission',
      args: { source: 'default', table, role: 'user', permission: { columns: ['id', 'value'], filter: {} } },
    })
    // The user's own subscriptions, planned under the grant, are closed by the revocation.
    const revoked = await follow('user', { type: 'pg_drop_select_permission', args: { source: 'default', table, role: 'user' } })
    console.log(
      `a permission through instance 1, ms after its answer until instances 1, 2, 3 followed (answered by HTTP): ` +
        `granted ${granted.closed.join(', ')} (${granted.answered.join(', ')}); revoked ${revoked.closed.join(', ')} (${revoked.answered.join(', ')})`,
    )
    for (const ms of [...granted.closed, ...revoked.closed]) expect(ms).toBeLessThanOrEqual(2_000)
    for (const ms of [...granted.answered, ...revoked.answered]) expect(ms).toBeLessThanOrEqual(5_000)
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
