import { createHash } from 'node:crypto'
import { rmSync } from 'node:fs'
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import type { BlobStore } from './blob-store.ts'
import { openDiskBlobStore } from './disk-blob-store.ts'
import type { ImageOptions } from './image-options.ts'
import { StorageError } from './storage-error.ts'

/** Bounds of the on-disk cache of transformed images; the least recently used go first. */
const MAX_CACHE_ENTRIES = 2000
const MAX_CACHE_BYTES = 512 * 1024 * 1024
/** sharp's decompression-bomb guard: 50 megapixels (a 7000×7000 photo) is enough for avatars and attachments. */
const MAX_INPUT_PIXELS = 50_000_000

/**
 * Transformed images on disk keyed by (source ETag, parameters), so a repeated request streams
 * the stored result instead of decoding and encoding again. Emptied at start, so the index in
 * memory always knows every entry and the bounds hold.
 */
export class ImageCache {
  private readonly entries = new Map<string, number>()
  private bytes = 0
  private readonly inFlight = new Map<string, Promise<void>>()

  private constructor(readonly store: BlobStore) {}

  static open(dir: string): ImageCache {
    rmSync(dir, { recursive: true, force: true })
    return new ImageCache(openDiskBlobStore(dir))
  }

  /** The cache key of the transformed bytes, created (once, even for concurrent requests) if missing. */
  async ensure(etag: string, options: ImageOptions, source: () => Promise<Readable>): Promise<{ key: string; size: number }> {
    const key = createHash('sha256')
      .update(JSON.stringify([etag, options.width, options.height, options.quality, options.blur, options.format]))
      .digest('hex')
    let size = this.touch(key)
    if (size === undefined) {
      let pending = this.inFlight.get(key)
      if (!pending) {
        pending = this.create(key, options, source).finally(() => this.inFlight.delete(key))
        this.inFlight.set(key, pending)
      }
      await pending
      size = this.touch(key) ?? (await this.store.stat(key))?.size ?? 0
    }
    return { key, size }
  }

  private touch(key: string): number | undefined {
    const size = this.entries.get(key)
    if (size !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, size)
    }
    return size
  }

  private async create(key: string, options: ImageOptions, source: () => Promise<Readable>): Promise<void> {
    let pipeline = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
    if (options.width !== undefined || options.height !== undefined) {
      pipeline = pipeline.resize({ width: options.width, height: options.height, fit: 'inside', withoutEnlargement: true })
    }
    if (options.blur !== undefined) pipeline = pipeline.blur(options.blur)
    const quality = options.quality === undefined ? {} : { quality: options.quality }
    pipeline = options.format === 'avif' ? pipeline.avif(quality) : pipeline.toFormat(options.format, quality)
    const input = await source()
    let inputError: Error | undefined
    input.on('error', (error) => {
      inputError = error
      pipeline.destroy(error)
    })
    let staged
    try {
      staged = await this.store.stage(input.pipe(pipeline))
    } catch (error) {
      // Bytes sharp cannot decode (corrupt, or past the pixel limit) are the client's problem.
      if (error instanceof Error && error !== inputError && isSharpError(error)) throw imageNotProcessed(error)
      throw error
    }
    await staged.commit(key)
    const size = (await this.store.stat(key))?.size ?? 0
    this.entries.set(key, size)
    this.bytes += size
    await this.evict()
  }

  private async evict(): Promise<void> {
    while (this.entries.size > MAX_CACHE_ENTRIES || this.bytes > MAX_CACHE_BYTES) {
      const oldest = this.entries.entries().next()
      if (oldest.done) return
      const [key, size] = oldest.value
      this.entries.delete(key)
      this.bytes -= size
      await this.store.delete(key)
    }
  }
}

/** sharp's decoding errors carry no `syscall`; the file system's (a full disk) do, and stay 500s. */
function isSharpError(error: Error): boolean {
  return !('syscall' in error)
}

function imageNotProcessed(error: Error): StorageError {
  return new StorageError(400, `the image could not be transformed: ${error.message.split('\n')[0]}`)
}
