import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { expectHealthzWithin } from './expect-healthz-within.ts'
import { rawRequest, type RawAnswer } from './raw-http.ts'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from './storage-test-backend.ts'

/**
 * What the hostile-input tests of Nhost Storage share: raw multipart bodies written by hand (so
 * that they can be cut short, lie about their length or break the format), and a backend checked
 * after every test: `/healthz` answers within 100 ms, RSS has grown less than 100 MB, no staged
 * upload is left on disk and no blob is left without its row.
 */

export const MB = 1024 * 1024
export const BOUNDARY = 'hostile-7f3a9c'
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A request line and headers for `/v1/storage{path}`, without the blank line that ends them. */
export function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} /v1/storage${path} HTTP/1.1`, 'Host: 127.0.0.1']
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  return lines.join('\r\n')
}

export const multipart = (extra: Record<string, string | number> = {}) => ({
  'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
  ...extra,
})
export const auth = (user: StorageUser) => ({ Authorization: `Bearer ${user.token}` })
export const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
export const fileHead = (name: string, filename: string, type = 'image/png') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
export const closing = `--${BOUNDARY}--\r\n`

/** `size` bytes of a file part's content: a PNG signature, then filler, in 64 KB chunks. */
export function* fileBytes(size: number): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, 0x41)
  PNG_SIGNATURE.copy(chunk)
  for (let sent = 0; sent < size; sent += chunk.length) yield sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent)
}

/** A whole form: the bucket field, then each file part, then the closing boundary. */
export function* form(
  bucket: string | undefined,
  files: { name?: string; filename?: string; size: number; type?: string }[],
): Generator<Buffer | string> {
  if (bucket !== undefined) yield field('bucket-id', bucket)
  for (const file of files) {
    yield fileHead(file.name ?? 'file[]', file.filename ?? 'x.png', file.type)
    yield* fileBytes(file.size)
    yield '\r\n'
  }
  yield closing
}

export function lengthOf(parts: Iterable<Buffer | string>): number {
  let length = 0
  for (const part of parts) length += Buffer.byteLength(part)
  return length
}

/** A chunked transfer coding of `parts`. */
export function* chunked(parts: Iterable<Buffer | string>): Generator<Buffer | string> {
  for (const part of parts) {
    const bytes = Buffer.from(part)
    if (bytes.length === 0) continue
    yield `${bytes.length.toString(16)}\r\n`
    yield bytes
    yield '\r\n'
  }
  yield '0\r\n\r\n'
}

export const json = (answer: RawAnswer) =>
  JSON.parse(answer.body) as { error?: { message: string; data?: unknown }; processedFiles?: unknown[] }

export async function eventually(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now()
  while (!check() && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 50))
}

export interface HostileStorage {
  readonly t: StorageTestBackend
  /** A signed-up user with no workspace. */
  readonly ada: StorageUser
  /** A small valid PNG. */
  readonly png: Buffer
  /** The uploads staged on disk and not yet stored or forgotten. */
  stagedFiles(): string[]
  /** A complete upload over a raw socket with a correct Content-Length. */
  upload(user: StorageUser | null, parts: () => Iterable<Buffer | string>, path?: string, method?: string): Promise<RawAnswer>
  /** `png` uploaded by `ada` to avatars as `filename`, with `meta` as its metadata field if given. */
  uploadWithName(filename: string, meta?: unknown): Promise<RawAnswer>
}

/**
 * Starts a backend for the test file (PGlite, or PostgreSQL with TEST_DATABASE_URL) and checks it
 * after every test. The backend runs in the test's process, so an unhandled stream error fails the
 * run as an unhandled error rather than passing unseen.
 */
export function useHostileStorageBackend(): HostileStorage {
  let state: { t: StorageTestBackend; ada: StorageUser; png: Buffer; baselineRss: number } | undefined
  const current = () => {
    if (!state) throw new Error('the hostile storage backend is used before beforeAll has started it')
    return state
  }
  const stagedFiles = () => readdirSync(join(current().t.dataDir, 'storage', 'staging'))

  beforeAll(async () => {
    const t = await startStorageTestBackend()
    const ada = await t.signUp('ada@example.com')
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer()
    state = { t, ada, png, baselineRss: process.memoryUsage().rss }
  }, 120_000)

  afterEach(async () => {
    const { t, baselineRss } = current()
    await expectHealthzWithin(t.url)
    await eventually(() => stagedFiles().length === 0)
    expect(stagedFiles(), 'staged uploads left on disk').toEqual([])
    expect((await t.admin.storage.listOrphanedFiles()).body.files, 'blobs without a row').toEqual([])
    expect(process.memoryUsage().rss - baselineRss).toBeLessThan(100 * MB)
  }, 60_000)

  afterAll(async () => {
    await state?.t.stop()
  })

  const upload: HostileStorage['upload'] = (user, parts, path = '/files', method = 'POST') =>
    rawRequest({
      url: current().t.url,
      head: head(method, path, multipart({ ...(user ? auth(user) : {}), 'Content-Length': lengthOf(parts()) })),
      body: parts(),
    })

  return {
    get t() {
      return current().t
    },
    get ada() {
      return current().ada
    },
    get png() {
      return current().png
    },
    stagedFiles,
    upload,
    uploadWithName: (filename, meta) =>
      upload(current().ada, function* () {
        yield field('bucket-id', 'avatars')
        if (meta !== undefined) yield field('metadata[]', JSON.stringify(meta))
        yield* [fileHead('file[]', filename), current().png, '\r\n', closing]
      }),
  }
}
