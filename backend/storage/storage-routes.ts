import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { BackendContext } from '../context/backend-context.ts'
import type { InProcessEngine } from '../engine/execute/in-process-engine.ts'
import type { BlobStore } from './blob-store.ts'
import { deleteFileRoutes } from './delete-file.ts'
import { downloadFileRoutes } from './download-file.ts'
import { replaceFileRoutes } from './replace-file.ts'
import { STORAGE_OPENAPI_YAML } from './openapi-document.ts'
import { storageOpsRoutes } from './storage-ops.ts'
import { createStorageService } from './storage-service.ts'
import { honoErrorHandler, requestIdOf } from '../lib/error-answer.ts'
import { StorageError, storageErrorResponse } from './storage-error.ts'
import { uploadFilesRoutes } from './upload-files.ts'

/** What `GET /version` reports (nhost-js `getVersion`). */
export const STORAGE_VERSION = 'v0.8.0-pulseboard'

/**
 * The Nhost Storage-compatible service, mounted at `/v1/storage`. CORS as hasura-storage sets it
 * (controller/controller.go: any origin, its methods and headers, `X-Error` and the download
 * headers exposed, 12 h preflight cache); every error in its `{"error":{"message"}}` shape.
 */
export function storageRoutes(context: BackendContext, engine: InProcessEngine, blobs?: BlobStore): Hono {
  const storage = createStorageService(context, engine, blobs)
  const app = new Hono()
  app.use(
    cors({
      origin: '*',
      allowMethods: ['GET', 'PUT', 'POST', 'HEAD', 'DELETE'],
      allowHeaders: [
        'Authorization',
        'Origin',
        'Content-Type',
        'Range',
        'if-match',
        'if-none-match',
        'if-modified-since',
        'if-unmodified-since',
        'x-hasura-admin-secret',
        'x-nhost-bucket-id',
        'x-nhost-file-name',
        'x-nhost-file-id',
      ],
      exposeHeaders: [
        'Content-Length',
        'Content-Type',
        'Content-Range',
        'Content-Disposition',
        'Cache-Control',
        'ETag',
        'Last-Modified',
        'X-Error',
      ],
      maxAge: 12 * 60 * 60,
    }),
  )
  // Downloads are bytes and names users chose, errors quote them: no browser may guess a type.
  app.use(async (c, next) => {
    await next()
    c.res.headers.set('X-Content-Type-Options', 'nosniff')
  })
  app.get('/version', (c) => c.json({ buildVersion: STORAGE_VERSION }))
  app.get('/openapi.yaml', (c) => c.body(STORAGE_OPENAPI_YAML, 200, { 'content-type': 'application/yaml; charset=utf-8' }))

  uploadFilesRoutes(app, storage)
  downloadFileRoutes(app, storage)
  replaceFileRoutes(app, storage)
  deleteFileRoutes(app, storage)
  storageOpsRoutes(app, storage)
  app.all('*', () => storageErrorResponse(new StorageError(404, 'resource does not exist')))

  const answerError = honoErrorHandler({
    service: 'storage',
    internal: new StorageError(500, 'an internal server error occurred'),
    log: context.log,
  })
  app.onError((error, c) => {
    if (error instanceof StorageError && (error.status >= 500 || error.cause))
      context.log.warn('storage request refused', { requestId: requestIdOf(c), message: error.message, cause: String(error.cause ?? '') })
    return answerError(error, c)
  })
  return app
}
