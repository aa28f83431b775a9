import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * CSV imports end to end on the real backend: upload to bucket `imports` through nhost-js, an
 * imports row, POST /v1/functions/import (functions/import.ts in a real worker), and the row's
 * states: queued → processing → succeeded | failed, retry, and a worker killed mid-import.
 */

let t: StorageTestBackend
let ada: StorageUser // owner
let val: StorageUser // viewer
let bob: StorageUser // not a member
let lab: string
let metricId: string

interface ImportRow {
  status: string
  rows_total: number
  rows_imported: number
  rows_rejected: number
  errors: { line: number; reason: string }[]
}

async function uploadCsv(user: StorageUser, text: string, type = 'text/csv'): Promise<string> {
  const id = randomUUID()
  const linked = await t.userGraphql(
    user,
    'mutation ($f: uuid!, $w: uuid!) { insert_workspace_files_one(object: {file_id: $f, workspace_id: $w}) { file_id } }',
    { f: id, w: lab },
  )
  expect(linked.errors).toBeUndefined()
  await user.nhost.storage.uploadFiles({
    'bucket-id': 'imports',
    'file[]': [new File([text], 'points.csv', { type })],
    'metadata[]': [{ id }],
  })
  return id
}

async function createImport(user: StorageUser, fileId: string): Promise<string> {
  const answer = await t.userGraphql(
    user,
    'mutation ($m: uuid!, $f: uuid!) { insert_imports_one(object: {metric_id: $m, file_id: $f}) { id status } }',
    { m: metricId, f: fileId },
  )
  expect(answer.errors).toBeUndefined()
  return (answer.data as { insert_imports_one: { id: string } }).insert_imports_one.id
}

const start = (user: StorageUser | null, importId: string) =>
  fetch(`${t.url}/v1/functions/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
    body: JSON.stringify({ importId }),
  })

const readImport = async (id: string) =>
  (
    await t.adminGraphql<{ imports_by_pk: ImportRow }>(
      'query ($id: uuid!) { imports_by_pk(id: $id) { status rows_total rows_imported rows_rejected errors } }',
      { id },
    )
  ).imports_by_pk

async function settled(id: string): Promise<ImportRow> {
  for (;;) {
    const row = await readImport(id)
    if (row.status === 'succeeded' || row.status === 'failed') return row
    await new Promise((r) => setTimeout(r, 50))
  }
}

const pointCount = async () =>
  (
    await t.adminGraphql<{ points_aggregate: { aggregate: { count: number } } }>(
      'query ($m: uuid!) { points_aggregate(where: {metric_id: {_eq: $m}}) { aggregate { count } } }',
      { m: metricId },
    )
  ).points_aggregate.aggregate.count

const csv = (rows: number, startMs: number) =>
  'ts,value\n' + Array.from({ length: rows }, (_, i) => `${new Date(startMs + i * 1000).toISOString()},${i}`).join('\n') + '\n'

beforeAll(async () => {
  t = await startStorageTestBackend()
  ;[ada, val, bob] = [await t.signUp('ada@example.com'), await t.signUp('val@example.com'), await t.signUp('bob@example.com')]
  lab = await t.createWorkspace(ada, 'lab', [{ user: val, role: 'viewer' }])
  const created = await t.userGraphql(
    ada,
    'mutation ($w: uuid!) { insert_metrics_one(object: {workspace_id: $w, key: "temp", name: "Temp"}) { id } }',
    { w: lab },
  )
  metricId = (created.data as { insert_metrics_one: { id: string } }).insert_metrics_one.id
}, 60_000)

afterAll(async () => {
  await t?.stop()
})

describe('CSV import', () => {
  it('queues, processes and succeeds, with the rejected lines numbered; re-importing stores nothing twice', async () => {
    const base = Date.now() - 86_400_000
    const text = `ts,value\n${new Date(base).toISOString()},1.5\n${Math.floor(base / 1000) + 1},2\n${base + 2000},3\nyesterday,4\n${base + 3000},NaN\n\n${base + 4000},5,6\n${base + 5000},\n`
    const fileId = await uploadCsv(ada, text)
    const id = await createImport(ada, fileId)
    expect((await readImport(id)).status).toBe('queued')
    const response = await start(ada, id)
    expect(response.status).toBe(202)
    expect(await settled(id)).toEqual({
      status: 'succeeded',
      rows_total: 7,
      rows_imported: 3,
      rows_rejected: 4,
      errors: [
        { line: 5, reason: 'ts is not ISO-8601 or Unix seconds or milliseconds' },
        { line: 6, reason: 'value is not a finite number' },
        { line: 8, reason: 'expected 2 fields (ts,value), found 3' },
        { line: 9, reason: 'value is not a finite number' },
      ],
    })
    expect(await pointCount()).toBe(3)
    const again = await createImport(ada, fileId)
    expect((await start(ada, again)).status).toBe(202)
    expect((await settled(again)).status).toBe('succeeded')
    expect(await pointCount()).toBe(3)
    expect((await start(ada, again)).status).toBe(409)
  })

  it('fails a file with a wrong header or no valid row, reporting line 1; a failed import can be retried', async () => {
    const id = await createImport(ada, await uploadCsv(ada, 'time;value\n2024-01-01,1\n'))
    await start(ada, id)
    expect(await settled(id)).toMatchObject({ status: 'failed', errors: [{ line: 0, reason: 'line 1: the header must be ts,value' }] })
    const retried = await start(ada, id)
    expect(retried.status).toBe(202)
    expect((await settled(id)).status).toBe('failed')
    const none = await createImport(ada, await uploadCsv(ada, 'ts,value\nnope,1\n'))
    await start(ada, none)
    expect(await settled(none)).toMatchObject({
      status: 'failed',
      rows_rejected: 1,
      errors: [{ line: 2 }, { line: 0, reason: 'the file has no valid row' }],
    })
  })

  it('refuses a file over 20 MB or not CSV at the upload, so no import can name it', async () => {
    const id = randomUUID()
    await t.userGraphql(
      ada,
      'mutation ($f: uuid!, $w: uuid!) { insert_workspace_files_one(object: {file_id: $f, workspace_id: $w}) { file_id } }',
      { f: id, w: lab },
    )
    const tooLarge = await ada.nhost.storage
      .uploadFiles({
        'bucket-id': 'imports',
        'file[]': [new File([Buffer.alloc(20_000_001, 0x31)], 'big.csv', { type: 'text/csv' })],
        'metadata[]': [{ id }],
      })
      .catch((e: { status: number }) => e)
    expect(tooLarge.status).toBe(413)
    const png = await ada.nhost.storage
      .uploadFiles({
        'bucket-id': 'imports',
        'file[]': [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'a.csv', { type: 'text/csv' })],
        'metadata[]': [{ id }],
      })
      .catch((e: { status: number }) => e)
    expect(png.status).toBe(403)
    const answer = await t.userGraphql(
      ada,
      'mutation ($m: uuid!, $f: uuid!) { insert_imports_one(object: {metric_id: $m, file_id: $f}) { id } }',
      { m: metricId, f: id },
    )
    expect(answer.errors).toBeDefined()
  })

  it('fails a file of more than 500,000 rows', async () => {
    // Rows without a valid time count as rows and write nothing, which keeps the test short.
    const text = 'ts,value\n' + 'never,1\n'.repeat(500_001)
    const id = await createImport(ada, await uploadCsv(ada, text))
    await start(ada, id)
    const row = await settled(id)
    expect(row).toMatchObject({ status: 'failed', rows_total: 500_001 })
    expect(row.errors.at(-1)).toEqual({ line: 0, reason: 'the file has more than 500,000 rows' })
  }, 60_000)

  it('lets members read imports, editors start them, and nobody else', async () => {
    const id = await createImport(ada, await uploadCsv(ada, csv(3, Date.now() - 3_000_000)))
    expect((await start(null, id)).status).toBe(401)
    expect((await start(bob, id)).status).toBe(404)
    expect((await t.userGraphql(val, 'query ($id: uuid!) { imports_by_pk(id: $id) { status } }', { id })).data).toEqual({
      imports_by_pk: { status: 'queued' },
    })
    const viewerInsert = await t.userGraphql(
      val,
      'mutation ($m: uuid!, $f: uuid!) { insert_imports_one(object: {metric_id: $m, file_id: $f}) { id } }',
      { m: metricId, f: randomUUID() },
    )
    expect(viewerInsert.errors).toBeDefined()
    await t.adminGraphql('mutation ($id: uuid!) { update_imports_by_pk(pk_columns: {id: $id}, _set: {status: "failed"}) { id } }', { id })
    expect((await start(val, id)).status).toBe(403)
  })

  it('leaves an import whose worker was killed mid-way retryable, and the retry stores no point twice', async () => {
    const rows = 200_000
    const before = await pointCount()
    const id = await createImport(ada, await uploadCsv(ada, csv(rows, Date.now() - 100 * 86_400_000)))
    await start(ada, id)
    while ((await readImport(id)).rows_imported === 0) await new Promise((r) => setTimeout(r, 20))
    for (const pid of t.backend.functions.pids) process.kill(pid, 'SIGKILL')
    const stalled = await readImport(id)
    expect(stalled.status).toBe('processing')
    expect(stalled.rows_imported).toBeLessThan(rows)
    let early = await start(ada, id)
    while (early.status >= 500) early = await start(ada, id) // the killed workers being replaced
    expect(early.status).toBe(409)
    // 30 s without a heartbeat is a stopped worker: move the heartbeat back rather than wait.
    await t.adminGraphql(
      'mutation ($id: uuid!) { update_imports_by_pk(pk_columns: {id: $id}, _set: {heartbeat_at: "2000-01-01T00:00:00Z"}) { id } }',
      { id },
    )
    let retried = await start(ada, id)
    while (retried.status >= 500) retried = await start(ada, id)
    expect(retried.status).toBe(202)
    expect(await settled(id)).toMatchObject({ status: 'succeeded', rows_total: rows, rows_imported: rows })
    expect(await pointCount()).toBe(before + rows)
  }, 120_000)
})
