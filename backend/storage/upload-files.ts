import { randomUUID } from 'node:crypto'
import type { Hono, Context } from 'hono'
import { readUploadForm, type StagedUpload } from './read-upload-form.ts'
import type { StorageService } from './storage-service.ts'
import { requestBody } from './storage-service.ts'
import type { BucketSettings, FileMetadata } from './storage-metadata.ts'
import { isUuid, notAuthorized, StorageError, storageErrorResponse } from './storage-error.ts'
import { fileTooSmall } from './upload-meter.ts'

interface UploadMetadata {
  id?: string
  name?: string
  metadata?: Record<string, unknown>
}

/**
 * POST /files (nhost-js `uploadFiles`): multipart `bucket-id`, `file[]` and optional
 * `metadata[]` (`{id?, name?, metadata?}` per file, same order). Each file is staged while it
 * streams in, then its row is inserted as the caller (insert check and presets apply) and
 * completed as admin (etag, size, MIME type, isUploaded) in one transaction, one database round
 * trip, where hasura-storage runs three operations; then the bytes are committed under the row's
 * id. The row comes first so that bytes never replace a file the caller may not write (a chosen
 * id that exists fails the insert). 201 `{processedFiles}`; on a failure the files before it stay
 * and are listed beside the error, nothing of the failed or later ones does.
 */
export function uploadFilesRoutes(app: Hono, storage: StorageService): void {
  const upload = async (c: Context): Promise<Response> => {
    const session = await storage.session(c)
    // Decided before a byte of the body is read: a role without an insert permission is refused.
    if (!(await storage.metadata.roleMay(session, 'insertFile'))) {
      return storageErrorResponse(notAuthorized(), { processedFiles: [] })
    }
    const buckets = new Map<string, Promise<BucketSettings>>()
    const bucketFor = (id: string | undefined): Promise<BucketSettings> => {
      const key = id ?? 'default'
      let bucket = buckets.get(key)
      if (!bucket) buckets.set(key, (bucket = storage.metadata.bucket(key)))
      return bucket
    }
    let form
    try {
      form = await readUploadForm(requestBody(c), {
        contentType: c.req.header('content-type'),
        contentLength: c.req.header('content-length'),
        blobs: storage.blobs,
        fileField: 'file[]',
        metadataField: 'metadata[]',
        bucketFor,
      })
    } catch (error) {
      // Upload errors carry `processedFiles` (nhost-js `ErrorResponseWithProcessedFiles`).
      if (error instanceof StorageError) return storageErrorResponse(error, { processedFiles: [] })
      throw error
    }
    const discard = (files: StagedUpload[]) => Promise.all(files.map((file) => file.blob.discard()))
    if (form.files.length === 0)
      return storageErrorResponse(new StorageError(400, 'file[] not found in Multipart form'), { processedFiles: [] })
    if (form.metadata.length > 0 && form.metadata.length !== form.files.length) {
      await discard(form.files)
      return storageErrorResponse(new StorageError(400, "file metadata length doesn't match number of files in request"), {
        processedFiles: [],
      })
    }
    const processedFiles: FileMetadata[] = []
    for (const [i, file] of form.files.entries()) {
      try {
        const bucket = await bucketFor(form.bucketId)
        processedFiles.push(await storeFile(storage, session, file, bucket, (form.metadata[i] ?? {}) as UploadMetadata))
      } catch (error) {
        await discard(form.files.slice(i))
        if (error instanceof StorageError) return storageErrorResponse(error, { processedFiles })
        throw error
      }
    }
    return c.json({ processedFiles }, 201)
  }
  app.post('/files', upload)
  app.post('/files/', upload)
}

async function storeFile(
  storage: StorageService,
  session: Awaited<ReturnType<StorageService['session']>>,
  file: StagedUpload,
  bucket: BucketSettings,
  meta: UploadMetadata,
): Promise<FileMetadata> {
  if (meta.id !== undefined && !isUuid(meta.id)) throw new StorageError(400, `file id must be a UUID, got ${JSON.stringify(meta.id)}`)
  if (file.size < bucket.minUploadFileSize) throw fileTooSmall(file.filename, file.size, bucket.minUploadFileSize)
  const id = meta.id ?? randomUUID()
  const row: Record<string, unknown> = {
    id,
    bucketId: bucket.id,
    name: meta.name ?? file.filename,
    mimeType: file.mimeType,
    size: file.size,
  }
  if (meta.metadata !== undefined) row.metadata = meta.metadata
  const stored = await storage.metadata.insertUploadedAsCaller(session, row, {
    etag: file.etag,
    size: file.size,
    mimeType: file.mimeType,
    isUploaded: true,
  })
  try {
    await file.blob.commit(id)
  } catch (error) {
    // hasura-storage deletes the row when the bytes cannot be stored.
    await storage.metadata.deleteAsAdmin(id)
    throw error
  }
  return stored
}
