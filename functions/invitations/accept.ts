import type { Request, Response } from 'express'
import { adminGraphql } from '../_lib/graphql.ts'
import { callerUserId } from '../_lib/hasura-jwt.ts'
import { sendError } from '../_lib/send-error.ts'

interface Invitation {
  id: string
  email: string
  role: string
  status: string
  expires_at: string
  workspace: { id: string; slug: string; name: string }
}

/**
 * POST /invitations/accept {token}: the signed-in user whose email the pending invitation names
 * becomes a member with its role; the invitation becomes accepted, in one statement.
 */
export default async function acceptInvitation(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') return sendError(res, 405, 'request/method', 'Use POST.')
  const userId = await callerUserId(req.headers.authorization)
  if (!userId) return sendError(res, 401, 'session/expired', 'Sign in to accept an invitation.')
  const token = (req.body as { token?: unknown } | undefined)?.token
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) {
    return sendError(res, 400, 'validation/failed', 'token: expected the invitation token from the link.')
  }
  const { invitations, user } = await adminGraphql<{ invitations: Invitation[]; user: { email: string | null } | null }>(
    `query ($token: String!, $userId: uuid!) {
      invitations(where: {token: {_eq: $token}}) { id email role status expires_at workspace { id slug name } }
      user(id: $userId) { email }
    }`,
    { token, userId },
  )
  const invitation = invitations[0]
  if (!invitation) return sendError(res, 404, 'invitation/not-found', 'This invitation link is not valid.')
  if (invitation.status === 'pending' && Date.parse(invitation.expires_at) <= Date.now()) {
    await adminGraphql('mutation ($id: uuid!) { update_invitations_by_pk(pk_columns: {id: $id}, _set: {status: "expired"}) { id } }', {
      id: invitation.id,
    })
    invitation.status = 'expired'
  }
  if (invitation.status !== 'pending') {
    return sendError(res, 410, `invitation/${invitation.status}`, `This invitation is ${invitation.status}.`)
  }
  if (user?.email?.toLowerCase() !== invitation.email.toLowerCase()) {
    return sendError(res, 403, 'invitation/wrong-account', `This invitation is for ${invitation.email}; sign in with that address.`)
  }
  // Only the update that finds the invitation still pending accepts it, and the migration's trigger
  // invitations_accepted_add_member creates the membership in that update's transaction: when a
  // revoke commits first, nothing changes and nobody joins. An existing member keeps their role.
  const { update_invitations } = await adminGraphql<{ update_invitations: { affected_rows: number } }>(
    `mutation ($id: uuid!, $userId: uuid!) {
      update_invitations(where: {id: {_eq: $id}, status: {_eq: "pending"}}, _set: {status: "accepted", accepted_by: $userId}) { affected_rows }
    }`,
    { id: invitation.id, userId },
  )
  if (update_invitations.affected_rows !== 1) {
    // Accepted, revoked or expired meanwhile: answer as if it had been so when the call came.
    const { invitations_by_pk: now } = await adminGraphql<{ invitations_by_pk: { status: string } }>(
      'query ($id: uuid!) { invitations_by_pk(id: $id) { status } }',
      { id: invitation.id },
    )
    return sendError(res, 410, `invitation/${now.status}`, `This invitation is ${now.status}.`)
  }
  res.json({ workspace: invitation.workspace, role: invitation.role })
}
