import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Annotations (migration 1795317561600, annotations.yaml) with attachments in bucket
 * `attachments`: editors and owners write, members read the note and its file, non-members and
 * no session see neither, the author or an owner deletes; an attachment must be the workspace's.
 */

let t: StorageTestBackend
let ada: StorageUser // owner
let vic: StorageUser // editor
let val: StorageUser // viewer
let bob: StorageUser // not a member (owner of ops)
let lab: string
let ops: string
let metricId: string

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

async function attach(user: StorageUser, workspace: string, bucket = 'attachments'): Promise<string> {
  const id = randomUUID()
  await t.userGraphql(
    user,
    'mutation ($f: uuid!, $w: uuid!) { insert_workspace_files_one(object: {file_id: $f, workspace_id: $w}) { file_id } }',
    { f: id, w: workspace },
  )
  const type = bucket === 'imports' ? 'text/csv' : 'image/png'
  await user.nhost.storage.uploadFiles({
    'bucket-id': bucket,
    'file[]': [new File([bucket === 'imports' ? 'ts,value\n' : new Uint8Array(PNG)], bucket === 'imports' ? 'a.csv' : 'dot.png', { type })],
    'metadata[]': [{ id }],
  })
  return id
}

const annotate = (user: StorageUser, text: string, fileId: string | null = null) =>
  t.userGraphql(user, 'mutation ($o: annotations_insert_input!) { insert_annotations_one(object: $o) { id created_by file_id } }', {
    o: { metric_id: metricId, ts: new Date().toISOString(), text, file_id: fileId },
  })

async function status(call: Promise<{ status: number }>): Promise<number> {
  try {
    return (await call).status
  } catch (error) {
    return (error as { status: number }).status
  }
}

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
  ops = await t.createWorkspace(bob, 'ops')
  const created = await t.userGraphql(
    ada,
    'mutation ($w: uuid!) { insert_metrics_one(object: {workspace_id: $w, key: "temp", name: "Temp"}) { id } }',
    { w: lab },
  )
  metricId = (created.data as { insert_metrics_one: { id: string } }).insert_metrics_one.id
}, 60_000)

afterAll(async () => {
  await t?.stop()
})

describe('annotations', () => {
  it('lets an editor annotate with an image that members, only members, read', async () => {
    const fileId = await attach(vic, lab)
    const answer = await annotate(vic, 'Door left open', fileId)
    expect(answer.data).toMatchObject({ insert_annotations_one: { created_by: vic.id, file_id: fileId } })
    const query = '{ annotations { text file { id mimeType } } }'
    expect((await t.userGraphql(val, query)).data).toEqual({
      annotations: [{ text: 'Door left open', file: { id: fileId, mimeType: 'image/png' } }],
    })
    expect((await t.userGraphql(bob, query)).data).toEqual({ annotations: [] })
    expect(await status(val.nhost.storage.getFile(fileId))).toBe(200)
    expect(await status(bob.nhost.storage.getFile(fileId))).toBe(404)
    // Without a session only avatars are readable: the public role's filter hides this file.
    expect(await status(t.anonymous.storage.getFile(fileId))).toBe(404)
    const anonymous = await fetch(`${t.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    })
    expect(((await anonymous.json()) as { errors?: unknown[] }).errors).toBeDefined()
  })

  it('refuses a viewer, an empty or too long text, and a file of another workspace or bucket', async () => {
    expect((await annotate(val, 'viewer note')).errors).toBeDefined()
    expect(JSON.stringify((await annotate(vic, '   ')).errors)).toContain('annotations_text_length')
    expect(JSON.stringify((await annotate(vic, 'x'.repeat(501))).errors)).toContain('annotations_text_length')
    const foreign = await attach(bob, ops)
    expect(JSON.stringify((await annotate(vic, 'borrowed', foreign)).errors)).toContain('annotations_file_same_workspace')
    const csv = await attach(vic, lab, 'imports')
    expect(JSON.stringify((await annotate(vic, 'csv', csv)).errors)).toContain('annotations_file_same_workspace')
  })

  it('lets the author or an owner delete, not another editor or a viewer', async () => {
    const del = (user: StorageUser, id: string) =>
      t.userGraphql(user, 'mutation ($id: uuid!) { delete_annotations_by_pk(id: $id) { id } }', { id })
    const mine = ((await annotate(vic, 'by vic')).data as { insert_annotations_one: { id: string } }).insert_annotations_one.id
    const owners = ((await annotate(ada, 'by ada')).data as { insert_annotations_one: { id: string } }).insert_annotations_one.id
    expect((await del(val, mine)).data).toEqual({ delete_annotations_by_pk: null })
    expect((await del(bob, mine)).data).toEqual({ delete_annotations_by_pk: null })
    expect((await del(vic, owners)).data).toEqual({ delete_annotations_by_pk: null })
    expect((await del(vic, mine)).data).toEqual({ delete_annotations_by_pk: { id: mine } })
    const again = ((await annotate(vic, 'by vic again')).data as { insert_annotations_one: { id: string } }).insert_annotations_one.id
    expect((await del(ada, again)).data).toEqual({ delete_annotations_by_pk: { id: again } })
  })
})
