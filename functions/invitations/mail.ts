import type { Request, Response } from 'express'
import { adminGraphql } from '../_lib/graphql.ts'
import { invitationMail } from '../_lib/invitation-mail.ts'
import { requiredEnv } from '../_lib/required-env.ts'
import { sendError } from '../_lib/send-error.ts'
import { appUrl, sendMail } from '../_lib/send-mail.ts'

interface Invitation {
  email: string
  role: string
  status: string
  token: string
  expires_at: string
  workspace: { name: string }
  inviter: { displayName: string } | null
}

/**
 * POST /invitations/mail: the event trigger `invitation_mail` (on insert into invitations) calls
 * it with Hasura's event payload. It mails the invitee the `/invite/:token` link, read afresh, so
 * that an invitation revoked or expired before the event is delivered sends nothing. Failures
 * answer 500 and the trigger retries (at least once: a retry after a lost answer mails again).
 */
export default async function mailInvitation(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') return sendError(res, 405, 'request/method', 'Use POST.')
  if (req.headers['x-pulseboard-webhook-secret'] !== requiredEnv('NHOST_WEBHOOK_SECRET')) {
    return sendError(res, 401, 'permission/denied', 'Only the invitation_mail event trigger calls this function.')
  }
  const id = (req.body as { event?: { data?: { new?: { id?: unknown } } } } | undefined)?.event?.data?.new?.id
  if (typeof id !== 'string') return sendError(res, 400, 'validation/failed', 'event.data.new.id: expected an invitation id.')
  const { invitations_by_pk: invitation } = await adminGraphql<{ invitations_by_pk: Invitation | null }>(
    'query ($id: uuid!) { invitations_by_pk(id: $id) { email role status token expires_at workspace { name } inviter { displayName } } }',
    { id },
  )
  if (!invitation || invitation.status !== 'pending' || Date.parse(invitation.expires_at) <= Date.now()) {
    res.json({ sent: false, status: invitation ? invitation.status : 'deleted' })
    return
  }
  await sendMail(
    invitationMail({
      email: invitation.email,
      role: invitation.role,
      workspaceName: invitation.workspace.name,
      inviterName: invitation.inviter?.displayName ?? null,
      link: `${appUrl()}/invite/${invitation.token}`,
      expiresAt: invitation.expires_at,
    }),
  )
  res.json({ sent: true })
}
