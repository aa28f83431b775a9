import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Members and invitations (issue 12 item 1): owners invite, list and revoke; only the invitee
 * accepts, through POST /v1/functions/invitations/accept; nobody becomes a member another way.
 */
/** A function's JSON answer as these tests read it (an error body or a result). */
type FunctionBody = { error: { code: string }; accessToken: string; [key: string]: unknown }

let t: StorageTestBackend
let owner: StorageUser
let editor: StorageUser
let viewer: StorageUser
let outsider: StorageUser
let lab: string

const accept = (user: StorageUser | null, token: unknown) =>
  fetch(`${t.url}/v1/functions/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
    body: JSON.stringify({ token }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as FunctionBody }))

async function invite(user: StorageUser, email: string, role = 'editor') {
  return t.userGraphql(
    user,
    'mutation ($w: uuid!, $e: String!, $r: workspace_roles_enum!) { insert_invitations_one(object: {workspace_id: $w, email: $e, role: $r}) { id token status expires_at } }',
    { w: lab, e: email, r: role },
  )
}

const roleOf = async (userId: string) => {
  const { workspace_members } = await t.adminGraphql<{ workspace_members: { role: string }[] }>(
    'query ($w: uuid!, $u: uuid!) { workspace_members(where: {workspace_id: {_eq: $w}, user_id: {_eq: $u}}) { role } }',
    { w: lab, u: userId },
  )
  return workspace_members[0]?.role ?? null
}

beforeAll(async () => {
  t = await startStorageTestBackend()
  ;[owner, editor, viewer, outsider] = [
    await t.signUp('owner@example.com'),
    await t.signUp('editor@example.com'),
    await t.signUp('viewer@example.com'),
    await t.signUp('outsider@example.com'),
  ]
  lab = await t.createWorkspace(owner, 'lab', [
    { user: editor, role: 'editor' },
    { user: viewer, role: 'viewer' },
  ])
}, 60_000)

afterAll(async () => {
  await t?.stop()
})

describe('creating a workspace', () => {
  it('returns the new workspace to its creator in one call', async () => {
    const answer = await t.userGraphql(
      outsider,
      'mutation { insert_workspaces_one(object: {name: "Solo", slug: "solo"}) { id slug name } }',
    )
    expect(answer.errors).toBeUndefined()
    expect((answer.data!.insert_workspaces_one as { slug: string }).slug).toBe('solo')
  })
})

describe('nobody becomes a member but through an invitation', () => {
  it('refuses an owner inserting any user as a member or owner', async () => {
    for (const role of ['viewer', 'owner']) {
      const answer = await t.userGraphql(
        owner,
        'mutation ($w: uuid!, $u: uuid!, $r: workspace_roles_enum!) { insert_workspace_members_one(object: {workspace_id: $w, user_id: $u, role: $r}) { role } }',
        { w: lab, u: outsider.id, r: role },
      )
      expect(answer.errors).toBeDefined()
    }
    expect(await roleOf(outsider.id)).toBeNull()
  })
})

describe('invitations', () => {
  it('lets only owners invite and see invitations', async () => {
    expect((await invite(editor, 'x@example.com')).errors).toBeDefined()
    expect((await invite(viewer, 'x@example.com')).errors).toBeDefined()
    expect((await invite(outsider, 'x@example.com')).errors).toBeDefined()
    const made = await invite(owner, 'x@example.com')
    expect(made.errors).toBeUndefined()
    const list = (u: StorageUser) =>
      t.userGraphql(u, 'query { invitations { email } }').then((a) => (a.data!.invitations as unknown[]).length)
    expect(await list(owner)).toBeGreaterThan(0)
    expect(await list(editor)).toBe(0)
    expect(await list(outsider)).toBe(0)
  })

  it('refuses a malformed email and a second pending invitation to the same address', async () => {
    const bad = await invite(owner, 'not-an-email')
    expect(JSON.stringify(bad.errors)).toContain('invitations_email_format')
    await invite(owner, 'twice@example.com')
    expect((await invite(owner, 'TWICE@example.com')).errors).toBeDefined()
  })

  it('makes the invitee a member with the invitation role, once', async () => {
    const invitee = await t.signUp('invitee@example.com')
    const { data } = await invite(owner, 'Invitee@Example.com', 'viewer')
    const { token } = data!.insert_invitations_one as { token: string }
    expect((await accept(null, token)).status).toBe(401)
    const wrong = await accept(outsider, token)
    expect([wrong.status, wrong.body.error.code]).toEqual([403, 'invitation/wrong-account'])
    const ok = await accept(invitee, token)
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ workspace: { id: lab, slug: 'lab' }, role: 'viewer' })
    expect(await roleOf(invitee.id)).toBe('viewer')
    const again = await accept(invitee, token)
    expect([again.status, again.body.error.code]).toEqual([410, 'invitation/accepted'])
  })

  it('refuses revoked, expired and unknown invitations', async () => {
    const late = await t.signUp('late@example.com')
    const revoked = (await invite(owner, 'late@example.com')).data!.insert_invitations_one as { id: string; token: string }
    expect(
      (
        await t.userGraphql(
          editor,
          'mutation ($id: uuid!) { update_invitations_by_pk(pk_columns: {id: $id}, _set: {status: "revoked"}) { id } }',
          { id: revoked.id },
        )
      ).data!.update_invitations_by_pk,
    ).toBeNull()
    const byOwner = await t.userGraphql(
      owner,
      'mutation ($id: uuid!) { update_invitations_by_pk(pk_columns: {id: $id}, _set: {status: "revoked"}) { status } }',
      { id: revoked.id },
    )
    expect(byOwner.data!.update_invitations_by_pk).toEqual({ status: 'revoked' })
    expect((await accept(late, revoked.token)).body.error.code).toBe('invitation/revoked')
    // An owner cannot accept on someone's behalf, nor revive a revoked invitation.
    const revive = await t.userGraphql(
      owner,
      'mutation ($id: uuid!) { update_invitations_by_pk(pk_columns: {id: $id}, _set: {status: "pending"}) { status } }',
      { id: revoked.id },
    )
    expect(revive.data!.update_invitations_by_pk).toBeNull()

    const old = (await invite(owner, 'late@example.com')).data!.insert_invitations_one as { id: string; token: string }
    await t.adminGraphql(
      'mutation ($id: uuid!) { update_invitations_by_pk(pk_columns: {id: $id}, _set: {expires_at: "2020-01-01T00:00:00Z"}) { id } }',
      { id: old.id },
    )
    const expired = await accept(late, old.token)
    expect([expired.status, expired.body.error.code]).toEqual([410, 'invitation/expired'])
    expect((await accept(late, 'nope')).status).toBe(404)
    expect((await accept(late, 42)).status).toBe(400)
    expect(await roleOf(late.id)).toBeNull()
  })
})

describe('members', () => {
  it('lets owners change roles and remove members, keeps the last owner, and refuses others', async () => {
    const setRole = (u: StorageUser, target: string, role: string) =>
      t.userGraphql(
        u,
        'mutation ($w: uuid!, $u: uuid!, $r: workspace_roles_enum!) { update_workspace_members_by_pk(pk_columns: {workspace_id: $w, user_id: $u}, _set: {role: $r}) { role } }',
        { w: lab, u: target, r: role },
      )
    expect((await setRole(editor, viewer.id, 'owner')).data!.update_workspace_members_by_pk).toBeNull()
    expect((await setRole(owner, viewer.id, 'editor')).data!.update_workspace_members_by_pk).toEqual({ role: 'editor' })
    expect(JSON.stringify((await setRole(owner, owner.id, 'viewer')).errors)).toContain('workspace_members_last_owner')
    await setRole(owner, viewer.id, 'viewer')
  })
})
