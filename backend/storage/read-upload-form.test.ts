import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDiskBlobStore } from './disk-blob-store.ts'
import { readUploadForm, type UploadFormOptions } from './read-upload-form.ts'
import type { BucketSettings } from './storage-metadata.ts'

const BOUNDARY = 'pulseboard-test-boundary'
const bucket = { maxUploadFileSize: 10 * 1024 * 1024 } as BucketSettings

let root: string
let rejections: unknown[]
const recordRejection = (reason: unknown): void => {
  rejections.push(reason)
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'read-upload-form-'))
  rejections = []
  process.on('unhandledRejection', recordRejection)
})

afterEach(() => {
  process.off('unhandledRejection', recordRejection)
  rmSync(root, { recursive: true, force: true })
})

function options(bucketFor: UploadFormOptions['bucketFor']): UploadFormOptions {
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    contentLength: undefined,
    blobs: openDiskBlobStore(root),
    fileField: 'file[]',
    metadataField: 'metadata[]',
    bucketFor,
  }
}

const filePartHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file[]"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`

describe('readUploadForm', () => {
  it('reads a file part and stages its bytes', async () => {
    const body = new PassThrough()
    body.end(`${filePartHead}hello\r\n--${BOUNDARY}--\r\n`)
    const form = await readUploadForm(
      body,
      options(async () => bucket),
    )
    expect(form.files.map((file) => [file.filename, file.size])).toEqual([['a.bin', 5]])
    await form.files[0]!.blob.discard()
  })

  it('refuses a body that ends inside a file part while the bucket is still being read, leaving no rejection unhandled and nothing staged', async () => {
    const body = new PassThrough()
    // The body ends, truncated, long before the bucket's settings arrive: staging fails first.
    body.write(`${filePartHead}${'x'.repeat(1000)}`)
    setTimeout(() => body.end(), 5)
    const slowBucket = async (): Promise<BucketSettings> => {
      await sleep(50)
      return bucket
    }
    await expect(readUploadForm(body, options(slowBucket))).rejects.toMatchObject({ status: 400 })
    // Node reports an unhandled rejection after the turn it happened in; give it a few.
    await sleep(20)
    expect(rejections).toEqual([])
    expect(readdirSync(join(root, 'staging'))).toEqual([])
  })
})
