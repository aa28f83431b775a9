import { StorageError } from './storage-error.ts'

/** S3's limit on a key, which a hosted bucket puts the name into; longer names broke headers. */
export const MAX_FILE_NAME_BYTES = 1024

/**
 * A file name as the client sent it, checked before any byte of its file is kept: at most
 * 1,024 bytes of UTF-8 and no control characters (a NUL cannot be stored in a Postgres `text`,
 * line breaks have no place in a `Content-Disposition`). Paths such as `../x` are kept as plain
 * text: names never become paths here, blobs are stored under the file's id.
 */
export function checkFileName(name: string): string {
  const bytes = Buffer.byteLength(name, 'utf8')
  if (bytes > MAX_FILE_NAME_BYTES) {
    throw new StorageError(400, `file name too long: ${bytes} bytes, at most ${MAX_FILE_NAME_BYTES}`, {
      size: bytes,
      maxSize: MAX_FILE_NAME_BYTES,
    })
  }
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new StorageError(400, 'file name must not contain control characters')
  return name
}
