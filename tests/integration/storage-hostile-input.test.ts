import { readdirSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectHealthzWithin } from '../support/expect-healthz-within.ts'
import { rawRequest, type RawAnswer } from '../support/raw-http.ts'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * What an attacker or a broken client sends to Nhost Storage, mostly over raw sockets (bodies cut
 * short, lying lengths, clients that leave at every stage), against the real backend. After each
 * group the same process answers `/healthz` within 100 ms, its RSS has grown less than 100 MB, no staged upload
 * is left on disk and no blob is left without its row. The backend runs in this test's process:
 * an unhandled stream error (what ended the backend before) fails the run as an unhandled error.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: StorageTestBackend
let ada: StorageUser
let png: Buffer
let baselineRss: number

const MB = 1024 * 1024
const BOUNDARY = 'hostile-7f3a9c'

const stagedFiles = () => readdirSync(join(t.dataDir, 'storage', 'staging'))
const openFiles = () => readdirSync('/proc/self/fd').length

function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} /v1/storage${path} HTTP/1.1`, 'Host: 127.0.0.1']
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  return lines.join('\r\n')
}

const multipart = (extra: Record<string, string | number> = {}) => ({
  'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
  ...extra,
})
const auth = (user: StorageUser) => ({ Authorization: `Bearer ${user.token}` })
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const fileHead = (name: string, filename: string, type = 'image/png') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
const closing = `--${BOUNDARY}--\r\n`

/** `size` bytes of a file part's content: a PNG signature, then filler, in 64 KB chunks. */
function* fileBytes(size: number): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, 0x41)
  png.copy(chunk, 0, 0, 8)
  for (let sent = 0; sent < size; sent += chunk.length) yield sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent)
}

/** A whole form: the bucket field, then each file part, then the closing boundary. */
function* form(
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

function lengthOf(parts: Iterable<Buffer | string>): number {
  let length = 0
  for (const part of parts) length += Buffer.byteLength(part)
  return length
}

/** A complete upload over a raw socket with a correct Content-Length. */
function upload(user: StorageUser | null, parts: () => Iterable<Buffer | string>, path = '/files', method = 'POST'): Promise<RawAnswer> {
  return rawRequest({
    url: t.url,
    head: head(method, path, multipart({ ...(user ? auth(user) : {}), 'Content-Length': lengthOf(parts()) })),
    body: parts(),
  })
}

const json = (answer: RawAnswer) => JSON.parse(answer.body) as { error?: { message: string; data?: unknown }; processedFiles?: unknown[] }

async function eventually(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now()
  while (!check() && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 50))
}

async function expectHealthy(): Promise<void> {
  await expectHealthzWithin(t.url)
  await eventually(() => stagedFiles().length === 0)
  expect(stagedFiles(), 'staged uploads left on disk').toEqual([])
  expect((await t.admin.storage.listOrphanedFiles()).body.files, 'blobs without a row').toEqual([])
  expect(process.memoryUsage().rss - baselineRss).toBeLessThan(100 * MB)
}

beforeAll(async () => {
  t = await startStorageTestBackend()
  ada = await t.signUp('ada@example.com')
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()
  baselineRss = process.memoryUsage().rss
}, 120_000)

afterEach(expectHealthy, 60_000)

afterAll(async () => {
  await t?.stop()
})

describe('oversized files per bucket', () => {
  it('refuses a file over its bucket limit at the limit, with the Storage error shape, every time', async () => {
    const cases: [string, StorageUser | null, string, number, number][] = [
      ['no session, 6 MB avatar', null, 'avatars', 6 * MB, 403],
      ['6 MB avatar', ada, 'avatars', 6 * MB, 413],
      ['2 MB to a bucket that does not exist', ada, 'nope', 2 * MB, 404],
      ['21 MB CSV import', ada, 'imports', 21 * MB, 413],
    ]
    for (const [name, user, bucket, size, status] of cases) {
      const answer = await upload(user, () => form(bucket, [{ size, filename: 'big.csv', type: 'text/csv' }]))
      expect({ name, status: answer.status }).toEqual({ name, status })
      expect(json(answer)).toMatchObject({ processedFiles: [], error: { message: expect.any(String) } })
      expect(answer.headers['x-error']).toBe(json(answer).error!.message)
    }
  })

  it('refuses a replacement over the bucket limit and keeps the old bytes', async () => {
    const { body } = await ada.nhost.storage.uploadFiles({ 'bucket-id': 'avatars', 'file[]': [new File([new Uint8Array(png)], 'me.png')] })
    const id = body.processedFiles[0]!.id
    const answer = await upload(ada, () => form(undefined, [{ name: 'file', size: 6 * MB }]), `/files/${id}`, 'PUT')
    expect(answer.status).toBe(413)
    expect(json(answer)).toMatchObject({ error: { data: { maxSize: 5_000_000 } } })
    const kept = await ada.nhost.storage.getFile(id)
    expect(Buffer.from(await kept.body.arrayBuffer())).toEqual(png)
  })

  it('answers what it can decide before reading the body without waiting for it', async () => {
    // Only the headers are sent: the answer must come anyway.
    const anonymous = await rawRequest({
      url: t.url,
      head: head('POST', '/files', multipart({ 'Content-Length': 190 * MB })),
      timeoutMs: 10_000,
    })
    expect(anonymous.status).toBe(403)
    // The bucket is known from the first field: a length no form for it can have is refused before any file part.
    const declared = await rawRequest({
      url: t.url,
      head: head('POST', '/files', multipart({ ...auth(ada), 'Content-Length': 2000 * MB })),
      // A few bytes of the file: until then the parser cannot tell the part's headers have ended.
      body: [field('bucket-id', 'avatars'), fileHead('file[]', 'x.png'), png.subarray(0, 8)],
      timeoutMs: 10_000,
    })
    expect(declared.status).toBe(413)
    expect(json(declared).error!.message).toMatch(/request body too large/)
    const noBucket = await rawRequest({
      url: t.url,
      head: head('POST', '/files', multipart({ ...auth(ada), 'Content-Length': 10 * MB })),
      body: [field('bucket-id', 'nope'), fileHead('file[]', 'x.png'), png.subarray(0, 8)],
      timeoutMs: 10_000,
    })
    expect(noBucket.status).toBe(404)
  })

  it('stops a chunked body at the bucket limit (no declared length)', async () => {
    const answer = await rawRequest({
      url: t.url,
      head: head('POST', '/files', multipart({ ...auth(ada), 'Transfer-Encoding': 'chunked' })),
      body: chunked(form('avatars', [{ size: 40 * MB }])),
    })
    expect(answer.status).toBe(413)
  })
})

describe('truncated and malformed multipart bodies', () => {
  it('answers 400 for a body that ends inside a file part, a missing boundary, garbage and broken part headers', async () => {
    const partial = [field('bucket-id', 'avatars'), fileHead('file[]', 'x.png'), png.subarray(0, 20)]
    const bodies: [string, Record<string, string | number>, (Buffer | string)[]][] = [
      ['ends inside a file part', multipart(), partial],
      [
        'ends after a part, without the closing boundary',
        multipart(),
        [field('bucket-id', 'avatars'), fileHead('file[]', 'x.png'), png, '\r\n'],
      ],
      ['no boundary', { 'Content-Type': 'multipart/form-data' }, [closing]],
      ['garbage', multipart(), ['\x00\x01 this is not a form at all']],
      [
        'a part header without its end',
        multipart(),
        [`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file[]"; filename="a.png"\r\n`],
      ],
      ['a part header of 100 KB', multipart(), [`--${BOUNDARY}\r\nX-Pad: ${'p'.repeat(100_000)}\r\n\r\nx\r\n`, closing]],
      ['only the closing boundary', multipart(), [closing]],
      ['a part without a disposition', multipart(), [`--${BOUNDARY}\r\nContent-Type: image/png\r\n\r\n`, png, '\r\n', closing]],
      ['an empty body', multipart(), []],
    ]
    for (const [name, headers, body] of bodies) {
      const answer = await rawRequest({
        url: t.url,
        head: head('POST', '/files', { ...headers, ...auth(ada), 'Content-Length': lengthOf(body) }),
        body,
      })
      expect({ name, status: answer.status }).toEqual({ name, status: 400 })
      expect(json(answer).error?.message).toEqual(expect.any(String))
    }
  })
})

describe('aborted uploads at every stage', () => {
  it('keeps nothing of an upload whose client leaves before the headers end, mid-part or after the last part', async () => {
    const size = 3 * MB
    const whole = () => form('avatars', [{ size }])
    const total = lengthOf(whole())
    const cut = (bytes: number) =>
      function* (): Generator<Buffer> {
        let sent = 0
        for (const part of whole()) {
          const chunk = Buffer.from(part)
          if (sent + chunk.length >= bytes) {
            yield chunk.subarray(0, bytes - sent)
            return
          }
          sent += chunk.length
          yield chunk
        }
      }
    const upload = head('POST', '/files', multipart({ ...auth(ada), 'Content-Length': total }))
    const stages: [string, string, boolean, Iterable<Buffer | string>][] = [
      ['inside the headers', 'POST /v1/storage/files HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le', false, []],
      ['after the headers', upload, true, []],
      ['after the bucket field', upload, true, cut(200)()],
      ['mid-part', upload, true, cut(size / 2)()],
      ['after the last byte of the file', upload, true, cut(total - closing.length - 2)()],
    ]
    for (const [name, text, endHead, body] of stages) {
      const answer = await rawRequest({ url: t.url, head: text, endHead, body, ending: 'leave' })
      expect({ name, status: answer.status }).toEqual({ name, status: 0 })
      await eventually(() => stagedFiles().length === 0)
      expect({ name, staged: stagedFiles() }).toEqual({ name, staged: [] })
    }
  })

  it('finishes or forgets an upload whose client leaves right after the closing boundary, never half', async () => {
    const body = [...form('avatars', [{ size: 2 * MB }])]
    await rawRequest({
      url: t.url,
      head: head('POST', '/files', multipart({ ...auth(ada), 'Content-Length': lengthOf(body) })),
      body,
      ending: 'leave',
    })
    await eventually(() => stagedFiles().length === 0)
  })
})

describe('too many parts', () => {
  it('refuses more than 20 files, or too many fields, with 400 before storing any', async () => {
    const tooMany = await upload(ada, function* () {
      yield field('bucket-id', 'avatars')
      for (let i = 0; i < 21; i++) yield* [fileHead('file[]', 'refused.png'), png, '\r\n']
      yield closing
    })
    expect(tooMany.status).toBe(400)
    expect(json(tooMany)).toMatchObject({ processedFiles: [], error: { message: 'at most 20 files per request' } })
    const fields = await upload(ada, function* () {
      for (let i = 0; i < 200; i++) yield field(`f${i}`, 'x')
      yield* [fileHead('file[]', 'refused.png'), png, '\r\n', closing]
    })
    expect(fields.status).toBe(400)
    // A name of its own: the test before may have finished an upload of `x.png`.
    const { files: stored } = await t.adminGraphql<{ files: unknown[] }>(
      '{ files(where: {bucketId: {_eq: "avatars"}, name: {_eq: "refused.png"}}) { id } }',
    )
    expect(stored).toEqual([])
  })
})

describe('oversized and odd names', () => {
  const withName = (filename: string, meta?: unknown) =>
    upload(ada, function* () {
      yield field('bucket-id', 'avatars')
      if (meta !== undefined) yield field('metadata[]', JSON.stringify(meta))
      yield* [fileHead('file[]', filename), png, '\r\n', closing]
    })

  it('refuses names over 1,024 bytes and names with control characters, as a part file name or in metadata', async () => {
    const refused: [string, string, unknown][] = [
      ['a 20,000-character file name', 'n'.repeat(20_000), undefined],
      ['a 20,000-character metadata name', 'x.png', { name: 'n'.repeat(20_000) }],
      ['1,026 bytes of UTF-8', 'x.png', { name: 'é'.repeat(513) }],
      ['a NUL', 'x.png', { name: 'a\u0000b.png' }],
      ['a line break', 'x.png', { name: 'a\r\nSet-Cookie: x=y' }],
      ['a name that is no string', 'x.png', { name: 42 }],
    ]
    for (const [name, filename, meta] of refused) {
      const answer = await withName(filename, meta)
      expect({ name, status: answer.status }).toEqual({ name, status: 400 })
      expect(json(answer).processedFiles).toEqual([])
    }
  })

  it('stores odd but valid names as text and serves them in a safe header', async () => {
    const names = ['../../etc/passwd', 'é'.repeat(512), 'été "quoted" ; name.png', '<script>.png']
    for (const name of names) {
      const answer = await withName('x.png', { name })
      expect(answer.status).toBe(201)
      const id = (json(answer).processedFiles![0] as { id: string; name: string }).id
      expect((json(answer).processedFiles![0] as { name: string }).name).toBe(name)
      const download = await fetch(`${t.storageUrl}/files/${id}`, { headers: auth(ada) })
      expect(download.status).toBe(200)
      expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="[^"\r\n]*"$/)
      expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(readdirSync(join(t.dataDir, 'storage', 'files')).every((key) => /^[0-9a-f-]{36}$/.test(key))).toBe(true)
    // A UTF-8 file name in the part header, as browsers send it.
    const utf8 = await withName('été.png')
    expect((json(utf8).processedFiles![0] as { name: string }).name).toBe('été.png')
  })

  it('still serves a file whose 20,000-character name was set through GraphQL', async () => {
    const { body } = await ada.nhost.storage.uploadFiles({ 'bucket-id': 'avatars', 'file[]': [new File([new Uint8Array(png)], 'a.png')] })
    const id = body.processedFiles[0]!.id
    await t.userGraphql(ada, 'mutation ($id: uuid!, $n: String!) { updateFile(pk_columns: {id: $id}, _set: {name: $n}) { id } }', {
      id,
      n: 'n'.repeat(20_000),
    })
    const download = await fetch(`${t.storageUrl}/files/${id}`, { headers: auth(ada) })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')!.length).toBeLessThan(1100)
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png)
  })
})

describe('wrong content types', () => {
  it('refuses a body that is not multipart/form-data, and bytes that are not the type they claim', async () => {
    for (const type of ['text/plain', 'application/json', 'multipart/mixed; boundary=x', 'application/x-www-form-urlencoded']) {
      const answer = await rawRequest({
        url: t.url,
        head: head('POST', '/files', { ...auth(ada), 'Content-Type': type, 'Content-Length': 2 }),
        body: ['{}'],
      })
      expect({ type, status: answer.status }).toEqual({ type, status: 400 })
    }
    const program = await upload(ada, function* () {
      yield field('bucket-id', 'avatars')
      yield* [fileHead('file[]', 'me.png', 'image/png'), 'MZ\x90\x00 a program', '\r\n', closing]
    })
    expect(program.status).toBe(403)
  })
})

describe('bad Range headers', () => {
  it('answers every Range with 200, 206 or 416 and a body as long as it says', async () => {
    const { body } = await ada.nhost.storage.uploadFiles({ 'bucket-id': 'avatars', 'file[]': [new File([new Uint8Array(png)], 'r.png')] })
    const id = body.processedFiles[0]!.id
    const ranges = [
      'bytes=',
      'bytes=-',
      'bytes=abc',
      'bytes=5-1',
      'bytes=1-2-3',
      'bits=0-1',
      'bytes=99999999999999999999999-',
      'bytes=0-99999999999999999999999',
      'bytes=-99999999999999999999999',
      `bytes=${'9'.repeat(4000)}-`,
      Array.from({ length: 500 }, (_, i) => `${i}-${i}`)
        .join(',')
        .replace(/^/, 'bytes='),
      'bytes=\u00ff-1',
    ]
    for (const range of ranges) {
      const answer = await rawRequest({ url: t.url, head: head('GET', `/files/${id}`, { ...auth(ada), Range: range }) })
      expect({ range: range.slice(0, 40), status: [200, 206, 416].includes(answer.status) }).toEqual({
        range: range.slice(0, 40),
        status: true,
      })
      if (answer.headers['content-length'] !== undefined) expect(answer.bytes.length).toBe(Number(answer.headers['content-length']))
    }
  })
})

describe('deep JSON in the metadata field', () => {
  it('refuses metadata nested 5,000 levels deep with 400 and stores nothing', async () => {
    const deep = `{"metadata":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`
    const answer = await upload(ada, function* () {
      yield field('bucket-id', 'avatars')
      yield field('metadata[]', deep)
      yield* [fileHead('file[]', 'deep.png'), png, '\r\n', closing]
    })
    expect(answer.status).toBe(400)
    expect(json(answer).error!.message).toMatch(/nested deeper/)
    const shallow = await upload(ada, function* () {
      yield field('bucket-id', 'avatars')
      yield field('metadata[]', JSON.stringify({ metadata: { a: { b: { c: [1, 2, { d: 3 }] } } } }))
      yield* [fileHead('file[]', 'shallow.png'), png, '\r\n', closing]
    })
    expect(shallow.status).toBe(201)
  })
})

describe('slow bodies', () => {
  it('takes an upload that arrives a few bytes at a time while /healthz answers, and forgets one whose client stalls then leaves', async () => {
    const body = Buffer.concat([...form('avatars', [{ size: 64 * 1024 }])].map((part) => Buffer.from(part)))
    async function* trickle(bytes: Buffer, pieces: number): AsyncGenerator<Buffer> {
      const step = Math.ceil(bytes.length / pieces)
      for (let i = 0; i < bytes.length; i += step) {
        yield bytes.subarray(i, i + step)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    const slow = rawRequest({
      url: t.url,
      head: head('POST', '/files', multipart({ ...auth(ada), 'Content-Length': body.length })),
      body: trickle(body, 100),
    })
    const health = await fetch(`${t.url}/healthz`)
    expect(health.status).toBe(200)
    expect((await slow).status).toBe(201)
    await rawRequest({
      url: t.url,
      head: head('POST', '/files', multipart({ ...auth(ada), 'Content-Length': body.length })),
      body: trickle(body.subarray(0, body.length / 2), 50),
      ending: 'leave',
    })
  })
})

describe('image transformations of hostile images', () => {
  it('answers 400 in the Storage error shape for a corrupt PNG and a decompression bomb', async () => {
    const corrupt = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0xee)])
    const bomb = pngHeaderOnly(60_000, 60_000)
    for (const [name, bytes] of [
      ['corrupt', corrupt],
      ['bomb', bomb],
    ] as const) {
      const { body } = await ada.nhost.storage.uploadFiles({
        'bucket-id': 'avatars',
        'file[]': [new File([new Uint8Array(bytes)], `${name}.png`)],
      })
      const id = body.processedFiles[0]!.id
      const answer = await fetch(`${t.storageUrl}/files/${id}?w=100`, { headers: auth(ada) })
      expect({ name, status: answer.status }).toEqual({ name, status: 400 })
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await answer.json()).toEqual({ error: { message: expect.stringContaining('could not be transformed') } })
    }
  })
})

describe('clients that leave mid-response', () => {
  it('closes the file of a large download whose client leaves after the first bytes', async () => {
    const size = 30 * MB
    const stored = await rawRequest({
      url: t.url,
      head: head(
        'POST',
        '/files',
        multipart({
          'x-hasura-admin-secret': t.adminSecret,
          'Content-Length': lengthOf(form(undefined, [{ size, type: 'application/octet-stream' }])),
        }),
      ),
      body: form(undefined, [{ size, type: 'application/octet-stream' }]),
    })
    expect(stored.status).toBe(201)
    const id = (json(stored).processedFiles![0] as { id: string }).id
    const before = openFiles()
    for (let i = 0; i < 20; i++) {
      const range = i % 2 ? 'Range: bytes=1000-\r\n' : ''
      await new Promise<void>((resolve) =>
        readFirstBytesAndLeave(
          `GET /v1/storage/files/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\nx-hasura-admin-secret: ${t.adminSecret}\r\n${range}\r\n`,
          resolve,
        ),
      )
    }
    await eventually(() => openFiles() <= before + 2)
    expect(openFiles()).toBeLessThanOrEqual(before + 2)
    const whole = await fetch(`${t.storageUrl}/files/${id}`, { headers: { 'x-hasura-admin-secret': t.adminSecret } })
    expect(Number(whole.headers.get('content-length'))).toBe(size)
    await whole.body?.cancel()
  })
})

/** Opens a download, reads its first bytes, then leaves. */
function readFirstBytesAndLeave(request: string, done: () => void): void {
  const { hostname, port } = new URL(t.url)
  const socket = connect({ host: hostname, port: Number(port) })
  let received = 0
  socket.on('connect', () => socket.write(request))
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length
    if (received > 100_000) socket.destroy()
  })
  socket.on('error', () => {})
  socket.on('close', () => done())
}

/** A chunked transfer coding of `parts`. */
function* chunked(parts: Iterable<Buffer | string>): Generator<Buffer | string> {
  for (const part of parts) {
    const bytes = Buffer.from(part)
    if (bytes.length === 0) continue
    yield `${bytes.length.toString(16)}\r\n`
    yield bytes
    yield '\r\n'
  }
  yield '0\r\n\r\n'
}

/** A PNG whose header promises `width` × `height` pixels and whose data is a few rows: what a decompression bomb looks like to a decoder's limit. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([1, 0, 0, 0, 0], 8)
  const rows = deflateSync(Buffer.alloc((Math.ceil(width / 8) + 1) * 16))
  return Buffer.concat([png.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))])
}
