import { describe, expect, it } from 'vitest'
import { rawRequest } from '../support/raw-http.ts'
import type { StorageUser } from '../support/storage-test-backend.ts'
import {
  auth,
  BOUNDARY,
  chunked,
  closing,
  eventually,
  field,
  fileHead,
  form,
  head,
  json,
  lengthOf,
  MB,
  multipart,
  useHostileStorageBackend,
} from '../support/hostile-storage.ts'

/**
 * What an attacker or a broken client uploads to Nhost Storage, mostly over raw sockets: bodies
 * cut short, lying lengths, too many parts, bad names and types, clients that leave at every
 * stage, against the real backend. After each test the same process still serves quickly and
 * keeps nothing of what it refused (tests/support/hostile-storage.ts).
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const h = useHostileStorageBackend()

describe('oversized files per bucket', () => {
  it('refuses a file over its bucket limit at the limit, with the Storage error shape, every time', async () => {
    const cases: [string, StorageUser | null, string, number, number][] = [
      ['no session, 6 MB avatar', null, 'avatars', 6 * MB, 403],
      ['6 MB avatar', h.ada, 'avatars', 6 * MB, 413],
      ['2 MB to a bucket that does not exist', h.ada, 'nope', 2 * MB, 404],
      ['21 MB CSV import', h.ada, 'imports', 21 * MB, 413],
    ]
    for (const [name, user, bucket, size, status] of cases) {
      const answer = await h.upload(user, () => form(bucket, [{ size, filename: 'big.csv', type: 'text/csv' }]))
      expect({ name, status: answer.status }).toEqual({ name, status })
      expect(json(answer)).toMatchObject({ processedFiles: [], error: { message: expect.any(String) } })
      expect(answer.headers['x-error']).toBe(json(answer).error!.message)
    }
  })

  it('refuses a replacement over the bucket limit and keeps the old bytes', async () => {
    const { body } = await h.ada.nhost.storage.uploadFiles({
      'bucket-id': 'avatars',
      'file[]': [new File([new Uint8Array(h.png)], 'me.png')],
    })
    const id = body.processedFiles[0]!.id
    const answer = await h.upload(h.ada, () => form(undefined, [{ name: 'file', size: 6 * MB }]), `/files/${id}`, 'PUT')
    expect(answer.status).toBe(413)
    expect(json(answer)).toMatchObject({ error: { data: { maxSize: 5_000_000 } } })
    const kept = await h.ada.nhost.storage.getFile(id)
    expect(Buffer.from(await kept.body.arrayBuffer())).toEqual(h.png)
  })

  it('answers what it can decide before reading the body without waiting for it', async () => {
    // Only the headers are sent: the answer must come anyway.
    const anonymous = await rawRequest({
      url: h.t.url,
      head: head('POST', '/files', multipart({ 'Content-Length': 190 * MB })),
      timeoutMs: 10_000,
    })
    expect(anonymous.status).toBe(403)
    // The bucket is known from the first field: a length no form for it can have is refused before any file part.
    const declared = await rawRequest({
      url: h.t.url,
      head: head('POST', '/files', multipart({ ...auth(h.ada), 'Content-Length': 2000 * MB })),
      // A few bytes of the file: until then the parser cannot tell the part's headers have ended.
      body: [field('bucket-id', 'avatars'), fileHead('file[]', 'x.png'), h.png.subarray(0, 8)],
      timeoutMs: 10_000,
    })
    expect(declared.status).toBe(413)
    expect(json(declared).error!.message).toMatch(/request body too large/)
    const noBucket = await rawRequest({
      url: h.t.url,
      head: head('POST', '/files', multipart({ ...auth(h.ada), 'Content-Length': 10 * MB })),
      body: [field('bucket-id', 'nope'), fileHead('file[]', 'x.png'), h.png.subarray(0, 8)],
      timeoutMs: 10_000,
    })
    expect(noBucket.status).toBe(404)
  })

  it('stops a chunked body at the bucket limit (no declared length)', async () => {
    const answer = await rawRequest({
      url: h.t.url,
      head: head('POST', '/files', multipart({ ...auth(h.ada), 'Transfer-Encoding': 'chunked' })),
      body: chunked(form('avatars', [{ size: 40 * MB }])),
    })
    expect(answer.status).toBe(413)
  })
})

describe('truncated and malformed multipart bodies', () => {
  it('answers 400 for a body that ends inside a file part, a missing boundary, garbage and broken part headers', async () => {
    const partial = [field('bucket-id', 'avatars'), fileHead('file[]', 'x.png'), h.png.subarray(0, 20)]
    const bodies: [string, Record<string, string | number>, (Buffer | string)[]][] = [
      ['ends inside a file part', multipart(), partial],
      [
        'ends after a part, without the closing boundary',
        multipart(),
        [field('bucket-id', 'avatars'), fileHead('file[]', 'x.png'), h.png, '\r\n'],
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
      ['a part without a disposition', multipart(), [`--${BOUNDARY}\r\nContent-Type: image/h.png\r\n\r\n`, h.png, '\r\n', closing]],
      ['an empty body', multipart(), []],
    ]
    for (const [name, headers, body] of bodies) {
      const answer = await rawRequest({
        url: h.t.url,
        head: head('POST', '/files', { ...headers, ...auth(h.ada), 'Content-Length': lengthOf(body) }),
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
    const uploadHead = head('POST', '/files', multipart({ ...auth(h.ada), 'Content-Length': total }))
    const stages: [string, string, boolean, Iterable<Buffer | string>][] = [
      ['inside the headers', 'POST /v1/storage/files HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le', false, []],
      ['after the headers', uploadHead, true, []],
      ['after the bucket field', uploadHead, true, cut(200)()],
      ['mid-part', uploadHead, true, cut(size / 2)()],
      ['after the last byte of the file', uploadHead, true, cut(total - closing.length - 2)()],
    ]
    for (const [name, text, endHead, body] of stages) {
      const answer = await rawRequest({ url: h.t.url, head: text, endHead, body, ending: 'leave' })
      expect({ name, status: answer.status }).toEqual({ name, status: 0 })
      await eventually(() => h.stagedFiles().length === 0)
      expect({ name, staged: h.stagedFiles() }).toEqual({ name, staged: [] })
    }
  })

  it('finishes or forgets an upload whose client leaves right after the closing boundary, never half', async () => {
    const body = [...form('avatars', [{ size: 2 * MB }])]
    await rawRequest({
      url: h.t.url,
      head: head('POST', '/files', multipart({ ...auth(h.ada), 'Content-Length': lengthOf(body) })),
      body,
      ending: 'leave',
    })
    await eventually(() => h.stagedFiles().length === 0)
  })
})

describe('too many parts', () => {
  it('refuses more than 20 files, or too many fields, with 400 before storing any', async () => {
    const tooMany = await h.upload(h.ada, function* () {
      yield field('bucket-id', 'avatars')
      for (let i = 0; i < 21; i++) yield* [fileHead('file[]', 'refused.png'), h.png, '\r\n']
      yield closing
    })
    expect(tooMany.status).toBe(400)
    expect(json(tooMany)).toMatchObject({ processedFiles: [], error: { message: 'at most 20 files per request' } })
    const fields = await h.upload(h.ada, function* () {
      for (let i = 0; i < 200; i++) yield field(`f${i}`, 'x')
      yield* [fileHead('file[]', 'refused.png'), h.png, '\r\n', closing]
    })
    expect(fields.status).toBe(400)
    // A name of its own: the test before may have finished an upload of `x.png`.
    const { files: stored } = await h.t.adminGraphql<{ files: unknown[] }>(
      '{ files(where: {bucketId: {_eq: "avatars"}, name: {_eq: "refused.png"}}) { id } }',
    )
    expect(stored).toEqual([])
  })
})

describe('oversized and broken names', () => {
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
      const answer = await h.uploadWithName(filename, meta)
      expect({ name, status: answer.status }).toEqual({ name, status: 400 })
      expect(json(answer).processedFiles).toEqual([])
    }
  })
})

describe('wrong content types', () => {
  it('refuses a body that is not multipart/form-data, and bytes that are not the type they claim', async () => {
    for (const type of ['text/plain', 'application/json', 'multipart/mixed; boundary=x', 'application/x-www-form-urlencoded']) {
      const answer = await rawRequest({
        url: h.t.url,
        head: head('POST', '/files', { ...auth(h.ada), 'Content-Type': type, 'Content-Length': 2 }),
        body: ['{}'],
      })
      expect({ type, status: answer.status }).toEqual({ type, status: 400 })
    }
    const program = await h.upload(h.ada, function* () {
      yield field('bucket-id', 'avatars')
      yield* [fileHead('file[]', 'me.png', 'image/png'), 'MZ\x90\x00 a program', '\r\n', closing]
    })
    expect(program.status).toBe(403)
  })
})

describe('deep JSON in the metadata field', () => {
  it('refuses metadata nested 5,000 levels deep with 400 and stores nothing', async () => {
    const deep = `{"metadata":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`
    const answer = await h.upload(h.ada, function* () {
      yield field('bucket-id', 'avatars')
      yield field('metadata[]', deep)
      yield* [fileHead('file[]', 'deep.png'), h.png, '\r\n', closing]
    })
    expect(answer.status).toBe(400)
    expect(json(answer).error!.message).toMatch(/nested deeper/)
    const shallow = await h.upload(h.ada, function* () {
      yield field('bucket-id', 'avatars')
      yield field('metadata[]', JSON.stringify({ metadata: { a: { b: { c: [1, 2, { d: 3 }] } } } }))
      yield* [fileHead('file[]', 'shallow.png'), h.png, '\r\n', closing]
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
      url: h.t.url,
      head: head('POST', '/files', multipart({ ...auth(h.ada), 'Content-Length': body.length })),
      body: trickle(body, 100),
    })
    const health = await fetch(`${h.t.url}/healthz`)
    expect(health.status).toBe(200)
    expect((await slow).status).toBe(201)
    await rawRequest({
      url: h.t.url,
      head: head('POST', '/files', multipart({ ...auth(h.ada), 'Content-Length': body.length })),
      body: trickle(body.subarray(0, body.length / 2), 50),
      ending: 'leave',
    })
  })
})
