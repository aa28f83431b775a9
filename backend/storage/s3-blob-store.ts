import { randomUUID } from 'node:crypto'
import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import { Readable } from 'node:stream'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { S3Config } from '../config/blob-store-config.ts'
import type { Logger } from '../lib/logger.ts'
import type { BlobStore, ByteRange, StagedBlob } from './blob-store.ts'

/** Staged uploads older than this were cut off by a crash (`kill -9`): removed at start, as on disk. */
const STALE_STAGING_MS = 60 * 60 * 1000
/**
 * Multipart uploads hold at most `QUEUE_SIZE` parts of `PART_SIZE` in memory (the SDK's
 * defaults): an upload of any size costs about 20 MiB while it streams.
 */
const PART_SIZE = 5 * 1024 * 1024
const QUEUE_SIZE = 4
/** Downloads hold a socket while the client reads; the SDK's default of 50 would queue the 51st. */
const MAX_SOCKETS = 256
/** The ids of storage.files: the only keys under the root folder this store owns. */
const FILE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Blobs as objects `<S3_ROOT_FOLDER>/<id>` of one bucket (hasura-storage's layout), shared by
 * every instance. An upload streams into `<root>/staging/<uuid>` (a multipart upload past 5 MiB,
 * so memory stays bounded); committing copies it onto the id's key inside S3, which
 * replaces the object at once: readers see the old bytes or the new ones. S3's `CopyObject`
 * takes objects up to 5 GiB.
 */
export function openS3BlobStore(config: S3Config, log: Logger): BlobStore {
  const client = createS3Client(config)
  const prefix = config.rootFolder === '' ? '' : `${config.rootFolder}/`
  const stagingPrefix = `${prefix}staging/`
  const keyOf = (key: string): string => {
    if (!/^[A-Za-z0-9-]{1,100}$/.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`)
    return `${prefix}${key}`
  }
  const remove = async (key: string): Promise<void> => {
    await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }))
  }
  void checkAtStart(client, config, stagingPrefix, log)

  return {
    shared: true,
    async stage(source) {
      const stagingKey = `${stagingPrefix}${randomUUID()}`
      const upload = new Upload({
        client,
        // A plain stream over `source`: lib-storage takes a `size` property for the body's length,
        // and the upload's meter has one (the bytes counted so far). Errors of `source` pass on.
        params: { Bucket: config.bucket, Key: stagingKey, Body: Readable.from(source, { objectMode: false }) },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      })
      try {
        await upload.done()
      } catch (error) {
        // A multipart upload aborts its parts itself; a single PUT that failed left nothing.
        source.resume()
        throw error
      }
      let done = false
      const staged: StagedBlob = {
        async commit(key) {
          done = true
          await client.send(
            new CopyObjectCommand({ Bucket: config.bucket, Key: keyOf(key), CopySource: copySource(config.bucket, stagingKey) }),
          )
          await remove(stagingKey)
        },
        async discard() {
          if (done) return
          done = true
          await remove(stagingKey)
        },
      }
      return staged
    },
    async read(key, range?: ByteRange) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: keyOf(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        return object.Body as Readable
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }))
        return { size: head.ContentLength ?? 0 }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async delete(key) {
      await remove(keyOf(key))
    },
    async *list() {
      // Keys one level under the root named like file ids: `staging/…` and anything else is not ours.
      for await (const page of listPages(client, config.bucket, prefix)) {
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length) ?? ''
          if (FILE_KEY.test(name)) yield name
        }
      }
    },
  }
}

function createS3Client(config: S3Config): S3Client {
  const agent = { keepAlive: true, maxSockets: MAX_SOCKETS }
  return new S3Client({
    region: config.region,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    ...(config.credentials === undefined ? {} : { credentials: config.credentials }),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible servers (MinIO, R2, older releases)
    // do not all take the SDK's default trailing checksums on streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { httpAgent: new HttpAgent(agent), httpsAgent: new HttpsAgent(agent) },
  })
}

/**
 * Says at start, in the log, when the bucket cannot be reached (the backend still starts: a
 * store that comes back later serves files again), and removes staged uploads a crash left.
 */
async function checkAtStart(client: S3Client, config: S3Config, stagingPrefix: string, log: Logger): Promise<void> {
  try {
    // A listing, not HeadBucket: the ops endpoints need the right to list, and every server has it.
    await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: stagingPrefix, MaxKeys: 1 }))
  } catch (error) {
    log.error('storage: the S3 bucket cannot be reached; uploads and downloads fail until it can', {
      bucket: config.bucket,
      endpoint: config.endpoint ?? 'AWS S3',
      error: String(error),
    })
    return
  }
  try {
    const cutoff = Date.now() - STALE_STAGING_MS
    for await (const page of listPages(client, config.bucket, stagingPrefix)) {
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified.getTime() < cutoff)
          await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: object.Key }))
      }
    }
  } catch (error) {
    log.warn('storage: could not remove stale staged uploads from the S3 bucket', { error: String(error) })
  }
}

async function* listPages(client: S3Client, bucket: string, prefix: string): AsyncIterable<ListObjectsV2CommandOutput> {
  let token: string | undefined
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
    )
    yield page
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
}

/** `x-amz-copy-source`: bucket and key, each path segment URL-encoded. */
function copySource(bucket: string, key: string): string {
  return `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`
}

/**
 * A missing object: 404 (`NoSuchKey` for GET, `NotFound` for HEAD, which has no body to say
 * more). A missing bucket is thrown, as is any other failure: it must never read as "no such file".
 */
function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return $metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket'
}
