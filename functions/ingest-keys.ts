import type { Request, Response } from 'express'
import { adminGraphql } from './_lib/graphql.ts'
import { callerUserId } from './_lib/hasura-jwt.ts'
import { sendError } from './_lib/send-error.ts'
import { hashIngestKey, INGEST_KEY_PREFIX_LENGTH, newIngestKey } from './_lib/ingest-key-hash.ts'

/**
 * POST /v1/functions/ingest-keys {workspaceId, name} — creates an ingest key and answers it once
 * (SPEC §7). Only this function writes keys, with the admin secret once it has found the caller
 * an owner of the workspace: no client can choose a key (or its hash) through GraphQL.
 */
interface Created {
  id: string
  name: string
  prefix: string
  created_at: string
}

export default async function ingestKeys(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') {
    res.set('allow', 'POST')
    return sendError(res, 405, 'validation/failed', 'Use POST.')
  }
  const userId = await callerUserId(req.headers.authorization)
  if (!userId) return sendError(res, 401, 'session/expired', 'Sign in first.')
  const { workspaceId, name } = (req.body ?? {}) as { workspaceId?: unknown; name?: unknown }
  if (typeof workspaceId !== 'string' || !/^[0-9a-f-]{36}$/i.test(workspaceId))
    return sendError(res, 422, 'validation/failed', 'workspaceId must be a workspace id.', { field: 'workspaceId' })
  const trimmed = typeof name === 'string' ? name.trim() : ''
  if (trimmed.length < 1 || trimmed.length > 80)
    return sendError(res, 422, 'validation/failed', 'The name needs 1 to 80 characters.', { field: 'name' })

  const { workspace_members_by_pk: membership } = await adminGraphql<{ workspace_members_by_pk: { role: string } | null }>(
    'query ($w: uuid!, $u: uuid!) { workspace_members_by_pk(workspace_id: $w, user_id: $u) { role } }',
    { w: workspaceId, u: userId },
  )
  if (membership?.role !== 'owner') return sendError(res, 403, 'permission/denied', 'Only an owner of the workspace creates ingest keys.')
  const key = newIngestKey()
  const { insert_ingest_keys_one: created } = await adminGraphql<{ insert_ingest_keys_one: Created }>(
    'mutation ($o: ingest_keys_insert_input!) { insert_ingest_keys_one(object: $o) { id name prefix created_at } }',
    {
      o: {
        workspace_id: workspaceId,
        created_by: userId,
        name: trimmed,
        prefix: key.slice(0, INGEST_KEY_PREFIX_LENGTH),
        key_hash: hashIngestKey(key),
      },
    },
  )
  res.status(201).json({ id: created.id, name: created.name, prefix: created.prefix, createdAt: created.created_at, key })
}
