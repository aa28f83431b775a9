import { createHash, type Hash } from 'node:crypto'
import { Transform, type TransformCallback } from 'node:stream'
import { SNIFF_BYTES } from './sniff-mime-type.ts'
import { StorageError } from './storage-error.ts'

/**
 * Bytes a file may stream into staging before its bucket's limit is known: a small file is
 * staged whole while the bucket is read; a larger one then waits for the limit.
 */
export const UNCHECKED_BYTES = 256 * 1024

/**
 * Passes an upload through while measuring it: size, MD5 (Nhost's ETag) and the first bytes for
 * MIME sniffing. It fails the stream as soon as the size passes `maxSize`, so an oversized upload
 * stops being written at the limit, not at its end. Without a `maxSize` yet (the bucket is still
 * being read), it passes `UNCHECKED_BYTES` and then holds the stream until `limit` is called.
 */
export class UploadMeter extends Transform {
  size = 0
  private readonly hash: Hash = createHash('md5')
  private readonly headChunks: Buffer[] = []
  private headLength = 0
  /** The callback of a chunk held until the limit is known. */
  private held: (() => void) | undefined

  constructor(
    private readonly filename: string,
    private maxSize?: number,
  ) {
    super()
  }

  /** Applies the bucket's limit: fails the stream when it has already passed it, else lets it go on. */
  limit(maxSize: number): void {
    this.maxSize = maxSize
    const held = this.held
    this.held = undefined
    if (this.size > maxSize) this.destroy(fileTooLarge(this.filename, this.size, maxSize))
    else held?.()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length
    if (this.maxSize !== undefined && this.size > this.maxSize) {
      callback(fileTooLarge(this.filename, this.size, this.maxSize))
      return
    }
    if (this.headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headLength)
      this.headChunks.push(Buffer.from(part))
      this.headLength += part.length
    }
    this.hash.update(chunk)
    if (this.maxSize === undefined && this.size > UNCHECKED_BYTES) this.held = () => callback(null, chunk)
    else callback(null, chunk)
  }

  get head(): Buffer {
    return Buffer.concat(this.headChunks)
  }

  /** The quoted hex MD5 hasura-storage stores in `etag` and sends as `ETag`. */
  etag(): string {
    return `"${this.hash.digest('hex')}"`
  }
}

/**
 * 413 where hosted Nhost answers 500 for a file over the bucket's limit (docs/compatibility.md);
 * `data` carries hasura-storage's fields (`FileTooBigError`), the size counted so far.
 */
export function fileTooLarge(filename: string, size: number, maxSize: number): StorageError {
  return new StorageError(413, `file too big: ${filename} is larger than the bucket's limit of ${maxSize} bytes`, {
    filename,
    size,
    maxSize,
  })
}

export function fileTooSmall(filename: string, size: number, minSize: number): StorageError {
  return new StorageError(400, `file too small: ${filename} has ${size} bytes, the bucket's minimum is ${minSize}`, {
    filename,
    size,
    minSize,
  })
}
