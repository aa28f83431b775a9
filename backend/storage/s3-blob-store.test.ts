import { Readable } from 'node:stream'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3TestServer, type S3TestServer } from '../../tests/support/s3-test-server.ts'
import { readBlobStoreConfig, type S3Config } from '../config/blob-store-config.ts'
import { createLogger } from '../lib/logger.ts'
import type { BlobStore } from './blob-store.ts'
import { openS3BlobStore } from './s3-blob-store.ts'

/** The S3 store against a real S3-protocol server (s3rver in a child process). */

let s3: S3TestServer
let config: S3Config
let store: BlobStore
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

async function text(stream: Readable | null): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream!) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString()
}

async function keys(): Promise<string[]> {
  const found: string[] = []
  for await (const key of store.list()) found.push(key)
  return found.sort()
}

beforeAll(async () => {
  s3 = await startS3TestServer({ rootFolder: 'project' })
  config = readBlobStoreConfig(s3.env) as S3Config
  store = openS3BlobStore(config, createLogger('silent'))
})

afterAll(async () => {
  await s3?.stop()
})

describe('openS3BlobStore', () => {
  it('makes staged bytes visible only on commit, replacing what was there, and reads ranges', async () => {
    await (await store.stage(Readable.from(['first version']))).commit(id(1))
    const staged = await store.stage(Readable.from(['second ', 'version']))
    expect(await text(await store.read(id(1)))).toBe('first version')
    await staged.commit(id(1))
    expect(await text(await store.read(id(1)))).toBe('second version')
    expect(await text(await store.read(id(1), { start: 7, end: 13 }))).toBe('version')
    expect(await store.stat(id(1))).toEqual({ size: 14 })
    await store.delete(id(1))
    expect(await store.stat(id(1))).toBeNull()
    expect(await store.read(id(1))).toBeNull()
  })

  it('leaves nothing for a discarded upload or one whose source fails', async () => {
    await (await store.stage(Readable.from(['never committed']))).discard()
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(6 * 1024 * 1024, 1)
        throw new Error('the client went away')
      })(),
    )
    // The multipart upload is aborted (on s3rver, which has no AbortMultipartUpload, that
    // answer's 405 is what rejects); nothing is committed either way.
    await expect(store.stage(failing)).rejects.toThrow()
    expect(await keys()).toEqual([])
  })

  it("lists only file ids under its root folder: not staging, not other folders' objects", async () => {
    await (await store.stage(Readable.from(['kept']))).commit(id(2))
    const client = new S3Client({ region: config.region, endpoint: config.endpoint, forcePathStyle: true, credentials: config.credentials })
    for (const key of [`other/${id(3)}`, 'project/notes.txt', `project/sub/${id(4)}`, id(5)])
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: 'not ours' }))
    await store.stage(Readable.from(['staged only']))
    expect(await keys()).toEqual([id(2)])
  })

  it('throws, rather than answering "no such blob", when the bucket itself is missing', async () => {
    const wrong = openS3BlobStore({ ...config, bucket: 'no-such-bucket' }, createLogger('silent'))
    await expect(wrong.list()[Symbol.asyncIterator]().next()).rejects.toThrow()
    await expect(wrong.read(id(2))).rejects.toThrow()
  })
})
