import { startStorageTestBackend } from '../tests/support/storage-test-backend.ts'

/**
 * Ingest benchmark (issue 13): points per second through POST /v1/functions/ingest (an ingest
 * key, batches of 5,000, the real functions runtime, GraphQL and the points triggers) beside the
 * same points sent straight to the database, the floor:
 * - one multi-row INSERT … VALUES … ON CONFLICT DO NOTHING per batch (15,000 parameters);
 * - one INSERT … SELECT FROM jsonb_to_recordset($1) … ON CONFLICT DO NOTHING per batch, the
 *   statement of write_points, which the function ends with (no HTTP, worker or GraphQL);
 * and the admin's GraphQL `insert_points` with 5,000 objects, how the function wrote before.
 * One client sending sequential requests, and two clients at once (function and VALUES). The
 * paths run in alternating rounds so that the machine's noise falls on all of them alike; every
 * path writes its own metric, and every batch new points.
 *
 *   npm run bench -- ingest [seconds per path] [rounds]             # PGlite
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- ingest [seconds per path] [rounds]
 */
const BATCH = 5000

interface Path {
  label: string
  clients: number
  /** Writes BATCH points of its metric, from point number `start` on. */
  send(start: number): Promise<void>
  sent: number
  ms: number
}

/** Runs `path` for `seconds` with its clients each sending batch after batch; adds to its totals. */
async function run(path: Path, seconds: number): Promise<void> {
  const started = performance.now()
  const deadline = started + seconds * 1000
  const client = async () => {
    while (performance.now() < deadline) {
      const start = path.sent
      path.sent += BATCH
      await path.send(start)
    }
  }
  await Promise.all(Array.from({ length: path.clients }, client))
  path.ms += performance.now() - started
}

export async function benchIngest(seconds = 10, rounds = 5): Promise<string[]> {
  const t = await startStorageTestBackend()
  try {
    const ada = await t.signUp('bench@example.com')
    const workspaceId = await t.createWorkspace(ada, 'bench')
    const metricKeys = ['function-1', 'values-1', 'jsonb-1', 'graphql-1', 'function-2', 'values-2']
    const { insert_metrics } = await t.adminGraphql<{ insert_metrics: { returning: { id: string; key: string }[] } }>(
      'mutation ($objects: [metrics_insert_input!]!) { insert_metrics(objects: $objects) { returning { id key } } }',
      { objects: metricKeys.map((key) => ({ workspace_id: workspaceId, key, name: key })) },
    )
    const metricId = new Map(insert_metrics.returning.map((m) => [m.key, m.id]))
    const created = await fetch(`${t.url}/v1/functions/ingest-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` },
      body: JSON.stringify({ workspaceId, name: 'bench' }),
    })
    const { key } = (await created.json()) as { key: string }
    // Points 4 years back, one per second, so that every batch writes new rows.
    const base = Date.now() - 4 * 365 * 86_400_000
    const db = t.backend.context.db
    /** The batch starting at `start` as rows of the points table. */
    const pointRows = (metric: string, start: number) =>
      Array.from({ length: BATCH }, (_, i) => ({
        metric_id: metricId.get(metric),
        ts: new Date(base + (start + i) * 1000).toISOString(),
        value: (start + i) / 7,
      }))

    const viaFunction = (metric: string) => async (start: number) => {
      const points = Array.from({ length: BATCH }, (_, i) => ({ metric, ts: base + (start + i) * 1000, value: (start + i) / 7 }))
      const response = await fetch(`${t.url}/v1/functions/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ points }),
      })
      const answer = (await response.json()) as { stored?: number }
      if (answer.stored !== BATCH) throw new Error(`ingest answered ${response.status} ${JSON.stringify(answer)}`)
    }
    const viaValues = (metric: string) => async (start: number) => {
      const values: unknown[] = []
      const tuples = pointRows(metric, start).map((row, i) => {
        values.push(row.metric_id, row.ts, row.value)
        return `($${i * 3 + 1}::uuid, $${i * 3 + 2}::timestamptz, $${i * 3 + 3}::float8)`
      })
      await db.query(
        `INSERT INTO public.points (metric_id, ts, value) VALUES ${tuples.join(', ')} ON CONFLICT ON CONSTRAINT points_metric_id_ts_key DO NOTHING`,
        values,
      )
    }
    const viaJsonb = (metric: string) => async (start: number) => {
      await db.query(
        `INSERT INTO public.points (metric_id, ts, value)
         SELECT p.metric_id, p.ts, p.value FROM jsonb_to_recordset($1::jsonb) AS p(metric_id uuid, ts timestamptz, value double precision)
         ON CONFLICT ON CONSTRAINT points_metric_id_ts_key DO NOTHING`,
        [JSON.stringify(pointRows(metric, start))],
      )
    }
    // How the function wrote before write_points: 5,000 input objects through the engine.
    const viaInsertPoints = (metric: string) => async (start: number) => {
      const rows = pointRows(metric, start)
      const { insert_points } = await t.adminGraphql<{ insert_points: { affected_rows: number } }>(
        'mutation ($rows: [points_insert_input!]!) { insert_points(objects: $rows, on_conflict: {constraint: points_metric_id_ts_key, update_columns: []}) { affected_rows } }',
        { rows },
      )
      if (insert_points.affected_rows !== BATCH) throw new Error(`insert_points stored ${insert_points.affected_rows}`)
    }
    const path = (label: string, clients: number, send: (start: number) => Promise<void>): Path => ({
      label,
      clients,
      send,
      sent: 0,
      ms: 0,
    })
    const paths = {
      function1: path('POST /v1/functions/ingest', 1, viaFunction('function-1')),
      values1: path('direct multi-row INSERT … VALUES', 1, viaValues('values-1')),
      jsonb1: path('direct INSERT … FROM jsonb_to_recordset', 1, viaJsonb('jsonb-1')),
      graphql1: path('POST /v1/graphql insert_points, 5,000 objects', 1, viaInsertPoints('graphql-1')),
      function2: path('POST /v1/functions/ingest', 2, viaFunction('function-2')),
      values2: path('direct multi-row INSERT … VALUES', 2, viaValues('values-2')),
    }
    // A warm-up batch each (worker start, prepared statements, JIT), not counted.
    for (const p of Object.values(paths)) {
      await p.send(0)
      p.sent = BATCH
    }
    for (let round = 0; round < rounds; round++) {
      for (const p of Object.values(paths)) await run(p, seconds / rounds)
    }
    const rate = (p: Path) => (p.sent - BATCH) / (p.ms / 1000)
    const row = (p: Path, floor: Path) =>
      `| ${p.label} | ${p.clients} | ${Math.round(rate(p)).toLocaleString('en-US')} | ${(rate(p) / rate(floor)).toFixed(2)} |`
    return [
      `${db.description}, batches of ${BATCH.toLocaleString('en-US')} points, ${seconds} s per path in ${rounds} alternating rounds.`,
      '',
      '| path | clients | points/s | / direct VALUES with as many clients |',
      '|---|---|---|---|',
      row(paths.function1, paths.values1),
      row(paths.values1, paths.values1),
      row(paths.jsonb1, paths.values1),
      row(paths.graphql1, paths.values1),
      row(paths.function2, paths.values2),
      row(paths.values2, paths.values2),
    ]
  } finally {
    await t.stop()
  }
}
