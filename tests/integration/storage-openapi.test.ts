import Ajv from 'ajv'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * `/v1/storage/openapi.yaml` as a client generator would use it: served, and true of the answers.
 * Each answer of the real service (nhost-js calls and raw HTTP) is validated against the schema
 * the document gives for its operation and status. backend/storage/openapi.test.ts checks that
 * the document's paths and methods are exactly the routes served.
 */
let t: StorageTestBackend
let ada: StorageUser
let document: any
let ajv: Ajv

beforeAll(async () => {
  t = await startStorageTestBackend()
  ada = await t.signUp('ada@example.com')
})

afterAll(async () => {
  await t?.stop()
})

/** Throws unless `body` is what the document says `METHOD path` answers with `status`. */
function expectDocumented(method: string, path: string, status: number, body: unknown): void {
  const response = document.paths[path][method].responses[String(status)]
  expect(response, `${method} ${path} ${status} is documented`).toBeDefined()
  const resolved = response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response
  const schema = resolved.content?.['application/json']?.schema
  expect(schema, `${method} ${path} ${status} has a JSON schema`).toBeDefined()
  const validate = ajv.compile({ ...schema, components: document.components })
  const valid = validate(body)
  expect(valid, `${method} ${path} ${status}: ${JSON.stringify(body)}: ${ajv.errorsText(validate.errors)}`).toBe(true)
}

describe('GET /v1/storage/openapi.yaml', () => {
  it('serves the OpenAPI document as YAML, without a session, under both base paths', async () => {
    const response = await fetch(`${t.storageUrl}/openapi.yaml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml/)
    document = parse(await response.text())
    expect(document.openapi).toMatch(/^3\./)
    const alias = await fetch(`${t.url}/storage/v1/openapi.yaml`)
    expect(await alias.text()).toBe(await (await fetch(`${t.storageUrl}/openapi.yaml`)).text())
    // The document's references resolve inside it; nullable and formats are OpenAPI's, not JSON Schema's.
    ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true })
  })

  it("describes the service's answers: uploads, metadata, presigned URLs, operations and errors", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer()
    const uploaded = await ada.nhost.storage.uploadFiles({
      'bucket-id': 'avatars',
      'file[]': [new File([new Uint8Array(png)], 'me.png', { type: 'image/png' })],
      'metadata[]': [{ name: 'me.png', metadata: { alt: 'Ada' } }],
    })
    expectDocumented('post', '/files', uploaded.status, uploaded.body)
    const id = uploaded.body.processedFiles[0]!.id

    const replaced = await ada.nhost.storage.replaceFile(id, {
      file: new File([new Uint8Array(png)], 'again.png', { type: 'image/png' }),
      metadata: { name: 'renamed.png' },
    })
    expectDocumented('put', '/files/{id}', replaced.status, replaced.body)

    const presigned = await ada.nhost.storage.getFilePresignedURL(id)
    expectDocumented('get', '/files/{id}/presignedurl', presigned.status, presigned.body)

    const version = await fetch(`${t.storageUrl}/version`)
    expectDocumented('get', '/version', version.status, await version.json())

    for (const op of ['list-orphans', 'delete-orphans', 'list-broken-metadata', 'delete-broken-metadata', 'list-not-uploaded']) {
      const answer = await fetch(`${t.storageUrl}/ops/${op}`, { method: 'POST', headers: { 'x-hasura-admin-secret': t.adminSecret } })
      expectDocumented('post', `/ops/${op}`, answer.status, await answer.json())
    }

    const badUpload = await fetch(`${t.storageUrl}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="bucket-id"\r\n\r\navatars\r\n--x--\r\n',
    })
    expectDocumented('post', '/files', badUpload.status, await badUpload.json())

    const missing = await fetch(`${t.storageUrl}/files/${crypto.randomUUID()}`, { headers: { authorization: `Bearer ${ada.token}` } })
    expectDocumented('get', '/files/{id}', missing.status, await missing.json())

    const notAdmin = await fetch(`${t.storageUrl}/ops/list-orphans`, { method: 'POST', headers: { authorization: `Bearer ${ada.token}` } })
    expectDocumented('post', '/ops/list-orphans', notAdmin.status, await notAdmin.json())
  })

  it('would catch an answer that does not match (the check itself can fail)', () => {
    expect(() => expectDocumented('get', '/files/{id}/presignedurl', 200, { url: 'x' })).toThrow(/expiration/)
    expect(() => expectDocumented('get', '/files/{id}/presignedurl', 418, {})).toThrow(/documented/)
  })
})
