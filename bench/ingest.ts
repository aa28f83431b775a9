import { startStorageTestBackend } from '../tests/support/storage-test-backend.ts'

/**
 * Ingest benchmark (issue 13): points per second through POST /v1/functions/ingest (an ingest
 * key, batches of 5,000, the real functions runtime, GraphQL and the points triggers) beside the
 * same points sent straight to the database as one multi-row INSERT … ON CONFLICT DO NOTHING per
 * batch: the floor. One client, sequential requests.
 *
 *   npm run bench -- ingest [seconds]                               # PGlite
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- ingest [seconds]
 */
const BATCH = 5000

async function pointsPerSecond(seconds: number, send: (start: number) => Promise<void>): Promise<number> {
  let sent = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  while (performance.now() < deadline) {
    await send(sent)
    sent += BATCH
  }
  return sent / ((performance.now() - started) / 1000)
}

export async function benchIngest(seconds = 10): Promise<string[]> {
  const t = await startStorageTestBackend()
  try {
    const ada = await t.signUp('bench@example.com')
    const workspaceId = await t.createWorkspace(ada, 'bench')
    const { insert_metrics } = await t.adminGraphql<{ insert_metrics: { returning: { id: string }[] } }>(
      'mutation ($w: uuid!) { insert_metrics(objects: [{workspace_id: $w, key: "via-function", name: "f"}, {workspace_id: $w, key: "direct", name: "d"}]) { returning { id } } }',
      { w: workspaceId },
    )
    const directMetric = insert_metrics.returning[1]!.id
    const created = await fetch(`${t.url}/v1/functions/ingest-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` },
      body: JSON.stringify({ workspaceId, name: 'bench' }),
    })
    const { key } = (await created.json()) as { key: string }
    // Points 4 years back, one per second, so that every batch writes new rows.
    const base = Date.now() - 4 * 365 * 86_400_000
    const viaFunction = await pointsPerSecond(seconds, async (start) => {
      const points = Array.from({ length: BATCH }, (_, i) => ({
        metric: 'via-function',
        ts: base + (start + i) * 1000,
        value: (start + i) / 7,
      }))
      const response = await fetch(`${t.url}/v1/functions/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ points }),
      })
      const answer = (await response.json()) as { stored?: number }
      if (answer.stored !== BATCH) throw new Error(`ingest answered ${response.status} ${JSON.stringify(answer)}`)
    })
    const db = t.backend.context.db
    const direct = await pointsPerSecond(seconds, async (start) => {
      const values: unknown[] = []
      const tuples = Array.from({ length: BATCH }, (_, i) => {
        values.push(directMetric, new Date(base + (start + i) * 1000).toISOString(), (start + i) / 7)
        return `($${i * 3 + 1}::uuid, $${i * 3 + 2}::timestamptz, $${i * 3 + 3}::float8)`
      })
      await db.query(
        `INSERT INTO public.points (metric_id, ts, value) VALUES ${tuples.join(', ')} ON CONFLICT ON CONSTRAINT points_metric_id_ts_key DO NOTHING`,
        values,
      )
    })
    return [
      `${db.description}, batches of ${BATCH.toLocaleString('en-US')} points, ${seconds} s each, one client, sequential requests.`,
      '',
      '| path | points/s | function / direct |',
      '|---|---|---|',
      `| POST /v1/functions/ingest | ${Math.round(viaFunction).toLocaleString('en-US')} | ${(viaFunction / direct).toFixed(2)} |`,
      `| direct multi-row INSERT | ${Math.round(direct).toLocaleString('en-US')} | 1 |`,
    ]
  } finally {
    await t.stop()
  }
}
