import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestBackend, type StorageTestBackend, type StorageUser } from '../support/storage-test-backend.ts'

/**
 * Invitations by mail (issue 24 item 6): inviting someone mails them the link, through the event
 * trigger invitation_mail and the function invitations/mail, into the development outbox; the
 * link in the mail accepts the invitation. A revoked invitation is not mailed.
 */
interface OutboxMail {
  to: string
  subject: string
  html: string
  template: string
  data: { link?: string }
}

let t: StorageTestBackend
let owner: StorageUser
let workspaceId: string

const outbox = (to: string) =>
  fetch(`${t.url}/auth/v1/_dev/outbox?to=${encodeURIComponent(to)}`, { headers: { 'x-hasura-admin-secret': t.adminSecret } })
    .then((r) => r.json() as Promise<{ messages: OutboxMail[] }>)
    .then((answer) => answer.messages)

/** The first invitation mail to `to`, waiting for the event trigger (on a loaded machine, its first tries can time out while the workers load the functions; it retries every 30 s). */
async function invitationMailTo(to: string): Promise<OutboxMail> {
  for (let waited = 0; waited < 240_000; waited += 500) {
    const mail = (await outbox(to)).find((m) => m.template === 'invitation')
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`no invitation mail to ${to} within 240 s`)
}

async function invite(email: string, role = 'editor') {
  const answer = await t.userGraphql(
    owner,
    'mutation ($w: uuid!, $e: String!, $r: workspace_roles_enum!) { insert_invitations_one(object: {workspace_id: $w, email: $e, role: $r}) { id token } }',
    { w: workspaceId, e: email, r: role },
  )
  expect(answer.errors).toBeUndefined()
  return answer.data!.insert_invitations_one as { id: string; token: string }
}

const callMailFunction = (invitationId: string, secret: string) =>
  fetch(`${t.url}/functions/v1/invitations/mail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-pulseboard-webhook-secret': secret },
    body: JSON.stringify({
      event: { op: 'INSERT', data: { old: null, new: { id: invitationId } } },
      table: { schema: 'public', name: 'invitations' },
    }),
  })

beforeAll(async () => {
  // Workers load the functions in the background; on a loaded machine the first calls wait longer
  // than the default limit for them.
  t = await startStorageTestBackend({ env: { PULSEBOARD_FUNCTIONS_TIME_LIMIT_MS: '60000' } })
  owner = await t.signUp('owner@example.com')
  await t.adminGraphql('mutation ($id: uuid!) { updateUser(pk_columns: {id: $id}, _set: {displayName: "Olga <Owner>"}) { id } }', {
    id: owner.id,
  })
  workspaceId = await t.createWorkspace(owner, 'greenhouse')
  // The workers load the functions in the background, slowly on a busy machine (at a lower CPU
  // priority): wait until the mail function answers, so that the trigger's first try finds it.
  for (let waited = 0; (await callMailFunction(randomUUID(), 'not-the-secret')).status !== 401; waited += 1000) {
    if (waited > 300_000) throw new Error('the functions did not load within 300 s')
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}, 420_000)

afterAll(async () => {
  await t?.stop()
})

describe('invitation mail', { timeout: 300_000 }, () => {
  it('mails the invitee a link that accepts the invitation', async () => {
    const { token } = await invite('New.Person@example.com', 'editor')
    const mail = await invitationMailTo('new.person@example.com')
    expect(mail.to).toBe('New.Person@example.com')
    expect(mail.subject).toBe('You are invited to greenhouse on Pulseboard')
    expect(mail.html).toContain('Olga &lt;Owner&gt; invites you to join <strong>greenhouse</strong>')
    expect(mail.data.link).toBe(`${t.url}/invite/${token}`)
    expect(mail.html).toContain(`href="${mail.data.link}"`)

    // The invitee signs up and follows the link: the app's /invite/:token posts its token.
    const invitee = await t.signUp('new.person@example.com')
    const linkToken = new URL(mail.data.link!).pathname.split('/').pop()
    const accepted = await fetch(`${t.url}/functions/v1/invitations/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${invitee.token}` },
      body: JSON.stringify({ token: linkToken }),
    })
    expect(accepted.status).toBe(200)
    const { workspace_members } = await t.adminGraphql<{ workspace_members: { role: string }[] }>(
      'query ($w: uuid!, $u: uuid!) { workspace_members(where: {workspace_id: {_eq: $w}, user_id: {_eq: $u}}) { role } }',
      { w: workspaceId, u: invitee.id },
    )
    expect(workspace_members).toEqual([{ role: 'editor' }])
  })

  it('mails a new link when an owner invites again after revoking, and the old link says it was revoked', async () => {
    const first = await invite('again@example.com', 'viewer')
    const firstMail = await invitationMailTo('again@example.com')
    await t.userGraphql(
      owner,
      'mutation ($id: uuid!) { update_invitations_by_pk(pk_columns: {id: $id}, _set: {status: "revoked"}) { id } }',
      {
        id: first.id,
      },
    )
    const second = await invite('again@example.com', 'viewer')
    let mails: OutboxMail[] = []
    for (let waited = 0; waited < 240_000 && mails.length < 2; waited += 500) {
      mails = (await outbox('again@example.com')).filter((m) => m.template === 'invitation')
      if (mails.length < 2) await new Promise((resolve) => setTimeout(resolve, 500))
    }
    expect(mails.map((m) => m.data.link)).toEqual([`${t.url}/invite/${second.token}`, firstMail.data.link])
    const invitee = await t.signUp('again@example.com')
    const acceptToken = (token: string) =>
      fetch(`${t.url}/functions/v1/invitations/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${invitee.token}` },
        body: JSON.stringify({ token }),
      }).then(async (r) => [r.status, ((await r.json()) as { error?: { code: string } }).error?.code])
    expect(await acceptToken(first.token)).toEqual([410, 'invitation/revoked'])
    expect(await acceptToken(second.token)).toEqual([200, undefined])
  })

  it('sends nothing for an invitation revoked before its event is delivered', async () => {
    const { id } = await invite('gone@example.com')
    await t.userGraphql(
      owner,
      'mutation ($id: uuid!) { update_invitations_by_pk(pk_columns: {id: $id}, _set: {status: "revoked"}) { id } }',
      {
        id,
      },
    )
    const answer = await callMailFunction(id, t.backend.context.config.webhookSecret)
    expect(await answer.json()).toEqual({ sent: false, status: 'revoked' })
  })

  it('is called by the event trigger only, and the outbox takes mail with the admin secret only', async () => {
    const { id } = await invite('someone@example.com')
    expect((await callMailFunction(id, 'not-the-secret')).status).toBe(401)
    const post = (headers: Record<string, string>) =>
      fetch(`${t.url}/auth/v1/_dev/outbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ to: 'x@example.com', subject: 'Hi', html: '<p>hi</p>' }),
      })
    expect((await post({})).status).toBe(401)
    expect((await post({ 'x-hasura-admin-secret': t.adminSecret })).status).toBe(200)
    expect((await outbox('x@example.com')).map((m) => [m.subject, m.template])).toEqual([['Hi', 'function']])
  })
})
