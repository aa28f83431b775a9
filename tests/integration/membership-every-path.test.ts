import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Membership is checked on every path, not only on the REST ones: a member who has left a
 * workspace changes none of its files through GraphQL (storage_files.yaml), and ingest keys are
 * made by the server only (public_ingest_keys.yaml, functions/ingest-keys.ts).
 */
let t: StorageTestBackend
let ada: StorageUser // owner of lab
let vic: StorageUser // editor of lab, removed in the storage tests
let lab: string

const PDF = '%PDF-1.4\n% attachment\n'
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

async function uploadAttachment(user: StorageUser, workspace: string): Promise<string> {
  const id = randomUUID()
  const linked = await t.userGraphql(
    user,
    'mutation ($f: uuid!, $w: uuid!) { insert_workspace_files_one(object: {file_id: $f, workspace_id: $w}) { file_id } }',
    { f: id, w: workspace },
  )
  expect(linked.errors).toBeUndefined()
  const file = new File([PDF], 'report.pdf', { type: 'application/pdf' })
  expect((await user.nhost.storage.uploadFiles({ 'bucket-id': 'attachments', 'file[]': [file], 'metadata[]': [{ id }] })).status).toBe(201)
  return id
}

const fileName = async (id: string) =>
  (await t.adminGraphql<{ file: { name: string } | null }>('query ($id: uuid!) { file(id: $id) { name } }', { id })).file?.name

beforeAll(async () => {
  t = await startStorageTestBackend({ env: { PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '60000' } })
  ada = await t.signUp('ada@example.com')
  vic = await t.signUp('vic@example.com')
  lab = await t.createWorkspace(ada, 'lab', [{ user: vic, role: 'editor' }])
}, 240_000)

afterAll(async () => {
  await t?.stop()
})

describe('storage.files through GraphQL', () => {
  it('lets a member rename their upload, and a removed member neither update nor delete it', async () => {
    const kept = await uploadAttachment(vic, lab)
    const other = await uploadAttachment(vic, lab)
    const rename = (id: string, name: string) =>
      t.userGraphql(vic, 'mutation ($id: uuid!, $n: String!) { updateFile(pk_columns: {id: $id}, _set: {name: $n}) { id } }', {
        id,
        n: name,
      })
    expect((await rename(kept, 'while-member.pdf')).data).toEqual({ updateFile: { id: kept } })

    await t.adminGraphql('mutation ($w: uuid!, $u: uuid!) { delete_workspace_members_by_pk(workspace_id: $w, user_id: $u) { role } }', {
      w: lab,
      u: vic.id,
    })

    expect((await rename(kept, 'after-removal.pdf')).data).toEqual({ updateFile: null })
    const many = await t.userGraphql(
      vic,
      'mutation ($ids: [uuid!]!) { updateFiles(where: {id: {_in: $ids}}, _set: {name: "all-mine.pdf"}) { affected_rows } }',
      { ids: [kept, other] },
    )
    expect(many.data).toEqual({ updateFiles: { affected_rows: 0 } })
    const deleted = await t.userGraphql(vic, 'mutation ($id: uuid!) { deleteFile(id: $id) { id } }', { id: other })
    expect(deleted.data).toEqual({ deleteFile: null })
    const deletedMany = await t.userGraphql(vic, 'mutation ($ids: [uuid!]!) { deleteFiles(where: {id: {_in: $ids}}) { affected_rows } }', {
      ids: [kept, other],
    })
    expect(deletedMany.data).toEqual({ deleteFiles: { affected_rows: 0 } })

    expect(await fileName(kept)).toBe('while-member.pdf')
    expect(await fileName(other)).toBe('report.pdf')
    // The workspace's owner still manages them.
    expect((await t.userGraphql(ada, 'mutation ($id: uuid!) { deleteFile(id: $id) { id } }', { id: other })).data).toEqual({
      deleteFile: { id: other },
    })
  })

  it('lets a user change their own avatar, in no workspace at all', async () => {
    const id = randomUUID()
    const file = new File([new Uint8Array(PNG_HEAD)], 'me.png', { type: 'image/png' })
    expect((await vic.nhost.storage.uploadFiles({ 'bucket-id': 'avatars', 'file[]': [file], 'metadata[]': [{ id }] })).status).toBe(201)
    const renamed = await t.userGraphql(
      vic,
      'mutation ($id: uuid!) { updateFile(pk_columns: {id: $id}, _set: {name: "face.png"}) { name } }',
      {
        id,
      },
    )
    expect(renamed.data).toEqual({ updateFile: { name: 'face.png' } })
    expect((await t.userGraphql(ada, 'mutation ($id: uuid!) { deleteFile(id: $id) { id } }', { id })).data).toEqual({ deleteFile: null })
    expect((await t.userGraphql(vic, 'mutation ($id: uuid!) { deleteFile(id: $id) { id } }', { id })).data).toEqual({ deleteFile: { id } })
  })
})

describe('ingest keys', () => {
  it('cannot be inserted with a hash the client chose, only made by the function', async () => {
    const chosen = await t.userGraphql(
      ada,
      `mutation ($w: uuid!) { insert_ingest_keys_one(object: {workspace_id: $w, name: "mine", prefix: "pb_chosen00",
        key_hash: "0000000000000000000000000000000000000000000000000000000000000000"}) { id } }`,
      { w: lab },
    )
    expect(chosen.data).toBeUndefined()
    expect(chosen.errors).toBeDefined()

    const create = (user: StorageUser) =>
      fetch(`${t.url}/v1/functions/ingest-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ workspaceId: lab, name: 'sensor' }),
      })
    const made = await create(ada)
    expect(made.status).toBe(201)
    const body = (await made.json()) as { key: string; prefix: string }
    expect(body.key.startsWith(body.prefix)).toBe(true)
    const { ingest_keys: keys } = await t.adminGraphql<{ ingest_keys: { name: string; created_by: string }[] }>(
      '{ ingest_keys { name created_by } }',
    )
    expect(keys).toEqual([{ name: 'sensor', created_by: ada.id }])
    const stranger = await t.signUp('sam@example.com')
    expect((await create(stranger)).status).toBe(403)
  })
})
