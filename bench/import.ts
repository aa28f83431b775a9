import { randomUUID } from 'node:crypto'
import { startStorageTestBackend } from '../tests/support/storage-test-backend.ts'

/**
 * CSV import benchmark (issue 13): a file of `rows` rows (500,000 by default, the SPEC §9 limit)
 * uploaded to bucket `imports`, imported by POST /v1/functions/import; the time from the call to
 * `succeeded`, beside the same rows sent straight to the database in multi-row INSERTs of 5,000.
 *
 *   npm run bench -- import [rows]                                  # PGlite
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- import [rows]
 */
export async function benchImport(rows = 500_000): Promise<string[]> {
  const t = await startStorageTestBackend()
  try {
    const ada = await t.signUp('bench@example.com')
    const workspaceId = await t.createWorkspace(ada, 'bench')
    const { insert_metrics } = await t.adminGraphql<{ insert_metrics: { returning: { id: string }[] } }>(
      'mutation ($w: uuid!) { insert_metrics(objects: [{workspace_id: $w, key: "imported", name: "i"}, {workspace_id: $w, key: "direct", name: "d"}]) { returning { id } } }',
      { w: workspaceId },
    )
    const [imported, direct] = insert_metrics.returning.map((m) => m.id) as [string, string]
    const base = Math.floor(Date.now() / 1000) - 4 * 365 * 86_400
    const csv = `ts,value\n${Array.from({ length: rows }, (_, i) => `${base + i * 60},${(i % 1000) / 7}`).join('\n')}\n`
    const fileId = randomUUID()
    await t.userGraphql(
      ada,
      'mutation ($f: uuid!, $w: uuid!) { insert_workspace_files_one(object: {file_id: $f, workspace_id: $w}) { file_id } }',
      { f: fileId, w: workspaceId },
    )
    await ada.nhost.storage.uploadFiles({
      'bucket-id': 'imports',
      'file[]': [new File([csv], 'bench.csv', { type: 'text/csv' })],
      'metadata[]': [{ id: fileId }],
    })
    const created = await t.userGraphql(
      ada,
      'mutation ($m: uuid!, $f: uuid!) { insert_imports_one(object: {metric_id: $m, file_id: $f}) { id } }',
      { m: imported, f: fileId },
    )
    const importId = (created.data as { insert_imports_one: { id: string } }).insert_imports_one.id

    const started = performance.now()
    const response = await fetch(`${t.url}/v1/functions/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` },
      body: JSON.stringify({ importId }),
    })
    if (response.status !== 202) throw new Error(`import answered ${response.status}`)
    let row: { status: string; rows_imported: number }
    for (;;) {
      row = (
        await t.adminGraphql<{ imports_by_pk: { status: string; rows_imported: number } }>(
          'query ($id: uuid!) { imports_by_pk(id: $id) { status rows_imported } }',
          { id: importId },
        )
      ).imports_by_pk
      if (row.status === 'succeeded' || row.status === 'failed') break
      await new Promise((r) => setTimeout(r, 100))
    }
    const importSeconds = (performance.now() - started) / 1000
    if (row.status !== 'succeeded' || row.rows_imported !== rows) throw new Error(`import ended ${JSON.stringify(row)}`)

    const db = t.backend.context.db
    const directStarted = performance.now()
    for (let start = 0; start < rows; start += 5000) {
      const values: unknown[] = []
      const tuples = Array.from({ length: Math.min(5000, rows - start) }, (_, i) => {
        values.push(direct, new Date((base + (start + i) * 60) * 1000).toISOString(), ((start + i) % 1000) / 7)
        return `($${i * 3 + 1}::uuid, $${i * 3 + 2}::timestamptz, $${i * 3 + 3}::float8)`
      })
      await db.query(
        `INSERT INTO public.points (metric_id, ts, value) VALUES ${tuples.join(', ')} ON CONFLICT ON CONSTRAINT points_metric_id_ts_key DO NOTHING`,
        values,
      )
    }
    const directSeconds = (performance.now() - directStarted) / 1000
    return [
      `${db.description}, ${rows.toLocaleString('en-US')} rows, ${(csv.length / 1e6).toFixed(1)} MB of CSV.`,
      '',
      '| path | seconds | rows/s | import / direct time |',
      '|---|---|---|---|',
      `| POST /v1/functions/import (stream, parse, batches of 5,000 through GraphQL write_points) | ${importSeconds.toFixed(1)} | ${Math.round(rows / importSeconds).toLocaleString('en-US')} | ${(importSeconds / directSeconds).toFixed(2)} |`,
      `| direct multi-row INSERTs of 5,000 | ${directSeconds.toFixed(1)} | ${Math.round(rows / directSeconds).toLocaleString('en-US')} | 1 |`,
    ]
  } finally {
    await t.stop()
  }
}
