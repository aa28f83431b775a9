import type { Context } from 'hono'
import { requestIdOf } from '../lib/error-answer.ts'
import { preferNodeSource } from '../lib/node-response-body.ts'
import { checkConditionals } from './check-conditionals.ts'
import { MAX_FILE_NAME_BYTES } from './file-name.ts'
import { FORMAT_MIME_TYPES, parseImageOptions } from './image-options.ts'
import { parseByteRange } from './parse-byte-range.ts'
import type { StorageService } from './storage-service.ts'
import type { BucketSettings, FileMetadata } from './storage-metadata.ts'
import { StorageError } from './storage-error.ts'
import { webBody } from './web-body.ts'

/**
 * A file's bytes with hasura-storage's download headers (controller/get_file.go): `ETag` (the
 * quoted MD5), `Cache-Control` and `Surrogate-Control` from the bucket, `Surrogate-Key`,
 * `Accept-Ranges`, `Content-Disposition: inline; filename="…"` (Go's QueryEscape of the name),
 * `Last-Modified`; 304/412 for the conditionals, 206 with `Content-Range` for a range, 416 for a
 * range past the end. Image parameters stream the cached transformation instead.
 */
export async function sendFile(c: Context, storage: StorageService, file: FileMetadata & { bucket: BucketSettings }): Promise<Response> {
  const image = parseImageOptions(c.req.query(), file.mimeType, c.req.header('accept'))
  if (!file.isUploaded) throw new StorageError(403, 'file not uploaded')
  const headers = new Headers({ ETag: file.etag, 'Surrogate-Key': file.id })
  if (file.bucket.cacheControl) {
    headers.set('Cache-Control', file.bucket.cacheControl)
    headers.set('Surrogate-Control', file.bucket.cacheControl)
  }
  if (image?.negotiated) headers.set('Vary', 'Accept')
  const updatedAt = new Date(file.updatedAt)
  const status = checkConditionals(file.etag, updatedAt, {
    ifMatch: c.req.header('if-match'),
    ifNoneMatch: c.req.header('if-none-match'),
    ifModifiedSince: c.req.header('if-modified-since'),
    ifUnmodifiedSince: c.req.header('if-unmodified-since'),
  })
  if (status !== 200) return new Response(null, { status, headers })

  let store = storage.blobs
  let key = file.id
  let name = file.name
  let mimeType = file.mimeType
  if (image) {
    const cached = await storage.images.ensure(file.etag, image, async () => {
      const source = await storage.blobs.read(file.id)
      if (!source) throw new StorageError(404, 'file not found')
      return source
    })
    store = storage.images.store
    key = cached.key
    mimeType = FORMAT_MIME_TYPES[image.format]
    if (mimeType !== file.mimeType) name = `${name}.${image.format}`
  }
  const stat = await store.stat(key)
  if (!stat) {
    storage.log.error('storage: a file marked uploaded has no bytes', { requestId: requestIdOf(c), id: file.id })
    throw new StorageError(404, 'file not found')
  }
  headers.set('Accept-Ranges', 'bytes')
  headers.set('Content-Type', mimeType)
  headers.set('Content-Disposition', `inline; filename="${queryEscape(headerFileName(name))}"`)
  headers.set('Last-Modified', updatedAt.toUTCString())

  const range = parseByteRange(c.req.header('range'), stat.size)
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${stat.size}`)
    return new Response(null, { status: 416, headers })
  }
  headers.set('Content-Length', String(range ? range.end - range.start + 1 : stat.size))
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
  const answer = range ? 206 : 200
  if (c.req.method === 'HEAD') return new Response(null, { status: answer, headers })
  const body = await store.read(key, range)
  if (!body) throw new StorageError(404, 'file not found')
  // Under node:http the bytes go from the file (or S3's response) straight into the socket.
  return new Response(preferNodeSource(c, webBody(body), body), { status: answer, headers })
}

/**
 * Uploads are held to 1,024 bytes of name, but GraphQL `updateFile` may store a longer one: the
 * header keeps its first 1,024 bytes, so a download never carries a header clients refuse.
 */
function headerFileName(name: string): string {
  if (Buffer.byteLength(name, 'utf8') <= MAX_FILE_NAME_BYTES) return name
  return Buffer.from(name, 'utf8')
    .subarray(0, MAX_FILE_NAME_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
}

/** Go's url.QueryEscape, which hasura-storage applies to the file name in Content-Disposition. */
function queryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+')
}
