import { pipeline, type Readable } from 'node:stream'
import busboy from 'busboy'
import type { BlobStore, StagedBlob } from './blob-store.ts'
import { checkFileName } from './file-name.ts'
import { FormSizeLimit, formTooLarge } from './form-size-limit.ts'
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
  metadata: Record<string, unknown>[]
  files: StagedUpload[]
}

export interface UploadFormOptions {
  contentType: string | undefined
  /** The `Content-Length` the client declared, if any. */
  contentLength: string | undefined
  blobs: BlobStore
  /** Field names: `file[]`/`metadata[]` for POST /files, `file`/`metadata` for PUT /files/{id}. */
  fileField: string
  metadataField: string
  /** The bucket whose limits apply to the file parts (read from `bucket-id` for POST /files). */
  bucketFor(bucketId: string | undefined): Promise<BucketSettings>
}

/** More than any file's metadata needs; a larger part is refused, not buffered. */
const MAX_METADATA_BYTES = 64 * 1024
/** Far more than any file's description needs; deep values cost the database stack, not meaning. */
const MAX_METADATA_DEPTH = 32
/** The web app sends one file per request; 20 bounds what one request can stage at once. */
export const MAX_FILES = 20
const MAX_FIELDS = 20
/** busboy's bound on the headers of one part. */
const MAX_PART_HEADER_BYTES = 16 * 1024
const MAX_PARTS = 2 * MAX_FILES + MAX_FIELDS
/** Everything in a form but file bytes: fields, metadata parts and part headers at their limits. */
const FORM_OVERHEAD_BYTES = (MAX_FILES + MAX_FIELDS) * MAX_METADATA_BYTES + MAX_PARTS * MAX_PART_HEADER_BYTES

/** The largest body a form for `bucket` can be: as many files as allowed, each at the bucket's limit. */
export function maxFormBytes(bucket: BucketSettings): number {
  return FORM_OVERHEAD_BYTES + MAX_FILES * bucket.maxUploadFileSize
}

/**
 * Reads a multipart upload as it arrives (busboy): each file part streams through an
 * `UploadMeter` into the blob store's staging area, so memory stays bounded whatever the size,
 * and a part over the bucket's limit fails at the limit. Metadata parts are read as text whether
 * sent as fields or, as nhost-js sends them, as Blob parts with an empty filename.
 *
 * What can be refused before a file's bytes are read is: the part count and the file name (400).
 * The bucket (404) and a declared length no form for it can have (413) are decided while the
 * first file's first bytes stream into staging (at most `UNCHECKED_BYTES` of them), which they
 * then stop and discard. The whole body is counted
 * too, so parts this form ignores cannot go on for ever. On any failure (a refusal, a malformed
 * or truncated body, a client that leaves) reading stops at once, every stream is closed with
 * its error handled, and every part staged so far is discarded before the error is thrown; the
 * unread rest of the body is left to the HTTP layer, which drains it briefly so the client
 * reads the answer, then closes the connection.
 */
export async function readUploadForm(body: Readable, options: UploadFormOptions): Promise<UploadForm> {
  if (!options.contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw new StorageError(400, 'request body must be multipart/form-data')
  }
  const declaredLength = options.contentLength === undefined ? undefined : Number(options.contentLength)
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': options.contentType },
      // Browsers send a file name's UTF-8 bytes as they are; busboy's default reads them as Latin-1.
      defParamCharset: 'utf8',
      limits: { files: 2 * MAX_FILES, fields: MAX_FIELDS, fieldSize: MAX_METADATA_BYTES, parts: MAX_PARTS },
    })
  } catch (error) {
    throw new StorageError(400, `malformed multipart form: ${(error as Error).message}`)
  }
  const sizeLimit = new FormSizeLimit(FORM_OVERHEAD_BYTES)
  const form: UploadForm = { metadata: [], files: [] }
  let fileParts = 0
  let failure: unknown
  let settle: () => void = () => {}
  const settled = new Promise<void>((resolve) => {
    settle = resolve
  })
  const fail = (error: unknown): void => {
    if (failure !== undefined) return
    failure = error
    // Stop reading: busboy destroys the part it was writing, whose consumer sees the error.
    body.unpipe(sizeLimit)
    sizeLimit.destroy()
    parser.destroy()
    settle()
  }

  let work: Promise<void> = Promise.resolve()
  const enqueue = (task: () => Promise<void>): void => {
    work = work.then(() => (failure === undefined ? task() : undefined)).catch(fail)
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
    // Every part stream is closed with an error when reading stops; that error is the request's.
    stream.on('error', () => {})
    const isFile = name === options.fileField
    if (isFile && ++fileParts > MAX_FILES) fail(tooManyFiles())
    enqueue(async () => {
      if (name === options.metadataField) {
        form.metadata.push(parseMetadata(await readText(stream)))
      } else if (isFile) {
        const first = form.files.length === 0
        form.files.push(await stageFile(stream, info, options.blobs, options.bucketFor(form.bucketId), first ? allowBucket : undefined))
      } else {
        stream.resume()
      }
    })
    // A part whose turn never comes must not hold the parser: drain it after a failure.
    void work.then(() => {
      if (failure !== undefined) stream.resume()
    })
  })
  const allowBucket = (bucket: BucketSettings): void => {
    const max = maxFormBytes(bucket)
    if (declaredLength !== undefined && declaredLength > max) throw formTooLarge(max)
    sizeLimit.raise(max)
  }
  parser.on('filesLimit', () => fail(tooManyFiles()))
  parser.on('partsLimit', () => fail(new StorageError(400, `at most ${MAX_PARTS} parts per multipart form`)))
  parser.on('fieldsLimit', () => fail(new StorageError(400, `at most ${MAX_FIELDS} fields per multipart form`)))
  parser.on('error', (error: Error) => fail(new StorageError(400, `malformed multipart form: ${error.message}`)))
  parser.on('close', () => {
    // Every part has been handed out; the form is read once the last one is staged.
    void work.then(settle)
  })
  sizeLimit.on('error', fail)
  body.on('error', () => fail(clientLeft()))
  body.on('close', () => {
    if (!body.readableEnded) fail(clientLeft())
  })
  body.pipe(sizeLimit).pipe(parser)

  await settled
  await work
  if (failure !== undefined) {
    await Promise.all(form.files.map((file) => file.blob.discard()))
    throw failure
  }
  return form
}

/**
 * Stages one file part while its bucket is read (one database round trip off an upload's path):
 * the meter lets `UNCHECKED_BYTES` through before the bucket's limit is known, and the form's
 * size limit bounds the whole body until `allowBucket` raises it. A refused bucket stops and
 * discards what was staged.
 */
async function stageFile(
  stream: Readable,
  info: busboy.FileInfo,
  blobs: BlobStore,
  bucketSettings: Promise<BucketSettings>,
  allowBucket: ((bucket: BucketSettings) => void) | undefined,
): Promise<StagedUpload> {
  const filename = checkFileName(info.filename || 'file')
  const meter = new UploadMeter(filename)
  // The part's own errors (a truncated body, a client gone) reach the meter, and so the blob store.
  pipeline(stream, meter, () => {})
  const staging = blobs.stage(meter)
  // A truncated body fails staging while the bucket may still be read: awaited below, so it must
  // not count as unhandled meanwhile (Node ends the process on an unhandled rejection).
  staging.catch(() => undefined)
  try {
    const bucket = await bucketSettings
    allowBucket?.(bucket)
    meter.limit(bucket.maxUploadFileSize)
  } catch (error) {
    meter.destroy(error as Error)
    await staging.then(
      (blob) => blob.discard(),
      () => undefined,
    )
    throw error
  }
  const blob = await staging
  return { filename, mimeType: sniffMimeType(meter.head, info.mimeType), size: meter.size, etag: meter.etag(), blob }
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

function tooManyFiles(): StorageError {
  return new StorageError(400, `at most ${MAX_FILES} files per request`, { maxFiles: MAX_FILES })
}

/** Not an answer the client will read: it is gone. Logged as a refusal, never as a failure. */
function clientLeft(): StorageError {
  return new StorageError(400, 'the client closed the connection before the upload ended')
}

/** `{id?, name?, metadata?}`; the name is checked here, before any file part is read. */
function parseMetadata(text: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    // answered below
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new StorageError(400, "couldn't decode metadata")
  if (depthOf(value) > MAX_METADATA_DEPTH) throw new StorageError(400, `metadata nested deeper than ${MAX_METADATA_DEPTH} levels`)
  const { name } = value as { name?: unknown }
  if (name !== undefined) {
    if (typeof name !== 'string') throw new StorageError(400, 'file name must be a string')
    checkFileName(name)
  }
  return value as Record<string, unknown>
}

/** How deeply objects and arrays nest in a parsed JSON value, counted without recursion. */
function depthOf(root: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[root, 1]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    if (typeof value !== 'object' || value === null) continue
    deepest = Math.max(deepest, depth)
    for (const child of Object.values(value)) stack.push([child, depth + 1])
  }
  return deepest
}
