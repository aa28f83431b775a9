import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { requiredEnv } from './required-env.ts'

/**
 * Copies a storage file to a temporary file at disk speed, runs `use` on its path, then removes it.
 * Reading the download itself slowly (a batch of inserts per 5,000 lines) would keep the HTTP
 * response open far longer than the transfer: once the server has sent every byte it may close
 * the idle connection, and undici fails the unread rest with "other side closed".
 */
export async function withDownloadedFile<T>(fileId: string, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pulseboard-download-'))
  try {
    const download = await fetch(`${requiredEnv('NHOST_STORAGE_URL')}/files/${fileId}`, {
      headers: { 'x-hasura-admin-secret': requiredEnv('NHOST_ADMIN_SECRET') },
    })
    if (!download.ok || !download.body) throw new Error(`storage answered ${download.status}`)
    const path = join(dir, 'file')
    await pipeline(Readable.fromWeb(download.body as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(path))
    return await use(path)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
