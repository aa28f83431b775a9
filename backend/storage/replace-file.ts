import type { Hono } from 'hono'
import { readUploadForm } from './read-upload-form.ts'
import { requestBody, type StorageService } from './storage-service.ts'
import { assertFileId, notAuthorized, StorageError } from './storage-error.ts'
import { fileTooSmall } from './upload-meter.ts'

/**
 * PUT /files/{id} (nhost-js `replaceFile`): multipart `file` and optional `metadata`
 * (`{name?, metadata?}`). The new bytes are staged under the file's bucket limits, then the row
 * is updated as the caller (update filter and check: a refused replace changes nothing), marked
 * not uploaded, the bytes swapped in one rename, and the row completed, as hasura-storage does
 * (SetIsUploaded false, upload, PopulateMetadata).
 */
export function replaceFileRoutes(app: Hono, storage: StorageService): void {
  app.put('/files/:id', async (c) => {
    const id = assertFileId(c.req.param('id'))
    const session = await storage.session(c)
    const file = await storage.metadata.fileVisibleTo(session, id)
    // Decided before a byte of the body is read: a role without an update permission is refused.
    if (!(await storage.metadata.roleMay(session, 'updateFile'))) throw notAuthorized()
    const form = await readUploadForm(requestBody(c), {
      contentType: c.req.header('content-type'),
      contentLength: c.req.header('content-length'),
      blobs: storage.blobs,
      fileField: 'file',
      metadataField: 'metadata',
      bucketFor: async () => file.bucket,
    })
    const [upload, ...extra] = form.files
    try {
      if (!upload || extra.length > 0 || form.metadata.length > 1)
        throw new StorageError(400, 'wrong file data in multipart form, one needs to be specified')
      if (upload.size < file.bucket.minUploadFileSize) throw fileTooSmall(upload.filename, upload.size, file.bucket.minUploadFileSize)
      const meta = (form.metadata[0] ?? {}) as { name?: unknown; metadata?: Record<string, unknown> }
      const set: Record<string, unknown> = { name: meta.name ?? upload.filename, mimeType: upload.mimeType }
      if (meta.metadata !== undefined) set.metadata = meta.metadata
      await storage.metadata.updateAsCaller(session, id, set)
    } catch (error) {
      await Promise.all(form.files.map((staged) => staged.blob.discard()))
      throw error
    }
    await storage.metadata.updateAsAdmin(id, { isUploaded: false })
    await upload.blob.commit(id)
    return c.json(
      await storage.metadata.updateAsAdmin(id, { etag: upload.etag, size: upload.size, mimeType: upload.mimeType, isUploaded: true }),
    )
  })
}
