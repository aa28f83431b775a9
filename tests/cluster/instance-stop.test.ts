import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabaseTarget } from '../support/test-database.ts'
import { tableWithEventTrigger } from './admin-api.ts'
import { startBackendProcess, type BackendProcess } from './backend-process.ts'
import { startCountingReceiver, waitUntil, type CountingReceiver } from './counting-receiver.ts'

/**
 * Stopping and killing real backend processes (`npm run backend`) on one PostgreSQL while they
 * deliver events to a webhook that counts what it acknowledged: a stop signal to the process
 * group drains and exits 0, a kill -9 leaves the instance's events to another within 60 s, and
 * no event is acknowledged twice.
 */
let databaseUrl: string
let drop: () => Promise<void>
const started: BackendProcess[] = []
const receivers: CountingReceiver[] = []

async function start(env: Record<string, string> = {}): Promise<BackendProcess> {
  const backend = await startBackendProcess(databaseUrl, { env: { HASURA_GRAPHQL_EVENTS_FETCH_INTERVAL: '200', ...env } })
  started.push(backend)
  return backend
}

async function receiver(delayMs: number): Promise<CountingReceiver> {
  const r = await startCountingReceiver(delayMs)
  receivers.push(r)
  return r
}

async function query<Row>(text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(text)).rows as Row[]
  } finally {
    await client.end()
  }
}

const insertRows = (table: string, count: number) => query(`INSERT INTO public.${table} (n) SELECT generate_series(1, ${count})`)

function duplicates(r: CountingReceiver): string[] {
  return [...r.acknowledged].filter(([, times]) => times > 1).map(([id]) => id)
}

beforeAll(async () => {
  const { target, drop: dropDatabase } = await createTestDatabaseTarget()
  if (target.kind !== 'postgres') throw new Error('the cluster tests need PostgreSQL: set TEST_DATABASE_URL')
  databaseUrl = target.url
  drop = dropDatabase
})

afterAll(async () => {
  for (const backend of started) backend.dispose()
  await Promise.all(started.map((b) => b.exited))
  for (const r of receivers) await r.close()
  await drop?.()
})

describe('an instance that stops or dies (PostgreSQL, real processes)', () => {
  it('drains on SIGTERM to the process group of npm run backend: deliveries in flight finish, none goes out twice, exit 0', async () => {
    const hook = await receiver(500)
    const first = await start()
    await tableWithEventTrigger(first.url, 'drained', hook.url)
    await insertRows('drained', 400)
    await waitUntil(() => hook.received >= 150, '150 deliveries under way')

    first.signalGroup('SIGTERM')
    expect(await first.exited, first.output()).toEqual({ code: 0, signal: null })
    const deliveredBeforeStop = hook.acknowledged.size
    expect(deliveredBeforeStop).toBeGreaterThanOrEqual(150)

    const second = await start()
    await waitUntil(() => hook.acknowledged.size === 400, 'every event acknowledged once the second instance runs')
    // Time for a duplicate to show up, had any been released after being sent.
    await new Promise((done) => setTimeout(done, 1_500))
    expect(duplicates(hook)).toEqual([])
    expect(hook.received).toBe(400)

    second.signalGroup('SIGINT')
    expect(await second.exited, second.output()).toEqual({ code: 0, signal: null })
  }, 120_000)

  it('leaves the events of an instance killed with -9 to another within 60 s', async () => {
    const hook = await receiver(1_500)
    const doomed = await start()
    const survivor = await start()
    await tableWithEventTrigger(survivor.url, 'orphaned', hook.url)
    await insertRows('orphaned', 400)
    // Both instances take events (100 each at most); the doomed one dies holding its share.
    const doomedPid = doomed.nodePid()
    const heldByDoomed = async () =>
      (
        await query<{ id: string }>(
          `SELECT l.id FROM hdb_catalog.event_log l JOIN hdb_catalog.pulseboard_instance_heartbeats i ON i.instance_id = l.locked_by
           WHERE l.locked IS NOT NULL AND NOT l.delivered AND i.description LIKE '% pid ${doomedPid}'`,
        )
      ).map((row) => row.id)
    await waitUntil(async () => (await heldByDoomed()).length >= 20, 'the doomed instance holding events')
    doomed.signalGroup('SIGKILL')
    const killedAt = Date.now()
    const orphans = await heldByDoomed()
    await waitUntil(() => hook.acknowledged.size === 400, 'every event acknowledged after the kill', 90_000)
    const takeoverMs = Math.max(...orphans.map((id) => hook.acknowledgedAt.get(id)!)) - killedAt
    console.log(`kill -9 takeover: the ${orphans.length} events the killed instance held acknowledged ${takeoverMs} ms after the kill`)
    expect(takeoverMs).toBeLessThan(60_000)
    await new Promise((done) => setTimeout(done, 1_500))
    expect(duplicates(hook)).toEqual([])
  }, 150_000)
})
