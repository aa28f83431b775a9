import { afterAll, beforeAll, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * An invitee accepting and an owner revoking at the same moment: whichever wins, the invitation's
 * status and the membership agree (accepted with a member, or revoked with none). The accept's
 * membership is created by the update that moves the invitation out of `pending`
 * (invitations_accepted_add_member), so a revoke that commits first leaves nobody behind.
 */
const ROUNDS = 20

let t: StorageTestBackend
let owner: StorageUser
let invitee: StorageUser
let lab: string

beforeAll(async () => {
  t = await startStorageTestBackend({ env: { PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '60000' } })
  owner = await t.signUp('ada@example.com')
  invitee = await t.signUp('vic@example.com')
  lab = await t.createWorkspace(owner, 'lab')
}, 240_000)

afterAll(async () => {
  await t?.stop()
})

it(`keeps status and membership in agreement over ${ROUNDS} concurrent accepts and revokes`, async () => {
  const outcomes = { accepted: 0, revoked: 0 }
  for (let round = 0; round < ROUNDS; round++) {
    const invited = await t.userGraphql(
      owner,
      'mutation ($w: uuid!) { insert_invitations_one(object: {workspace_id: $w, email: "vic@example.com", role: viewer}) { id token } }',
      { w: lab },
    )
    const { id, token } = (invited.data as { insert_invitations_one: { id: string; token: string } }).insert_invitations_one
    const accept = fetch(`${t.url}/v1/functions/invitations/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${invitee.token}` },
      body: JSON.stringify({ token }),
    })
    const revoke = t.userGraphql(
      owner,
      'mutation ($id: uuid!) { update_invitations_by_pk(pk_columns: {id: $id}, _set: {status: "revoked"}) { id } }',
      {
        id,
      },
    )
    const [accepted, revoked] = await Promise.all([accept, revoke])
    const state = await t.adminGraphql<{ invitations_by_pk: { status: string }; workspace_members_by_pk: { role: string } | null }>(
      'query ($id: uuid!, $w: uuid!, $u: uuid!) { invitations_by_pk(id: $id) { status } workspace_members_by_pk(workspace_id: $w, user_id: $u) { role } }',
      { id, w: lab, u: invitee.id },
    )
    const status = state.invitations_by_pk.status
    expect({ round, status, member: state.workspace_members_by_pk !== null }).toEqual({ round, status, member: status === 'accepted' })
    // Each side's answer says who won.
    expect(accepted.status).toBe(status === 'accepted' ? 200 : 410)
    expect(revoked.data?.update_invitations_by_pk === null).toBe(status === 'accepted')
    outcomes[status as 'accepted' | 'revoked']++
    if (status === 'accepted') {
      await t.adminGraphql('mutation ($w: uuid!, $u: uuid!) { delete_workspace_members_by_pk(workspace_id: $w, user_id: $u) { role } }', {
        w: lab,
        u: invitee.id,
      })
    }
  }
  expect(outcomes.accepted + outcomes.revoked).toBe(ROUNDS)
}, 600_000)
