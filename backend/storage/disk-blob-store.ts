import { randomUUID } from 'node:crypto'
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { open, readdir, rename, rm, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { BlobStore, ByteRange, StagedBlob } from './blob-store.ts'

/** Staged uploads older than this were cut off by a crash (`kill -9`): removed at start. */
const STALE_STAGING_MS = 60 * 60 * 1000
/**
 * Reads of 1 MiB rather than fs' 64 KiB: a sixteenth of the thread-pool round trips per file, for
 * a few MiB of memory per transfer. Writes reach the same size without copying: while one write
 * is in the thread pool, the chunks that arrive queue in the stream (up to this many bytes before
 * it pushes back) and go out together in one `writev`.
 */
const CHUNK_BYTES = 1024 * 1024

/**
 * Blobs as files under `<root>/files/<key>`, uploads staged in `<root>/staging/` on the same
 * file system so that committing is one `rename`: a reader sees the old bytes or the new ones,
 * never a half-written file. No fsync: `kill -9` keeps the page cache. An upload commits its row
 * just before the rename, so a crash between the two leaves a row marked uploaded without bytes
 * (broken metadata, which /ops lists), never bytes that replaced a file the caller may not write.
 */
export function openDiskBlobStore(root: string): BlobStore {
  const filesDir = join(root, 'files')
  const stagingDir = join(root, 'staging')
  // Synchronous: runs once, when the backend starts.
  mkdirSync(filesDir, { recursive: true })
  mkdirSync(stagingDir, { recursive: true })
  removeStaleStaging(stagingDir)

  const pathOf = (key: string): string => {
    if (!/^[A-Za-z0-9-]{1,100}$/.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`)
    return join(filesDir, key)
  }

  return {
    shared: false,
    async stage(source) {
      const path = join(stagingDir, randomUUID())
      const file = createWriteStream(path, { flags: 'wx', highWaterMark: CHUNK_BYTES })
      try {
        await pipeline(source, file)
      } catch (error) {
        // The pipeline rejects as soon as the source fails, possibly while the file is still being
        // opened: removed before the open lands, it would be created afterwards and stay.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', resolve))
        await rm(path, { force: true })
        throw error
      }
      let done = false
      const staged: StagedBlob = {
        async commit(key) {
          done = true
          await rename(path, pathOf(key))
        },
        async discard() {
          if (done) return
          done = true
          await rm(path, { force: true })
        },
      }
      return staged
    },
    async read(key, range?: ByteRange) {
      // Opened before streaming: a concurrent replace (a rename) leaves this reader on the old bytes.
      let handle
      try {
        handle = await open(pathOf(key), 'r')
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
      const options = { highWaterMark: CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) }
      return handle.createReadStream(options) as Readable
    },
    async stat(key) {
      try {
        return { size: (await stat(pathOf(key))).size }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async delete(key) {
      try {
        await unlink(pathOf(key))
      } catch (error) {
        if (!isNotFound(error)) throw error
      }
    },
    async *list() {
      for (const name of await readdir(filesDir)) yield name
    },
  }
}

function removeStaleStaging(dir: string): void {
  const now = Date.now()
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (now - statSync(path).mtimeMs > STALE_STAGING_MS) rmSync(path, { force: true })
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}
