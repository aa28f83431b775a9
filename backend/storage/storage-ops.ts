import type { Context, Hono } from 'hono'
import type { StorageService } from './storage-service.ts'
import { notAuthorized, StorageError } from './storage-error.ts'

/**
 * POST /ops/* (nhost-js `listOrphanedFiles` …): housekeeping for what a crash can leave, admin
 * secret only. Orphans are bytes without a row (a crash between a row's delete and the bytes');
 * broken metadata is a row marked uploaded without bytes (a crash between an upload's row and its
 * bytes); not uploaded, a row whose replace never completed (a crash mid-replace).
 *
 * Both checks read the blobs before the rows: an upload inserts its row before its bytes, so
 * bytes listed first always find their row, and a row read later whose bytes were not listed
 * is looked up again before it counts as broken. A row is never deleted while its bytes exist:
 * with blobs on one machine's disk and several instances on the database, a file missing here
 * may be on another machine, so the broken-metadata endpoints refuse (409) instead of guessing.
 */
export function storageOpsRoutes(app: Hono, storage: StorageService): void {
  const requireAdmin = async (c: Context): Promise<void> => {
    const session = await storage.session(c)
    if (!session.adminSecretUsed || !session.isAdmin) throw notAuthorized()
  }
  const listKeys = async (): Promise<Set<string>> => {
    const keys = new Set<string>()
    for await (const key of storage.blobs.list()) keys.add(key)
    return keys
  }
  const orphans = async (): Promise<string[]> => {
    const keys = await listKeys()
    const known = new Set((await storage.metadata.listAsAdmin({})).map((file) => file.id))
    return [...keys].filter((key) => !known.has(key))
  }
  const brokenMetadata = async () => {
    if (!storage.blobs.shared) {
      const instances = await storage.servingInstances()
      if (instances > 1) {
        throw new StorageError(
          409,
          `cannot tell broken metadata: files are stored on each instance's own disk and ${instances} instances serve this database, ` +
            'so a file missing here may be stored by another one; store files in S3 (S3_BUCKET) to share them',
        )
      }
    }
    const keys = await listKeys()
    const uploaded = await storage.metadata.listAsAdmin({ isUploaded: { _eq: true } })
    const broken = []
    for (const file of uploaded) if (!keys.has(file.id) && !(await storage.blobs.stat(file.id))) broken.push(file)
    return broken
  }

  app.post('/ops/list-orphans', async (c) => {
    await requireAdmin(c)
    return c.json({ files: await orphans() })
  })
  app.post('/ops/delete-orphans', async (c) => {
    await requireAdmin(c)
    const files = []
    for (const key of await orphans()) {
      // Looked up once more: an upload may have given these bytes a row since (a chosen id).
      if ((await storage.metadata.listAsAdmin({ id: { _eq: key } })).length > 0) continue
      await storage.blobs.delete(key)
      files.push(key)
    }
    return c.json({ files })
  })
  app.post('/ops/list-broken-metadata', async (c) => {
    await requireAdmin(c)
    return c.json({ metadata: await brokenMetadata() })
  })
  app.post('/ops/delete-broken-metadata', async (c) => {
    await requireAdmin(c)
    const metadata = []
    for (const file of await brokenMetadata()) {
      // Looked up once more: bytes may have arrived since (a replace, an upload with this id).
      if (await storage.blobs.stat(file.id)) continue
      await storage.metadata.deleteAsAdmin(file.id)
      metadata.push(file)
    }
    return c.json({ metadata })
  })
  app.post('/ops/list-not-uploaded', async (c) => {
    await requireAdmin(c)
    return c.json({ metadata: await storage.metadata.listAsAdmin({ isUploaded: { _eq: false } }) })
  })
}
