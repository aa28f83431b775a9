import { createHash } from 'node:crypto'
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server.ts'
import { startStorageServer, type StorageServer } from '../support/storage-server.ts'

/**
 * A 200 MB file through the S3 store, with the backend in a process of its own whose RSS is
 * sampled every 10 ms: the upload streams into a multipart upload and the download out of
 * GetObject, so the backend's memory grows by a bounded amount, not by the file. Ranges are
 * answered by S3 from the middle of the file.
 */

const MB = 1_000_000
const SIZE = 200 * MB
/**
 * A buffered copy would add 200 MB. lib-storage holds four 5 MiB parts in flight plus the one
 * filling, and the garbage collector frees copies late: +37 to +68 MiB measured for a 100 MB
 * upload, +0.5 MiB for the download. Half the file is a bound that only streaming stays under.
 */
const MAX_GROWTH = 100 * 2 ** 20
/** Byte i of the file is i mod 251 (a prime): a misplaced range cannot pass for the right one. */
const PATTERN = Buffer.from(Array.from({ length: 251 }, (_, i) => i))

let s3: S3TestServer
let server: StorageServer
let dir: string
let path: string
let md5: string

beforeAll(async () => {
  s3 = await startS3TestServer({ rootFolder: 'streaming' })
  server = await startStorageServer({ env: s3.env })
  const graphql = await fetch(`${server.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': server.adminSecret },
    body: JSON.stringify({
      query: `mutation { updateBucket(pk_columns: {id: "default"}, _set: {maxUploadFileSize: ${2 * SIZE}}) { id } }`,
    }),
  })
  expect(await graphql.json()).toEqual({ data: { updateBucket: { id: 'default' } } })
  dir = mkdtempSync(join(tmpdir(), 'pulseboard-s3-streaming-'))
  path = join(dir, 'big.bin')
  const hash = createHash('md5')
  const out = createWriteStream(path)
  for (let offset = 0; offset < SIZE; offset += MB) {
    const shift = offset % PATTERN.length
    const chunk = Buffer.alloc(MB, Buffer.concat([PATTERN.subarray(shift), PATTERN.subarray(0, shift)]))
    hash.update(chunk)
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  await new Promise<void>((resolve) => out.end(() => resolve()))
  md5 = `"${hash.digest('hex')}"`
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await s3?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

it('uploads and downloads 200 MB with the backend’s memory bounded, and serves a range from the middle', async () => {
  const headers = { 'x-hasura-admin-secret': server.adminSecret }
  const idleBeforeUpload = await server.idleRss()
  const form = new FormData()
  form.append('file[]', await openAsBlob(path, { type: 'application/octet-stream' }), 'big.bin')
  const uploaded = await fetch(`${server.url}/v1/storage/files`, { method: 'POST', headers, body: form })
  expect(uploaded.status).toBe(201)
  const file = ((await uploaded.json()) as { processedFiles: { id: string; size: number; etag: string }[] }).processedFiles[0]!
  expect(file).toMatchObject({ size: SIZE, etag: md5 })
  expect((await server.peakRss()) - idleBeforeUpload).toBeLessThan(MAX_GROWTH)

  const idleBeforeDownload = await server.idleRss()
  const downloaded = await fetch(`${server.url}/v1/storage/files/${file.id}`, { headers })
  expect(downloaded.headers.get('content-length')).toBe(String(SIZE))
  const hash = createHash('md5')
  for await (const chunk of Readable.fromWeb(downloaded.body! as import('node:stream/web').ReadableStream)) hash.update(chunk as Buffer)
  expect(`"${hash.digest('hex')}"`).toBe(md5)
  expect((await server.peakRss()) - idleBeforeDownload).toBeLessThan(MAX_GROWTH)

  const start = 54_321_000
  const range = await fetch(`${server.url}/v1/storage/files/${file.id}`, { headers: { ...headers, range: `bytes=${start}-${start + 99}` } })
  expect(range.status).toBe(206)
  expect(range.headers.get('content-range')).toBe(`bytes ${start}-${start + 99}/${SIZE}`)
  expect([...Buffer.from(await range.arrayBuffer())]).toEqual(Array.from({ length: 100 }, (_, i) => (start + i) % PATTERN.length))
}, 300_000)
