import { escapeHtml } from './escape-html.ts'
import type { Mail } from './send-mail.ts'

export interface InvitationMailInput {
  email: string
  role: string
  workspaceName: string
  inviterName: string | null
  link: string
  expiresAt: string
}

/** The mail an invitee receives: who invites them, to which workspace, as what, and the link. */
export function invitationMail(input: InvitationMailInput): Mail {
  const who = input.inviterName?.trim() || 'A workspace owner'
  // Names are user input: the subject is one line, the HTML escaped.
  const workspace = input.workspaceName.replace(/[\r\n]+/g, ' ')
  const expires = new Date(input.expiresAt).toUTCString()
  const article = /^[aeiou]/i.test(input.role) ? 'an' : 'a'
  return {
    to: input.email,
    subject: `You are invited to ${workspace} on Pulseboard`,
    template: 'invitation',
    text: `${who} invites you to join ${workspace} on Pulseboard as ${article} ${input.role}.\n\nAccept: ${input.link}\n\nSign in or create an account with ${input.email}. The link works until ${expires}.\n`,
    html: `<p>${escapeHtml(who)} invites you to join <strong>${escapeHtml(workspace)}</strong> on Pulseboard as ${article} ${escapeHtml(input.role)}.</p>
<p><a href="${escapeHtml(input.link)}">Accept the invitation</a></p>
<p>Sign in or create an account with ${escapeHtml(input.email)}. The link works until ${escapeHtml(expires)}.</p>
`,
  }
}
