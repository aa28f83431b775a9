import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import type { BackendContext } from '../context/backend-context.ts'
import type { InProcessEngine } from '../engine/execute/in-process-engine.ts'
import type { Logger } from '../lib/logger.ts'
import { resolveSession } from '../session/resolve-session.ts'
import type { Session } from '../session/session.ts'
import { SessionError } from '../session/session-error.ts'
import type { BlobStore } from './blob-store.ts'
import { openDiskBlobStore } from './disk-blob-store.ts'
import { ImageCache } from './image-cache.ts'
import { PresignedUrls } from './presigned-url.ts'
import { openS3BlobStore } from './s3-blob-store.ts'
import { countServingInstances } from './serving-instances.ts'
import { StorageError } from './storage-error.ts'
import { StorageMetadata } from './storage-metadata.ts'

/** What every storage route is given. */
export interface StorageService {
  metadata: StorageMetadata
  blobs: BlobStore
  images: ImageCache
  presigned: PresignedUrls
  adminSecret: string
  log: Logger
  /** How many backend instances serve the database now (serving-instances.ts). */
  servingInstances(): Promise<number>
  /** Who the request is: admin secret, JWT or the unauthorized role (backend/session). */
  session(c: Context): Promise<Session>
}

/**
 * Blobs under `<dataDir>/storage/files` or in the S3 bucket of `S3_BUCKET`; transformed images,
 * a cache each instance keeps for itself, under `<dataDir>/storage/image-cache`.
 */
export function createStorageService(context: BackendContext, engine: InProcessEngine, blobs?: BlobStore): StorageService {
  const root = join(context.config.dataDir, 'storage')
  const configured = context.config.blobStore
  return {
    metadata: new StorageMetadata(engine),
    blobs: blobs ?? (configured.kind === 's3' ? openS3BlobStore(configured, context.log) : openDiskBlobStore(root)),
    images: ImageCache.open(join(root, 'image-cache')),
    presigned: new PresignedUrls(context.config.adminSecret),
    adminSecret: context.config.adminSecret,
    log: context.log,
    servingInstances: () => countServingInstances(context),
    async session(c) {
      try {
        return await resolveSession(c.req.header(), context.config)
      } catch (error) {
        // hasura-storage passes the headers to Hasura and answers its refusal with 403.
        if (error instanceof SessionError) throw new StorageError(403, error.message)
        throw error
      }
    },
  }
}

/**
 * The request body as a Node stream: the socket itself under @hono/node-server (no copy through
 * web streams), the web body otherwise (in-process `app.request` calls).
 */
export function requestBody(c: Context): Readable {
  const incoming = (c.env as { incoming?: Readable } | undefined)?.incoming
  if (incoming) return incoming
  const body = c.req.raw.body
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([])
}
