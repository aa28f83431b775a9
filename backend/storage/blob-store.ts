import type { Readable } from 'node:stream'

/** Inclusive byte offsets, as an HTTP `Range` names them. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Bytes written by `stage` and not yet visible under any key. The storage routes stage an upload
 * before its row is inserted, so bytes refused by a permission or a limit never replace a file.
 */
export interface StagedBlob {
  /** Makes the bytes the content of `key`, replacing what was there, atomically. */
  commit(key: string): Promise<void>
  discard(): Promise<void>
}

/**
 * Where file bytes live: the disk (disk-blob-store.ts) or an S3-compatible bucket
 * (s3-blob-store.ts). Keys are storage.files ids; every method streams, none holds a file in memory.
 */
export interface BlobStore {
  /**
   * True when every instance of the backend sees these blobs (a bucket); false for one machine's
   * disk, where a blob missing here may still be on another instance's disk.
   */
  readonly shared: boolean
  /** Streams `source` into the staging area; rejects (and leaves nothing) when `source` errors. */
  stage(source: Readable): Promise<StagedBlob>
  /** The bytes of `key`, or of `range` within them; null when there is no such blob. */
  read(key: string, range?: ByteRange): Promise<Readable | null>
  stat(key: string): Promise<{ size: number } | null>
  delete(key: string): Promise<void>
  /** Every committed key (the orphan checks compare them with storage.files). */
  list(): AsyncIterable<string>
}
