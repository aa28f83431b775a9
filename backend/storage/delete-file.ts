import type { Hono } from 'hono'
import type { StorageService } from './storage-service.ts'
import { assertFileId } from './storage-error.ts'

/**
 * DELETE /files/{id} (nhost-js `deleteFile`): 404 when the caller cannot see the row, 403 when
 * the delete permission refuses it, 204 once the row (as the caller) and then the bytes are gone.
 * A crash between the two leaves bytes without a row, which /ops/list-orphans reports.
 */
export function deleteFileRoutes(app: Hono, storage: StorageService): void {
  app.delete('/files/:id', async (c) => {
    const id = assertFileId(c.req.param('id'))
    const session = await storage.session(c)
    await storage.metadata.fileVisibleTo(session, id)
    await storage.metadata.deleteAsCaller(session, id)
    await storage.blobs.delete(id)
    return c.body(null, 204)
  })
}
