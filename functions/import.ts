import type { Request, Response } from 'express'
import { adminGraphql, callerGraphql, GraphqlCallError } from './_lib/graphql.ts'
import { runCsvImport, type ImportJob } from './_lib/csv-import-run.ts'
import { sendError } from './_lib/send-error.ts'

/**
 * POST /v1/functions/import {importId} — starts (or retries) a CSV import and answers 202 at
 * once; the import runs on in this worker and its row shows the progress (SPEC §4, §7).
 * The caller must see the import; queuing a failed or stalled one again needs the editor's
 * update permission, checked by Hasura as the caller.
 */
interface CallerImport extends ImportJob {
  status: 'queued' | 'processing' | 'succeeded' | 'failed'
}

export default async function startImport(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') {
    res.set('allow', 'POST')
    return sendError(res, 405, 'validation/failed', 'Use POST.')
  }
  const authorization = req.headers.authorization
  if (!authorization?.startsWith('Bearer ')) return sendError(res, 401, 'session/expired', 'Sign in first.')
  const importId = (req.body as { importId?: unknown } | undefined)?.importId
  if (typeof importId !== 'string' || !/^[0-9a-f-]{36}$/i.test(importId))
    return sendError(res, 422, 'validation/failed', 'importId must be an import id.', { field: 'importId' })

  try {
    const { imports_by_pk: found } = await callerGraphql<{ imports_by_pk: CallerImport | null }>(
      authorization,
      'query ($id: uuid!) { imports_by_pk(id: $id) { id metric_id file_id status } }',
      { id: importId },
    )
    if (!found) return sendError(res, 404, 'not-found', 'No such import.')
    if (found.status === 'succeeded') return sendError(res, 409, 'validation/failed', 'This import has already succeeded.')
    if (found.status !== 'queued') await queueAgain(authorization, importId)
    if (!(await claim(importId))) return sendError(res, 409, 'validation/failed', 'This import is already running.')
    res.status(202).json({ id: importId, status: 'processing' })
    await runCsvImport(found)
  } catch (error) {
    if (res.headersSent) return console.error('import', importId, error)
    if (!(error instanceof GraphqlCallError)) throw error
    if (error.code === 'invalid-jwt' || error.code === 'invalid-headers')
      return sendError(res, 401, 'session/expired', 'Your session has expired. Sign in again.')
    if (/imports_status_transition/.test(error.message))
      return sendError(res, 409, 'validation/failed', 'This import is still running; retry it when it has stopped for 30 seconds.')
    return sendError(res, 403, 'permission/denied', 'Only an editor or owner of the workspace imports.')
  }
}

/** failed (or processing with a stale heartbeat) → queued, as the caller. */
async function queueAgain(authorization: string, id: string): Promise<void> {
  const { update_imports_by_pk: updated } = await callerGraphql<{ update_imports_by_pk: { id: string } | null }>(
    authorization,
    'mutation ($id: uuid!) { update_imports_by_pk(pk_columns: {id: $id}, _set: {status: "queued"}) { id } }',
    { id },
  )
  if (!updated) throw new GraphqlCallError([{ message: 'no update permission', extensions: { code: 'permission-error' } }])
}

/** queued → processing for exactly one caller; the counts start again from zero. */
async function claim(id: string): Promise<boolean> {
  const { update_imports: claimed } = await adminGraphql<{ update_imports: { affected_rows: number } }>(
    `mutation ($id: uuid!, $now: timestamptz!) { update_imports(where: {id: {_eq: $id}, status: {_eq: "queued"}},
      _set: {status: "processing", heartbeat_at: $now, bytes_read: 0, rows_total: 0, rows_imported: 0, rows_rejected: 0, errors: [], finished_at: null}) { affected_rows } }`,
    { id, now: new Date().toISOString() },
  )
  return claimed.affected_rows === 1
}
