import type { Request, Response } from 'express'
import { callerGraphql, GraphqlCallError } from './_lib/graphql.ts'
import { sendError } from './_lib/send-error.ts'
import { hashIngestKey, INGEST_KEY_PREFIX_LENGTH, newIngestKey } from './_lib/ingest-key-hash.ts'

/**
 * POST /v1/functions/ingest-keys {workspaceId, name} — creates an ingest key and answers it once
 * (SPEC §7). The row is written as the caller, so Hasura's permission (owners only) decides.
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
  const authorization = req.headers.authorization
  if (!authorization?.startsWith('Bearer ')) return sendError(res, 401, 'session/expired', 'Sign in first.')
  const { workspaceId, name } = (req.body ?? {}) as { workspaceId?: unknown; name?: unknown }
  if (typeof workspaceId !== 'string' || !/^[0-9a-f-]{36}$/i.test(workspaceId))
    return sendError(res, 422, 'validation/failed', 'workspaceId must be a workspace id.', { field: 'workspaceId' })
  const trimmed = typeof name === 'string' ? name.trim() : ''
  if (trimmed.length < 1 || trimmed.length > 80)
    return sendError(res, 422, 'validation/failed', 'The name needs 1 to 80 characters.', { field: 'name' })

  const key = newIngestKey()
  try {
    const { insert_ingest_keys_one: created } = await callerGraphql<{ insert_ingest_keys_one: Created }>(
      authorization,
      'mutation ($o: ingest_keys_insert_input!) { insert_ingest_keys_one(object: $o) { id name prefix created_at } }',
      { o: { workspace_id: workspaceId, name: trimmed, prefix: key.slice(0, INGEST_KEY_PREFIX_LENGTH), key_hash: hashIngestKey(key) } },
    )
    res.status(201).json({ id: created.id, name: created.name, prefix: created.prefix, createdAt: created.created_at, key })
  } catch (error) {
    if (!(error instanceof GraphqlCallError)) throw error
    if (error.code === 'invalid-jwt' || error.code === 'invalid-headers')
      return sendError(res, 401, 'session/expired', 'Your session has expired. Sign in again.')
    return sendError(res, 403, 'permission/denied', 'Only an owner of the workspace creates ingest keys.')
  }
}
