import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '../../backend/lib/logger.ts'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Requests without a token run as the unauthorized role (`public`). Avatars are shown in <img>
 * tags, which send no Authorization header, so the avatars bucket is readable by `public`
 * (storage_files.yaml); the other buckets are not. A role that may not read storage.files at
 * all is refused with Nhost Storage's 403, not with a logged GraphQL validation error.
 */

let t: StorageTestBackend
let ada: StorageUser
let lab: string
const logged: { level: string; message: string; fields?: Record<string, unknown> }[] = []
const recorder = (level: string) => (message: string, fields?: Record<string, unknown>) => void logged.push({ level, message, fields })
const log: Logger = { debug: () => {}, info: () => {}, warn: recorder('warn'), error: recorder('error') }

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 8, 9])

async function uploadAs(user: StorageUser, bucket: string, bytes: string | Buffer, name: string, type: string): Promise<string> {
  const id = randomUUID()
  if (bucket !== 'avatars') {
    const answer = await t.userGraphql(
      user,
      'mutation ($f: uuid!, $w: uuid!) { insert_workspace_files_one(object: {file_id: $f, workspace_id: $w}) { file_id } }',
      { f: id, w: lab },
    )
    expect(answer.errors).toBeUndefined()
  }
  const file = new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })
  await user.nhost.storage.uploadFiles({ 'bucket-id': bucket, 'file[]': [file], 'metadata[]': [{ id }] })
  return id
}

beforeAll(async () => {
  t = await startStorageTestBackend({ log })
  ada = await t.signUp('ada@example.com')
  lab = await t.createWorkspace(ada, 'lab')
})

afterAll(async () => {
  await t?.stop()
})

describe('files without a token', () => {
  it('serves an avatar to <img> (no Authorization header) under both base URLs', async () => {
    const id = await uploadAs(ada, 'avatars', PNG, 'me.png', 'image/png')
    for (const url of [`${t.url}/storage/v1/files/${id}`, `${t.url}/v1/storage/files/${id}`]) {
      const response = await fetch(url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)
    }
    expect(logged).toEqual([])
  })

  it('keeps imports and attachments hidden: 404, as for a signed-in outsider', async () => {
    const csv = await uploadAs(ada, 'imports', 'time,value\n2026-01-01T00:00:00Z,1\n', 'rows.csv', 'text/csv')
    const pdf = await uploadAs(ada, 'attachments', '%PDF-1.4\n% x\n', 'a.pdf', 'application/pdf')
    for (const id of [csv, pdf]) {
      const response = await fetch(`${t.url}/storage/v1/files/${id}`)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: { message: 'file not found' } })
      expect((await fetch(`${t.url}/storage/v1/files/${id}`, { headers: { authorization: `Bearer ${ada.token}` } })).status).toBe(200)
    }
    // In GraphQL `public` may only ask for an avatar by id: no listing, no other column.
    const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await fetch(`${t.url}/graphql/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      })
      return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] }
    }
    expect((await graphql('{ files { id } }')).errors).toBeDefined()
    expect((await graphql('query ($id: uuid!) { file(id: $id) { name } }', { id: csv })).errors).toBeDefined()
    expect((await graphql('query ($id: uuid!) { file(id: $id) { id } }', { id: csv })).data).toEqual({ file: null })
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([])
  })

  it('refuses a role without any storage permission with 403 and logs nothing', async () => {
    const id = await uploadAs(ada, 'avatars', PNG, 'me.png', 'image/png')
    logged.length = 0
    // A role with no permission on storage.files has no `file` field nor `uuid` type in its schema.
    const response = await fetch(`${t.url}/storage/v1/files/${id}`, {
      headers: { 'x-hasura-admin-secret': t.adminSecret, 'x-hasura-role': 'nobody' },
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: { message: 'you are not authorized' } })
    expect(logged).toEqual([])
  })
})
