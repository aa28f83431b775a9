import type { Request, Response } from 'express'
import { adminGraphql } from './_lib/graphql.ts'
import { signRoleJwt } from './_lib/hasura-jwt.ts'
import { sendError } from './_lib/send-error.ts'

/** A share session lasts as long as an access token (SPEC §9); the public view renews it. */
const SHARE_SESSION_SECONDS = 900

/**
 * POST /share-session {token}: a short session for role `share` that reads the one dashboard
 * shared with that token. The session carries the token itself (X-Hasura-Share-Token), so the
 * `share` permissions stop answering the moment the link is regenerated or revoked.
 */
export default async function shareSession(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') return sendError(res, 405, 'request/method', 'Use POST.')
  const token = (req.body as { token?: unknown } | undefined)?.token
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
    return sendError(res, 404, 'share/link-invalid', 'This share link is not valid or was revoked.')
  }
  const { dashboards } = await adminGraphql<{ dashboards: { id: string; title: string }[] }>(
    'query ($token: String!) { dashboards(where: {share_token: {_eq: $token}}) { id title } }',
    { token },
  )
  const dashboard = dashboards[0]
  if (!dashboard) return sendError(res, 404, 'share/link-invalid', 'This share link is not valid or was revoked.')
  const accessToken = await signRoleJwt(
    'share',
    { 'x-hasura-dashboard-id': dashboard.id, 'x-hasura-share-token': token },
    SHARE_SESSION_SECONDS,
  )
  res.json({ accessToken, accessTokenExpiresIn: SHARE_SESSION_SECONDS, dashboard })
}
