import type { Readable } from 'node:stream'
import busboy from 'busboy'
import type { BlobStore, StagedBlob } from './blob-store.ts'
import { sniffMimeType } from './sniff-mime-type.ts'
import type { BucketSettings } from './storage-metadata.ts'
import { StorageError } from './storage-error.ts'
import { UploadMeter } from './upload-meter.ts'

/** One uploaded file, measured and staged: not yet visible under any id. */
export interface StagedUpload {
  filename: string
  mimeType: string
  size: number
  etag: string
  blob: StagedBlob
}

export interface UploadForm {
  bucketId?: string
  metadata: unknown[]
  files: StagedUpload[]
}

export interface UploadFormOptions {
  contentType: string | undefined
  blobs: BlobStore
  /** Field names: `file[]`/`metadata[]` for POST /files, `file`/`metadata` for PUT /files/{id}. */
  fileField: string
  metadataField: string
  /** The bucket whose limits apply to the file parts (read from `bucket-id` for POST /files). */
  bucketFor(bucketId: string | undefined): Promise<BucketSettings>
}

/** More than any file's metadata needs; a larger part is refused, not buffered. */
const MAX_METADATA_BYTES = 64 * 1024
const MAX_FILES = 100

/**
 * Reads a multipart upload as it arrives (busboy): each file part streams through an
 * `UploadMeter` into the blob store's staging area, so memory stays bounded whatever the size,
 * and a part over the bucket's limit fails at the limit. Metadata parts are read as text whether
 * sent as fields or, as nhost-js sends them, as Blob parts with an empty filename.
 * On any error every part staged so far is discarded and the rest of the body is drained.
 */
export async function readUploadForm(body: Readable, options: UploadFormOptions): Promise<UploadForm> {
  if (!options.contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw new StorageError(400, 'request body must be multipart/form-data')
  }
  const form: UploadForm = { metadata: [], files: [] }
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': options.contentType },
      limits: { files: 2 * MAX_FILES, fields: 20, fieldSize: MAX_METADATA_BYTES, parts: 2 * MAX_FILES + 20 },
    })
  } catch (error) {
    throw new StorageError(400, `malformed multipart form: ${(error as Error).message}`)
  }
  let work: Promise<void> = Promise.resolve()
  let failure: unknown
  let signalFailure: () => void = () => {}
  const failed = new Promise<void>((resolve) => {
    signalFailure = resolve
  })
  const fail = (error: unknown): void => {
    failure ??= error
    signalFailure()
  }
  const enqueue = (task: () => Promise<void>): void => {
    work = work
      .then(async () => {
        if (failure === undefined) await task()
      })
      .catch(fail)
  }

  parser.on('field', (name, value, info) => {
    enqueue(async () => {
      // busboy cuts a field at `fieldSize` and says so: a cut value is refused, never used.
      if (info.valueTruncated) throw metadataTooLarge()
      if (name === 'bucket-id') {
        if (form.files.length > 0) throw new StorageError(400, 'bucket-id must come before the files in the multipart form')
        form.bucketId = value
      } else if (name === options.metadataField) {
        form.metadata.push(parseMetadata(value))
      }
    })
  })
  parser.on('file', (name, stream, info) => {
    enqueue(async () => {
      if (name === options.metadataField) {
        form.metadata.push(parseMetadata(await readText(stream)))
      } else if (name === options.fileField) {
        if (form.files.length >= MAX_FILES) throw new StorageError(400, `at most ${MAX_FILES} files per request`)
        const bucket = await options.bucketFor(form.bucketId)
        form.files.push(await stageFile(stream, info, bucket, options.blobs))
      } else {
        stream.resume()
      }
    })
    // A part whose turn never comes must not stall the parser: drain it after a failure.
    void work.then(() => {
      if (failure !== undefined) stream.resume()
    })
  })
  parser.on('filesLimit', () =>
    enqueue(async () => {
      throw new StorageError(400, `at most ${MAX_FILES} files per request`)
    }),
  )

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve)
    parser.on('error', (error: Error) => reject(new StorageError(400, `malformed multipart form: ${error.message}`)))
  })
  body.pipe(parser)
  // The first failure answers at once: the rest of the body is drained unread, not parsed.
  await Promise.race([parsed.catch(fail), failed])
  if (failure !== undefined) {
    body.unpipe(parser)
    body.resume()
    parser.destroy()
  }
  await work
  if (failure !== undefined) {
    await Promise.all(form.files.map((file) => file.blob.discard()))
    throw failure
  }
  return form
}

async function stageFile(stream: Readable, info: busboy.FileInfo, bucket: BucketSettings, blobs: BlobStore): Promise<StagedUpload> {
  const filename = info.filename || 'file'
  const meter = new UploadMeter(filename, bucket.maxUploadFileSize)
  try {
    const blob = await blobs.stage(stream.pipe(meter))
    return { filename, mimeType: sniffMimeType(meter.head, info.mimeType), size: meter.size, etag: meter.etag(), blob }
  } catch (error) {
    stream.resume()
    throw error
  }
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of stream) {
    length += (chunk as Buffer).length
    if (length > MAX_METADATA_BYTES) throw metadataTooLarge()
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function metadataTooLarge(): StorageError {
  return new StorageError(413, `a form field or metadata part is larger than ${MAX_METADATA_BYTES} bytes`)
}

function parseMetadata(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value
  } catch {
    // answered below
  }
  throw new StorageError(400, "couldn't decode metadata")
}
