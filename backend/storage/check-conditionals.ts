import { StorageError } from './storage-error.ts'

export interface ConditionalHeaders {
  ifMatch?: string | undefined
  ifNoneMatch?: string | undefined
  ifModifiedSince?: string | undefined
  ifUnmodifiedSince?: string | undefined
}

/**
 * hasura-storage's `checkConditionals` (controller/get_file.go): `If-Match` that names other
 * ETags and `If-Unmodified-Since` before the last change answer 412; `If-None-Match` naming the
 * ETag and `If-Modified-Since` at or after the last change answer 304. HTTP dates have whole
 * seconds, so the comparison drops the row's milliseconds. An unreadable date is a 400, as there.
 */
export function checkConditionals(etag: string, updatedAt: Date, headers: ConditionalHeaders): 200 | 304 | 412 {
  const modified = Math.floor(updatedAt.getTime() / 1000)
  if (headers.ifMatch !== undefined && !matches(headers.ifMatch, etag)) return 412
  if (headers.ifUnmodifiedSince !== undefined && modified > httpDateSeconds(headers.ifUnmodifiedSince)) return 412
  if (headers.ifNoneMatch !== undefined && matches(headers.ifNoneMatch, etag)) return 304
  if (headers.ifModifiedSince !== undefined && modified <= httpDateSeconds(headers.ifModifiedSince)) return 304
  return 200
}

/** `*` or a comma-separated list of ETags, weak ones (`W/"…"`) compared by their value. */
function matches(header: string, etag: string): boolean {
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
  return tags.includes('*') || tags.includes(etag)
}

function httpDateSeconds(text: string): number {
  const ms = Date.parse(text)
  if (Number.isNaN(ms)) throw new StorageError(400, "couldn't parse date")
  return Math.floor(ms / 1000)
}
