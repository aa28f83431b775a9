import { readdirSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { rawRequest } from '../support/raw-http.ts'
import {
  auth,
  eventually,
  form,
  head,
  json,
  lengthOf,
  MB,
  multipart,
  PNG_SIGNATURE,
  useHostileStorageBackend,
} from '../support/hostile-storage.ts'

/**
 * What an attacker or a broken client asks of stored files: odd names in download headers, bad
 * Range headers, hostile images to transform, clients that leave mid-download. After each test the
 * same process still serves quickly and holds no file open it should have closed
 * (tests/support/hostile-storage.ts). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const h = useHostileStorageBackend()
const openFiles = () => readdirSync('/proc/self/fd').length

describe('odd names', () => {
  it('stores odd but valid names as text and serves them in a safe header', async () => {
    const names = ['../../etc/passwd', 'é'.repeat(512), 'été "quoted" ; name.png', '<script>.png']
    for (const name of names) {
      const answer = await h.uploadWithName('x.png', { name })
      expect(answer.status).toBe(201)
      const id = (json(answer).processedFiles![0] as { id: string; name: string }).id
      expect((json(answer).processedFiles![0] as { name: string }).name).toBe(name)
      const download = await fetch(`${h.t.storageUrl}/files/${id}`, { headers: auth(h.ada) })
      expect(download.status).toBe(200)
      expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="[^"\r\n]*"$/)
      expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(readdirSync(join(h.t.dataDir, 'storage', 'files')).every((key) => /^[0-9a-f-]{36}$/.test(key))).toBe(true)
    // A UTF-8 file name in the part header, as browsers send it.
    const utf8 = await h.uploadWithName('été.png')
    expect((json(utf8).processedFiles![0] as { name: string }).name).toBe('été.png')
  })

  it('still serves a file whose 20,000-character name was set through GraphQL', async () => {
    const { body } = await h.ada.nhost.storage.uploadFiles({
      'bucket-id': 'avatars',
      'file[]': [new File([new Uint8Array(h.png)], 'a.png')],
    })
    const id = body.processedFiles[0]!.id
    await h.t.userGraphql(h.ada, 'mutation ($id: uuid!, $n: String!) { updateFile(pk_columns: {id: $id}, _set: {name: $n}) { id } }', {
      id,
      n: 'n'.repeat(20_000),
    })
    const download = await fetch(`${h.t.storageUrl}/files/${id}`, { headers: auth(h.ada) })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')!.length).toBeLessThan(1100)
    expect(Buffer.from(await download.arrayBuffer())).toEqual(h.png)
  })
})

describe('bad Range headers', () => {
  it('answers every Range with 200, 206 or 416 and a body as long as it says', async () => {
    const { body } = await h.ada.nhost.storage.uploadFiles({
      'bucket-id': 'avatars',
      'file[]': [new File([new Uint8Array(h.png)], 'r.png')],
    })
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
      const answer = await rawRequest({ url: h.t.url, head: head('GET', `/files/${id}`, { ...auth(h.ada), Range: range }) })
      expect({ range: range.slice(0, 40), status: [200, 206, 416].includes(answer.status) }).toEqual({
        range: range.slice(0, 40),
        status: true,
      })
      if (answer.headers['content-length'] !== undefined) expect(answer.bytes.length).toBe(Number(answer.headers['content-length']))
    }
  })
})

describe('image transformations of hostile images', () => {
  it('answers 400 in the Storage error shape for a corrupt PNG and a decompression bomb', async () => {
    const corrupt = Buffer.concat([h.png.subarray(0, 40), Buffer.alloc(200, 0xee)])
    const bomb = pngHeaderOnly(60_000, 60_000)
    for (const [name, bytes] of [
      ['corrupt', corrupt],
      ['bomb', bomb],
    ] as const) {
      const { body } = await h.ada.nhost.storage.uploadFiles({
        'bucket-id': 'avatars',
        'file[]': [new File([new Uint8Array(bytes)], `${name}.png`)],
      })
      const id = body.processedFiles[0]!.id
      const answer = await fetch(`${h.t.storageUrl}/files/${id}?w=100`, { headers: auth(h.ada) })
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
      url: h.t.url,
      head: head(
        'POST',
        '/files',
        multipart({
          'x-hasura-admin-secret': h.t.adminSecret,
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
          `GET /v1/storage/files/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\nx-hasura-admin-secret: ${h.t.adminSecret}\r\n${range}\r\n`,
          resolve,
        ),
      )
    }
    await eventually(() => openFiles() <= before + 2)
    expect(openFiles()).toBeLessThanOrEqual(before + 2)
    const whole = await fetch(`${h.t.storageUrl}/files/${id}`, { headers: { 'x-hasura-admin-secret': h.t.adminSecret } })
    expect(Number(whole.headers.get('content-length'))).toBe(size)
    await whole.body?.cancel()
  })
})

/** Opens a download, reads its first bytes, then leaves. */
function readFirstBytesAndLeave(request: string, done: () => void): void {
  const { hostname, port } = new URL(h.t.url)
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
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))])
}
