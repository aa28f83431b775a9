import { createHash, randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runApiScenario, serverAt, type ApiScenario } from '../support/api-scenario.ts'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Nhost Storage's contract through the real nhost-js storage client, and raw HTTP for headers,
 * ranges, conditionals and presigned URLs: the owner, another user, no session, the admin secret.
 * Bytes on disk here; storage-api-s3.test.ts runs this same file with them in an S3 bucket.
 */

let t: StorageTestBackend
let ada: StorageUser
let bob: StorageUser
let png: Buffer
let avatarId: string

const md5 = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`
const blob = (bytes: Buffer | string, type: string) => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type })
const fileNamed = (bytes: Buffer | string, name: string, type: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })

/** The status and body of a rejected nhost-js call. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await call
  } catch (error) {
    const fetchError = error as { status: number; body: unknown }
    return { status: fetchError.status, body: fetchError.body }
  }
  throw new Error('expected the call to be refused')
}

const rows = async (bucketId: string) =>
  (await t.adminGraphql<{ files: { id: string }[] }>('query ($b: String!) { files(where: {bucketId: {_eq: $b}}) { id } }', { b: bucketId }))
    .files

const blobCount = async () => {
  let count = 0
  for await (const _key of t.blobs.list()) count++
  return count
}

const storage = () => serverAt(t.storageUrl)
/** The scenario as ada, with her access token. */
const asAda = (scenario: ApiScenario): ApiScenario => ({
  ...scenario,
  headers: { authorization: `Bearer ${ada.token}`, ...scenario.headers },
})

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${t.storageUrl}${path}`, { method, headers })

beforeAll(async () => {
  t = await startStorageTestBackend()
  ada = await t.signUp('ada@example.com')
  bob = await t.signUp('bob@example.com')
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()
})

afterAll(async () => {
  await t?.stop()
})

describe('upload', () => {
  it('stores a file through nhost-js uploadFiles with Nhost metadata and the caller as uploader', async () => {
    avatarId = randomUUID()
    const { status, body } = await ada.nhost.storage.uploadFiles({
      'bucket-id': 'avatars',
      'file[]': [fileNamed(png, 'me.png', 'image/png')],
      'metadata[]': [{ id: avatarId, name: 'ada avatar.png', metadata: { alt: 'Ada' } }],
    })
    expect(status).toBe(201)
    expect(body.processedFiles).toEqual([
      expect.objectContaining({
        id: avatarId,
        name: 'ada avatar.png',
        bucketId: 'avatars',
        size: png.length,
        mimeType: 'image/png',
        etag: md5(png),
        isUploaded: true,
        uploadedByUserId: ada.id,
        metadata: { alt: 'Ada' },
      }),
    ])
  })

  it('refuses a file over the bucket limit with 413 and leaves neither row nor bytes', async () => {
    const before = await blobCount()
    const big = Buffer.alloc(5_000_001, 1)
    big.set(png.subarray(0, 8))
    const { status, body } = await refusal(
      ada.nhost.storage.uploadFiles({ 'bucket-id': 'avatars', 'file[]': [fileNamed(big, 'big.png', 'image/png')] }),
    )
    expect(status).toBe(413)
    expect(body).toMatchObject({
      processedFiles: [],
      error: { message: expect.stringContaining('5000000 bytes'), data: { maxSize: 5_000_000 } },
    })
    expect((await rows('avatars')).length).toBe(1)
    expect(await blobCount()).toBe(before)
  })

  it('refuses a metadata part or form field over 64 KB with 413, sent as a field or as a part', async () => {
    const before = await blobCount()
    const huge = JSON.stringify({ name: 'x.png', metadata: { pad: 'p'.repeat(70_000) } })
    for (const metadata of [huge, blob(huge, 'application/json')]) {
      const form = new FormData()
      form.append('bucket-id', 'avatars')
      form.append('metadata[]', metadata)
      form.append('file[]', fileNamed(png, 'x.png', 'image/png'))
      const response = await fetch(`${t.storageUrl}/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.token}` },
        body: form,
      })
      expect(response.status).toBe(413)
      expect(await response.json()).toMatchObject({ processedFiles: [], error: { message: expect.stringContaining('65536 bytes') } })
    }
    expect((await rows('avatars')).length).toBe(1)
    expect(await blobCount()).toBe(before)
  })

  it('refuses an empty file (below the minimum) with 400', async () => {
    const { status, body } = await refusal(
      ada.nhost.storage.uploadFiles({ 'bucket-id': 'avatars', 'file[]': [fileNamed('', 'empty.png', 'image/png')] }),
    )
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: { message: expect.stringContaining('file too small') } })
  })

  it('refuses a type the bucket rule does not allow (sniffed from the bytes) with 403 and keeps nothing', async () => {
    const before = await blobCount()
    const { status } = await refusal(
      ada.nhost.storage.uploadFiles({ 'bucket-id': 'avatars', 'file[]': [fileNamed('MZ\x90\x00 not an image', 'me.png', 'image/png')] }),
    )
    expect(status).toBe(403)
    expect((await rows('avatars')).length).toBe(1)
    expect(await blobCount()).toBe(before)
  })

  it('answers 404 for an unknown bucket and 400 when metadata[] and file[] counts differ', async () => {
    expect(
      (await refusal(ada.nhost.storage.uploadFiles({ 'bucket-id': 'nope', 'file[]': [fileNamed(png, 'a.png', 'image/png')] }))).status,
    ).toBe(404)
    const mismatch = await refusal(
      ada.nhost.storage.uploadFiles({
        'bucket-id': 'avatars',
        'file[]': [fileNamed(png, 'a.png', 'image/png'), fileNamed(png, 'b.png', 'image/png')],
        'metadata[]': [{ name: 'a' }],
      }),
    )
    expect(mismatch).toMatchObject({
      status: 400,
      body: { error: { message: "file metadata length doesn't match number of files in request" } },
    })
  })

  it('refuses an upload without a session (the unauthorized role has no insert permission)', async () => {
    const response = await fetch(`${t.storageUrl}/files`, { method: 'POST', body: formWith('avatars', png) })
    expect(response.status).toBe(403)
    expect(response.headers.get('x-error')).toBe('you are not authorized')
    expect(await response.json()).toEqual({ processedFiles: [], error: { message: 'you are not authorized' } })
  })

  it('lets the admin secret upload into the default bucket, any type', async () => {
    const { body } = await t.admin.storage.uploadFiles({ 'file[]': [fileNamed('a,b\n1,2\n', 'x.csv', 'text/csv')] })
    expect(body.processedFiles[0]).toMatchObject({ bucketId: 'default', mimeType: 'text/csv', size: 8, uploadedByUserId: null })
  })
})

describe('download', () => {
  it('returns the bytes with Nhost download headers to the uploader and the admin', async () => {
    const { body, headers } = await ada.nhost.storage.getFile(avatarId)
    expect(Buffer.from(await body.arrayBuffer())).toEqual(png)
    expect(headers.get('etag')).toBe(md5(png))
    expect(headers.get('cache-control')).toBe('max-age=3600')
    expect(headers.get('surrogate-control')).toBe('max-age=3600')
    expect(headers.get('accept-ranges')).toBe('bytes')
    expect(headers.get('content-type')).toBe('image/png')
    expect(headers.get('content-disposition')).toBe('inline; filename="ada+avatar.png"')
    expect(new Date(headers.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 60_000)
    // The bytes are piped from the file under node:http; the middleware's headers still go with them.
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('access-control-allow-origin')).toBe('*')
    expect(headers.get('x-request-id')).toMatch(/^[\w.:-]+$/)
    expect((await t.admin.storage.getFile(avatarId)).status).toBe(200)
    const head = await ada.nhost.storage.getFileMetadataHeaders(avatarId)
    expect(head.headers.get('content-length')).toBe(String(png.length))
  })

  it('hides the file from a stranger (404) but serves an avatar without a session (for <img>)', async () => {
    expect((await refusal(bob.nhost.storage.getFile(avatarId))).status).toBe(404)
    const anonymous = await get(`/files/${avatarId}`)
    expect(anonymous.status).toBe(200)
    expect(Buffer.from(await anonymous.arrayBuffer())).toEqual(png)
    expect((await refusal(ada.nhost.storage.getFile(randomUUID()))).status).toBe(404)
  })

  it('serves byte ranges (206 with Content-Range, suffix ranges, 416 past the end)', async () => {
    const ranges: ApiScenario[] = [
      {
        name: 'a range',
        url: `/files/${avatarId}`,
        headers: { range: 'bytes=10-19' },
        status: 206,
        after: ({ headers, bytes }) => {
          expect(headers.get('content-range')).toBe(`bytes 10-19/${png.length}`)
          expect(bytes).toEqual(png.subarray(10, 20))
        },
      },
      {
        name: 'a suffix range',
        url: `/files/${avatarId}`,
        headers: { range: 'bytes=-5' },
        status: 206,
        after: ({ bytes }) => expect(bytes).toEqual(png.subarray(png.length - 5)),
      },
      {
        name: 'a range past the end',
        url: `/files/${avatarId}`,
        headers: { range: `bytes=${png.length}-` },
        status: 416,
        after: ({ headers }) => expect(headers.get('content-range')).toBe(`bytes */${png.length}`),
      },
    ]
    for (const scenario of ranges) await runApiScenario(storage(), asAda(scenario))
  })

  it('answers the conditionals with 304 and 412', async () => {
    const future = new Date(Date.now() + 3600_000).toUTCString()
    const past = new Date(Date.now() - 3600_000).toUTCString()
    const conditionals: [string, Record<string, string>, number][] = [
      ['the same ETag', { 'if-none-match': md5(png) }, 304],
      ['another ETag', { 'if-none-match': '"other"' }, 200],
      ['another ETag', { 'if-match': '"other"' }, 412],
      ['the same ETag', { 'if-match': md5(png) }, 200],
      ['a later date', { 'if-modified-since': future }, 304],
      ['an earlier date', { 'if-unmodified-since': past }, 412],
      ['not a date', { 'if-modified-since': 'not a date' }, 400],
    ]
    for (const [value, headers, status] of conditionals) {
      const name = `${Object.keys(headers)[0]} with ${value}`
      await runApiScenario(storage(), asAda({ name, url: `/files/${avatarId}`, headers, status }))
    }
  })
})

describe('image transformation', () => {
  const auth = () => ({ authorization: `Bearer ${ada.token}` })

  it('resizes, converts and negotiates the format, caching each result on disk', async () => {
    const small = await get(`/files/${avatarId}?w=100`, auth())
    expect(small.headers.get('content-type')).toBe('image/png')
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 100, height: 75, format: 'png' })
    const webp = await get(`/files/${avatarId}?w=50&f=webp&q=60&b=2`, auth())
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(webp.headers.get('content-disposition')).toBe('inline; filename="ada+avatar.png.webp"')
    expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({ width: 50, format: 'webp' })
    const auto = await get(`/files/${avatarId}?h=30&f=auto`, { ...auth(), accept: 'image/avif,image/webp,*/*' })
    expect(auto.headers.get('content-type')).toBe('image/avif')
    expect(auto.headers.get('vary')).toBe('Accept')
    expect(await sharp(Buffer.from(await auto.arrayBuffer())).metadata()).toMatchObject({ height: 30, format: 'heif' })
    const cached = () => readdirSync(join(t.dataDir, 'storage', 'image-cache', 'files')).length
    const entries = cached()
    expect(entries).toBe(3)
    await (await get(`/files/${avatarId}?w=100`, auth())).arrayBuffer()
    expect(cached()).toBe(entries)
  })

  it('refuses parameters out of bounds and files that are not images', async () => {
    expect((await get(`/files/${avatarId}?w=100000`, auth())).status).toBe(400)
    expect((await get(`/files/${avatarId}?f=heic`, auth())).status).toBe(400)
    const { body } = await t.admin.storage.uploadFiles({ 'file[]': [fileNamed('%PDF-1.4 x', 'doc.pdf', 'application/pdf')] })
    const pdf = await get(`/files/${body.processedFiles[0]!.id}?w=10`, { 'x-hasura-admin-secret': t.adminSecret })
    expect(pdf.status).toBe(400)
    expect(await pdf.json()).toEqual({ error: { message: "image manipulation features are not supported for 'application/pdf'" } })
  })
})

describe('presigned URLs', () => {
  it('hands out a URL that works without a session, with image parameters, and refuses a tampered one', async () => {
    const { body } = await ada.nhost.storage.getFilePresignedURL(avatarId)
    expect(body.expiration).toBe(30)
    expect(body.url).toMatch(new RegExp(`^${t.storageUrl}/files/${avatarId}/presignedurl/contents\\?`))
    const response = await fetch(body.url)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png)
    const resized = await fetch(`${body.url}&w=40`)
    expect(await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).toMatchObject({ width: 40 })
    const tampered = body.url.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`)
    expect((await fetch(tampered)).status).toBe(403)
    const otherFile = body.url.replace(avatarId, randomUUID())
    expect((await fetch(otherFile)).status).toBe(403)
    expect((await refusal(bob.nhost.storage.getFilePresignedURL(avatarId))).status).toBe(404)
  })

  it('expires after the bucket’s downloadExpiration', async () => {
    await t.adminGraphql('mutation { updateBucket(pk_columns: {id: "avatars"}, _set: {downloadExpiration: 1}) { id } }')
    const { body } = await ada.nhost.storage.getFilePresignedURL(avatarId)
    await t.adminGraphql('mutation { updateBucket(pk_columns: {id: "avatars"}, _set: {downloadExpiration: 30}) { id } }')
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const expired = await fetch(body.url)
    expect(expired.status).toBe(403)
    expect(await expired.json()).toEqual({ error: { message: 'signature already expired' } })
  })
})

describe('replace and delete', () => {
  it('replaces the bytes for the uploader only, through nhost-js replaceFile', async () => {
    const jpeg = await sharp(png).jpeg().toBuffer()
    expect((await refusal(bob.nhost.storage.replaceFile(avatarId, { file: fileNamed(jpeg, 'x.jpg', 'image/jpeg') }))).status).toBe(404)
    const { body } = await ada.nhost.storage.replaceFile(avatarId, {
      file: fileNamed(jpeg, 'new.jpg', 'image/jpeg'),
      metadata: { name: 'new.jpg' },
    })
    expect(body).toMatchObject({
      id: avatarId,
      name: 'new.jpg',
      mimeType: 'image/jpeg',
      etag: md5(jpeg),
      size: jpeg.length,
      isUploaded: true,
    })
    const { body: bytes } = await ada.nhost.storage.getFile(avatarId)
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(jpeg)
    expect((await refusal(ada.nhost.storage.replaceFile(avatarId, { file: fileNamed('plain text', 'x.txt', 'text/plain') }))).status).toBe(
      403,
    )
    expect((await ada.nhost.storage.getFile(avatarId)).headers.get('etag')).toBe(md5(jpeg))
  })

  it('deletes for the uploader: 404 for a stranger, 204 then 404 for the owner, bytes gone', async () => {
    expect((await refusal(bob.nhost.storage.deleteFile(avatarId))).status).toBe(404)
    const before = await blobCount()
    expect((await ada.nhost.storage.deleteFile(avatarId)).status).toBe(204)
    expect(await blobCount()).toBe(before - 1)
    expect((await refusal(ada.nhost.storage.getFile(avatarId))).status).toBe(404)
  })
})

describe('ops, version, CORS', () => {
  it('lists and removes orphans, broken metadata and unfinished uploads, for the admin secret only', async () => {
    expect((await refusal(ada.nhost.storage.listOrphanedFiles())).status).toBe(403)
    expect((await refusal(t.anonymous.storage.listFilesNotUploaded())).status).toBe(403)
    const orphan = randomUUID()
    await (await t.blobs.stage(Readable.from(['left behind']))).commit(orphan)
    const unfinished = randomUUID()
    const broken = randomUUID()
    await t.adminGraphql('mutation ($o: [files_insert_input!]!) { insertFiles(objects: $o) { affected_rows } }', {
      o: [
        { id: unfinished, name: 'half', isUploaded: false },
        { id: broken, name: 'lost', isUploaded: true },
      ],
    })
    expect((await t.admin.storage.listOrphanedFiles()).body.files).toEqual([orphan])
    expect((await t.admin.storage.listFilesNotUploaded()).body.metadata).toEqual([
      { id: unfinished, name: 'half', bucketId: 'default', isUploaded: false },
    ])
    expect((await t.admin.storage.listBrokenMetadata()).body.metadata).toEqual([
      { id: broken, name: 'lost', bucketId: 'default', isUploaded: true },
    ])
    expect((await t.admin.storage.deleteOrphanedFiles()).body.files).toEqual([orphan])
    expect((await t.admin.storage.deleteBrokenMetadata()).body.metadata?.map((f) => f.id)).toEqual([broken])
    expect((await t.admin.storage.listOrphanedFiles()).body.files).toEqual([])
    expect((await t.admin.storage.listBrokenMetadata()).body.metadata).toEqual([])
  })

  it('reports its version and answers CORS preflights as hasura-storage does', async () => {
    expect((await t.anonymous.storage.getVersion()).body.buildVersion).toMatch(/^v\d/)
    const preflight = await fetch(`${t.storageUrl}/files`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-max-age')).toBe('43200')
    const download = await get('/version', { origin: 'https://app.example' })
    expect(download.headers.get('access-control-expose-headers')).toContain('X-Error')
  })
})

function formWith(bucket: string, bytes: Buffer): FormData {
  const form = new FormData()
  form.append('bucket-id', bucket)
  form.append('file[]', blob(bytes, 'image/png'), 'x.png')
  return form
}
