import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * The product's buckets and rules (migration 1795317561434_storage_buckets, storage_files.yaml),
 * enforced by the server: attachments and imports belong to the workspace their id was linked
 * to, avatars are seen by those who share a workspace with their owner, deletes are the
 * uploader's or a workspace owner's.
 */

let t: StorageTestBackend
let ada: StorageUser // owner of lab
let vic: StorageUser // editor in lab
let val: StorageUser // viewer in lab
let bob: StorageUser // owner of ops, nothing in lab
let lab: string

const PDF = '%PDF-1.4\n% attachment\n'
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const file = (bytes: string | Buffer, name: string, type: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })

async function status(call: Promise<{ status: number }>): Promise<number> {
  try {
    return (await call).status
  } catch (error) {
    return (error as { status: number }).status
  }
}

/** Links a new file id to `workspace` as `user`; returns the id, or the GraphQL errors. */
async function link(user: StorageUser, workspace: string): Promise<{ id: string; errors?: unknown[] }> {
  const id = randomUUID()
  const answer = await t.userGraphql(
    user,
    'mutation ($f: uuid!, $w: uuid!) { insert_workspace_files_one(object: {file_id: $f, workspace_id: $w}) { file_id } }',
    { f: id, w: workspace },
  )
  return answer.errors ? { id, errors: answer.errors } : { id }
}

const upload = (user: StorageUser, bucket: string, id: string, bytes: string | Buffer, name: string, type: string) =>
  user.nhost.storage.uploadFiles({ 'bucket-id': bucket, 'file[]': [file(bytes, name, type)], 'metadata[]': [{ id }] })

beforeAll(async () => {
  t = await startStorageTestBackend()
  ;[ada, vic, val, bob] = [
    await t.signUp('ada@example.com'),
    await t.signUp('vic@example.com'),
    await t.signUp('val@example.com'),
    await t.signUp('bob@example.com'),
  ]
  lab = await t.createWorkspace(ada, 'lab', [
    { user: vic, role: 'editor' },
    { user: val, role: 'viewer' },
  ])
  await t.createWorkspace(bob, 'ops')
})

afterAll(async () => {
  await t?.stop()
})

describe('attachments and imports belong to a workspace', () => {
  it('lets an editor upload into a linked id and every member, only members, read it', async () => {
    const { id } = await link(vic, lab)
    expect(await status(upload(vic, 'attachments', id, PDF, 'report.pdf', 'application/pdf'))).toBe(201)
    expect(await status(val.nhost.storage.getFile(id))).toBe(200)
    expect(await status(ada.nhost.storage.getFile(id))).toBe(200)
    expect(await status(bob.nhost.storage.getFile(id))).toBe(404)
    // Without a session only avatars are readable: to `public` the file does not exist.
    expect(await status(t.anonymous.storage.getFile(id))).toBe(404)
  })

  it('refuses an upload without a link, by a viewer, or of a type the bucket does not take', async () => {
    expect(await status(upload(vic, 'attachments', randomUUID(), PDF, 'a.pdf', 'application/pdf'))).toBe(403)
    expect((await link(val, lab)).errors).toBeDefined()
    const linked = await link(vic, lab)
    expect(await status(upload(val, 'attachments', linked.id, PDF, 'a.pdf', 'application/pdf'))).toBe(403)
    expect(await status(upload(vic, 'attachments', linked.id, 'a,b\n1,2\n', 'a.csv', 'text/csv'))).toBe(403)
    // The type is read from the bytes; the bucket's rule is a permission, refused as hasura-storage
    // refuses any permission (the app checks the type before uploading: src/lib/upload-file-type.ts).
    const refused = await upload(vic, 'imports', linked.id, PNG_HEAD, 'rows.csv', 'text/csv').catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 403, body: { error: { message: 'you are not authorized' } } })
    expect(await status(upload(vic, 'imports', linked.id, 'a,b\n1,2\n', 'rows.csv', 'text/csv'))).toBe(201)
    const { files } = await t.adminGraphql<{ files: { bucketId: string }[] }>(
      'query ($id: uuid!) { files(where: {id: {_eq: $id}}) { bucketId } }',
      { id: linked.id },
    )
    expect(files).toEqual([{ bucketId: 'imports' }])
  })

  it('refuses an import over 20 MB with 413', async () => {
    const { id } = await link(ada, lab)
    const big = Buffer.alloc(20_000_001, 0x61)
    expect(await status(upload(ada, 'imports', id, big, 'huge.csv', 'text/csv'))).toBe(413)
    expect(await status(ada.nhost.storage.getFile(id))).toBe(404)
  })

  it('keeps a file id linked to one workspace: another workspace cannot claim it', async () => {
    const { id } = await link(vic, lab)
    const ops = (await t.adminGraphql<{ workspaces: { id: string }[] }>('{ workspaces(where: {slug: {_eq: "ops"}}) { id } }'))
      .workspaces[0]!.id
    const answer = await t.userGraphql(
      bob,
      'mutation ($f: uuid!, $w: uuid!) { insert_workspace_files_one(object: {file_id: $f, workspace_id: $w}) { file_id } }',
      { f: id, w: ops },
    )
    expect(answer.errors).toBeDefined()
  })

  it('lets the uploader or a workspace owner delete, nobody else', async () => {
    const first = await link(vic, lab)
    const second = await link(vic, lab)
    await upload(vic, 'attachments', first.id, PDF, 'one.pdf', 'application/pdf')
    await upload(vic, 'attachments', second.id, PDF, 'two.pdf', 'application/pdf')
    expect(await status(val.nhost.storage.deleteFile(first.id))).toBe(403)
    expect(await status(bob.nhost.storage.deleteFile(first.id))).toBe(404)
    expect(await status(ada.nhost.storage.deleteFile(first.id))).toBe(204)
    expect(await status(vic.nhost.storage.deleteFile(second.id))).toBe(204)
    const links = await t.adminGraphql<{ workspace_files: unknown[] }>(
      'query ($ids: [uuid!]!) { workspace_files(where: {file_id: {_in: $ids}}) { file_id } }',
      { ids: [first.id, second.id] },
    )
    expect(links.workspace_files).toEqual([])
  })
})

describe('avatars', () => {
  it('are listed for their owner and people who share a workspace with them; downloadable by id', async () => {
    const id = randomUUID()
    expect(await status(upload(vic, 'avatars', id, PNG_HEAD, 'me.png', 'image/png'))).toBe(201)
    expect(await status(vic.nhost.storage.getFile(id))).toBe(200)
    expect(await status(ada.nhost.storage.getFile(id))).toBe(200)
    expect(await status(bob.nhost.storage.getFile(id))).toBe(404)
    expect(await status(upload(vic, 'avatars', randomUUID(), PDF, 'me.pdf', 'application/pdf'))).toBe(403)
  })
})

describe('GraphQL', () => {
  it('shows storage.files with Nhost’s names, filtered by the same rules', async () => {
    // Buckets are the service's settings: the user role has no permission on them.
    expect((await t.userGraphql(bob, '{ buckets { id } }')).errors).toBeDefined()
    const mine = await t.userGraphql(val, '{ files(order_by: {createdAt: asc}) { bucketId mimeType isUploaded } }')
    expect(mine.data?.files).toEqual([
      { bucketId: 'attachments', mimeType: 'application/pdf', isUploaded: true },
      { bucketId: 'imports', mimeType: 'text/csv', isUploaded: true },
      { bucketId: 'avatars', mimeType: 'image/png', isUploaded: true },
    ])
    expect((await t.userGraphql(bob, '{ files { id } }')).data?.files).toEqual([])
  })
})
