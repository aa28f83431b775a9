import type { Context, Hono } from 'hono'
import { sendFile } from './send-file.ts'
import type { StorageService } from './storage-service.ts'
import { assertFileId, StorageError } from './storage-error.ts'

/**
 * GET and HEAD /files/{id} (nhost-js `getFile`, `getFileMetadataHeaders`): the caller must be
 * able to select the row (404 when the filter hides it, 403 when the role has no select at all).
 * GET /files/{id}/presignedurl: `{url, expiration}` for a caller who may download it, when the
 * bucket allows presigned URLs; the URL (`…/presignedurl/contents?…`) needs no session until
 * `downloadExpiration` seconds have passed.
 */
export function downloadFileRoutes(app: Hono, storage: StorageService): void {
  const download = async (c: Context) => {
    const id = assertFileId(c.req.param('id') ?? '')
    const file = await storage.metadata.fileVisibleTo(await storage.session(c), id)
    return sendFile(c, storage, file)
  }
  // Hono answers HEAD with the GET route, without its body; sendFile then opens no blob.
  app.get('/files/:id', download)

  app.get('/files/:id/presignedurl', async (c) => {
    const id = assertFileId(c.req.param('id'))
    const file = await storage.metadata.fileVisibleTo(await storage.session(c), id)
    if (!file.bucket.presignedUrlsEnabled) {
      throw new StorageError(403, 'presigned URLs are not enabled on the bucket where this file is located in')
    }
    if (!file.isUploaded) throw new StorageError(403, 'file not uploaded')
    const expiration = file.bucket.downloadExpiration
    const origin = new URL(c.req.url).origin
    const url = `${origin}/v1/storage/files/${id}/presignedurl/contents?${storage.presigned.sign(id, expiration)}`
    return c.json({ url, expiration })
  })

  app.get('/files/:id/presignedurl/contents', async (c) => {
    const id = assertFileId(c.req.param('id'))
    storage.presigned.verify(id, c.req.query())
    const file = await storage.metadata.fileAsAdmin(id)
    // Turning presigned URLs off for a bucket also stops the ones already handed out.
    if (!file.bucket.presignedUrlsEnabled)
      throw new StorageError(403, 'presigned URLs are not enabled on the bucket where this file is located in')
    return sendFile(c, storage, file)
  })
}
