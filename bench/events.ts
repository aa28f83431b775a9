import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '../backend/lib/logger.ts'
import { sql } from '../backend/lib/sql.ts'
import { startBackend } from '../backend/server/start-backend.ts'
import { postWebhook } from '../backend/triggers/post-webhook.ts'
import { createTestDatabaseTarget } from '../tests/support/test-database.ts'
import { startWebhookReceiver } from '../tests/support/webhook-receiver.ts'

/**
 * Event trigger benchmark (issue 11): `count` rows inserted one statement (one COMMIT) each, as
 * fast as the database takes them; each insert fires an event trigger whose webhook is a local
 * receiver. Reported: events per second from the first COMMIT to the last receipt, and p50/p99
 * latency from each COMMIT to its receipt; beside it, the same number of POSTs of the same body
 * sent straight to the same receiver, 100 at a time (the delivery pool's size): the floor.
 *
 *   npm run bench -- events [count]                                  # PGlite
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- events [count]
 */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

export async function benchEvents(count = 1_000): Promise<string[]> {
  const hook = await startWebhookReceiver()
  const dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-bench-events-'))
  const { target, drop } = await createTestDatabaseTarget()
  const backend = await startBackend({
    projectDir: dataDir,
    env: { PORT: '0', PULSEBOARD_DATA_DIR: dataDir, HASURA_GRAPHQL_ADMIN_SECRET: 'bench' },
    database: target,
    log: createLogger('warn'),
  })
  const admin = async (path: string, body: unknown) => {
    const res = await fetch(`${backend.url}${path}`, {
      method: 'POST',
      headers: { 'x-hasura-admin-secret': 'bench', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (res.status !== 200) throw new Error(`${path}: ${await res.text()}`)
  }
  try {
    await admin('/v2/query', { type: 'run_sql', args: { sql: 'CREATE TABLE public.bench_events (id int PRIMARY KEY, body text)' } })
    await admin('/v1/metadata', { type: 'pg_track_table', args: { table: { schema: 'public', name: 'bench_events' } } })
    await admin('/v1/metadata', {
      type: 'pg_create_event_trigger',
      args: { name: 'bench', table: { schema: 'public', name: 'bench_events' }, insert: { columns: '*' }, webhook: `${hook.url}/event` },
    })

    const committed = new Map<number, number>()
    const start = performance.now()
    for (let id = 1; id <= count; id++) {
      await backend.context.db.query(sql`INSERT INTO public.bench_events (id, body) VALUES (${id}, 'x')`)
      committed.set(id, performance.now())
    }
    const received = await hook.waitFor((c) => c.path === '/event', count, 300_000)
    // The receiver stamps Date.now(); map it onto performance.now()'s clock.
    const offset = Date.now() - performance.now()
    const latencies = received.map((c) => c.at - offset - committed.get(c.body.event.data.new.id as number)!).sort((a, b) => a - b)
    const last = Math.max(...received.map((c) => c.at - offset))
    const eventsPerSecond = count / ((last - start) / 1000)

    const body = received[0]!.body
    hook.calls.length = 0
    const directStart = performance.now()
    const directLatencies: number[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (next < count) {
          next++
          const t = performance.now()
          await postWebhook({ url: `${hook.url}/direct`, headers: [], body, timeoutMs: 60_000 })
          directLatencies.push(performance.now() - t)
        }
      }),
    )
    const directPerSecond = count / ((performance.now() - directStart) / 1000)
    directLatencies.sort((a, b) => a - b)
    return [
      `${backend.context.db.description}, ${count} events`,
      '',
      '| path | per second | p50 / p99 ms |',
      '|---|---|---|',
      `| event trigger (COMMIT → receipt) | ${eventsPerSecond.toFixed(0)} | ${percentile(latencies, 0.5).toFixed(1)} / ${percentile(latencies, 0.99).toFixed(1)} |`,
      `| direct POST, 100 in flight | ${directPerSecond.toFixed(0)} | ${percentile(directLatencies, 0.5).toFixed(1)} / ${percentile(directLatencies, 0.99).toFixed(1)} |`,
      `| ratio (events / direct) | ${(eventsPerSecond / directPerSecond).toFixed(2)} | |`,
    ]
  } finally {
    await backend.stop()
    await hook.close()
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
