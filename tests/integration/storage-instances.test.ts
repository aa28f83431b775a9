import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend } from '../support/storage-test-backend.ts'
import { testDatabaseKind } from '../support/test-database.ts'

/**
 * Two instances of the backend on one PostgreSQL: with the bytes in one S3 bucket a file
 * uploaded through one downloads through the other and the ops endpoints see one store; with the
 * bytes on each instance's disk, the broken-metadata endpoints refuse rather than delete the rows
 * of files the other instance holds. PGlite belongs to one process: PostgreSQL only.
 */

type Instance = { storageUrl: string; stop(): Promise<void> }

const bytes = Buffer.from('id,value\n1,2\n'.repeat(1000))

function client(t: StorageTestBackend, storageUrl: string) {
  const headers = { 'x-hasura-admin-secret': t.adminSecret }
  return {
    async upload(): Promise<string> {
      const form = new FormData()
      form.append('file[]', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'data.csv')
      const response = await fetch(`${storageUrl}/files`, { method: 'POST', headers, body: form })
      expect(response.status).toBe(201)
      return ((await response.json()) as { processedFiles: { id: string }[] }).processedFiles[0]!.id
    },
    download: (id: string, extra: Record<string, string> = {}) => fetch(`${storageUrl}/files/${id}`, { headers: { ...headers, ...extra } }),
    ops: (name: string) => fetch(`${storageUrl}/ops/${name}`, { method: 'POST', headers }),
  }
}

async function insertRowWithoutBytes(t: StorageTestBackend): Promise<string> {
  const id = randomUUID()
  await t.adminGraphql('mutation ($o: files_insert_input!) { insertFile(object: $o) { id } }', {
    o: { id, name: 'lost.csv', isUploaded: true },
  })
  return id
}

async function rowExists(t: StorageTestBackend, id: string): Promise<boolean> {
  return (await t.adminGraphql<{ file: { id: string } | null }>('query ($id: uuid!) { file(id: $id) { id } }', { id })).file !== null
}

describe.skipIf(testDatabaseKind !== 'postgres')('two instances, one bucket', () => {
  let t: StorageTestBackend
  let other: Instance

  beforeAll(async () => {
    t = await startStorageTestBackend({ blobStore: 's3' })
    other = await t.startAnotherInstance()
  })
  afterAll(async () => {
    await other?.stop()
    await t?.stop()
  })

  it('downloads through one instance what was uploaded through the other, ranges and conditionals included', async () => {
    const id = await client(t, t.storageUrl).upload()
    const there = client(t, other.storageUrl)
    const whole = await there.download(id)
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes)
    const part = await there.download(id, { range: 'bytes=9-20' })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(9, 21))
    expect((await there.download(id, { 'if-none-match': whole.headers.get('etag')! })).status).toBe(304)
  })

  it('keeps healthy rows and deletes only the row without bytes, whichever instance runs the ops', async () => {
    const healthy = await client(t, t.storageUrl).upload()
    const lost = await insertRowWithoutBytes(t)
    const orphan = randomUUID()
    await (await t.blobs.stage(Readable.from(['left behind']))).commit(orphan)
    const there = client(t, other.storageUrl)
    expect(((await (await there.ops('list-orphans')).json()) as { files: string[] }).files).toEqual([orphan])
    const deleted = (await (await there.ops('delete-broken-metadata')).json()) as { metadata: { id: string }[] }
    expect(deleted.metadata.map((file) => file.id)).toEqual([lost])
    expect(await rowExists(t, healthy)).toBe(true)
    expect(await rowExists(t, lost)).toBe(false)
    expect((await there.download(healthy)).status).toBe(200)
  })
})

describe.skipIf(testDatabaseKind !== 'postgres')('two instances, each with its own disk', () => {
  let t: StorageTestBackend

  beforeAll(async () => {
    t = await startStorageTestBackend({ blobStore: 'disk' })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses to judge broken metadata while another instance serves the database, and judges again once it stops', async () => {
    const healthy = await client(t, t.storageUrl).upload()
    const lost = await insertRowWithoutBytes(t)
    const other = await t.startAnotherInstance()
    try {
      const there = client(t, other.storageUrl)
      // The other instance's disk does not hold the file: it is not broken, only elsewhere.
      expect((await there.download(healthy)).status).toBe(404)
      for (const name of ['list-broken-metadata', 'delete-broken-metadata']) {
        const refused = await there.ops(name)
        expect(refused.status).toBe(409)
        expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
          /2 instances serve this database.*S3_BUCKET/,
        )
      }
      expect((await client(t, t.storageUrl).ops('delete-broken-metadata')).status).toBe(409)
      expect(await rowExists(t, healthy)).toBe(true)
      expect(await rowExists(t, lost)).toBe(true)
    } finally {
      await other.stop()
    }
    // Alone again: the one disk is the whole store.
    const here = client(t, t.storageUrl)
    let answer = await here.ops('delete-broken-metadata')
    for (let attempt = 0; answer.status === 409 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await here.ops('delete-broken-metadata')
    }
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { metadata: { id: string }[] }).metadata.map((file) => file.id)).toEqual([lost])
    expect(await rowExists(t, healthy)).toBe(true)
  })
})
