import type { Context, Hono } from 'hono'
import type { StorageService } from './storage-service.ts'
import { notAuthorized } from './storage-error.ts'

/**
 * POST /ops/* (nhost-js `listOrphanedFiles` …): housekeeping for what a crash can leave, admin
 * secret only. Orphans are bytes without a row (a crash between a row's delete and the bytes');
 * broken metadata is a row marked uploaded without bytes; not uploaded, a row whose upload never
 * completed (a crash mid-upload).
 */
export function storageOpsRoutes(app: Hono, storage: StorageService): void {
  const requireAdmin = async (c: Context): Promise<void> => {
    const session = await storage.session(c)
    if (!session.adminSecretUsed || !session.isAdmin) throw notAuthorized()
  }
  const orphans = async (): Promise<string[]> => {
    const known = new Set((await storage.metadata.listAsAdmin({})).map((file) => file.id))
    const found: string[] = []
    for await (const key of storage.blobs.list()) if (!known.has(key)) found.push(key)
    return found
  }
  const brokenMetadata = async () => {
    const uploaded = await storage.metadata.listAsAdmin({ isUploaded: { _eq: true } })
    const broken = []
    for (const file of uploaded) if (!(await storage.blobs.stat(file.id))) broken.push(file)
    return broken
  }

  app.post('/ops/list-orphans', async (c) => {
    await requireAdmin(c)
    return c.json({ files: await orphans() })
  })
  app.post('/ops/delete-orphans', async (c) => {
    await requireAdmin(c)
    const files = await orphans()
    for (const key of files) await storage.blobs.delete(key)
    return c.json({ files })
  })
  app.post('/ops/list-broken-metadata', async (c) => {
    await requireAdmin(c)
    return c.json({ metadata: await brokenMetadata() })
  })
  app.post('/ops/delete-broken-metadata', async (c) => {
    await requireAdmin(c)
    const metadata = await brokenMetadata()
    for (const file of metadata) await storage.metadata.deleteAsAdmin(file.id)
    return c.json({ metadata })
  })
  app.post('/ops/list-not-uploaded', async (c) => {
    await requireAdmin(c)
    return c.json({ metadata: await storage.metadata.listAsAdmin({ isUploaded: { _eq: false } }) })
  })
}
