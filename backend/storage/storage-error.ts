import { HttpError } from '../lib/http-error.ts'

/**
 * An error the storage service answers with, in Nhost Storage's shape: `{"error":{"message"}}`
 * (plus `data` where hasura-storage sends it, e.g. the sizes of a refused file) and the message
 * again in the `X-Error` header (`controller/errors.go` in nhost/hasura-storage).
 */
export class StorageError extends HttpError {
  constructor(
    status: number,
    message: string,
    readonly data?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(status, 'storage-error', message, options)
    this.name = 'StorageError'
  }

  override body(): { error: { message: string; data?: Record<string, unknown> } } {
    return { error: this.toJSON() }
  }

  override headers(): Record<string, string> {
    return { 'X-Error': headerSafe(this.message) }
  }

  toJSON(): { message: string; data?: Record<string, unknown> } {
    return this.data === undefined ? { message: this.message } : { message: this.message, data: this.data }
  }
}

export const fileNotFound = (): StorageError => new StorageError(404, 'file not found')
export const bucketNotFound = (): StorageError => new StorageError(404, 'bucket not found')
export const notAuthorized = (cause?: unknown): StorageError => new StorageError(403, 'you are not authorized', undefined, { cause })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A file id from a path: anything but a UUID names no file (Hasura would refuse it as `uuid`). */
export function assertFileId(id: string): string {
  if (!UUID.test(id)) throw fileNotFound()
  return id
}

export function isUuid(text: unknown): text is string {
  return typeof text === 'string' && UUID.test(text)
}

/** The response for `error`: Nhost's body and `X-Error` header, with `extra` fields beside `error`. */
export function storageErrorResponse(error: StorageError, extra: Record<string, unknown> = {}): Response {
  return new Response(JSON.stringify({ ...extra, error: error.toJSON() }), {
    status: error.status,
    headers: { 'Content-Type': 'application/json', 'X-Error': headerSafe(error.message) },
  })
}

/** Header values are Latin-1 without line breaks; the message is ours but may quote a file name. */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?')
}
